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
