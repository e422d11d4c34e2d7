extension Phrasebook {
    /// Every sentence of an error, hint, warning or note in Danish (see `Phrasebook`).
    static let danishText = #"""
# The words that start each line on standard error
en: error: 
da: fejl: 
en: hint: 
da: tip: 
en: warning: 
da: advarsel: 
en: note: 
da: bemærk: 

# Choosing and creating projects (-p, project use, project new)
en: no project is named or has an id beginning "{}"
da: intet projekt hedder eller har et id der begynder med "{1}"
en: the closest: {}
da: nærmeste: {1}
en: a project "{}" exists already (made from the name "{}")
da: der findes allerede et projekt "{1}" (id'et er lavet af navnet "{2}")
en: the id "{}" (made from the name "{}") belongs to a deleted project in the trash
da: id'et "{1}" (lavet af navnet "{2}") tilhører et slettet projekt i papirkurven
en: work on it with: akkord project use {}; or give the new project its own id with --id ID
da: arbejd videre på det med: akkord project use {1}; eller giv det nye projekt sit eget id med --id ID
en: bring it back with: akkord project restore {}; or give the new project its own id with --id ID
da: hent det tilbage med: akkord project restore {1}; eller giv det nye projekt sit eget id med --id ID

# The config commands' views
en: (not set)
da: (ikke sat)
en: {} (default)
da: {1} (standard)
en: {} ({}; the config file: {})
da: {1} ({2}; i konfigurationsfilen: {3})
en: unset {} (was {})
da: fjernede {1} (var {2})
en: {} was not set; nothing changed
da: {1} var ikke sat; intet er ændret
en: file: {}
da: fil: {1}
en: file: {} (not created yet)
da: fil: {1} (ikke oprettet endnu)
en: file: none (neither XDG_CONFIG_HOME nor HOME is set)
da: fil: ingen (hverken XDG_CONFIG_HOME eller HOME er sat)

# Numbers and values
en: a number is required, got an empty value
da: der skal stå et tal, men feltet er tomt
"""#
}
