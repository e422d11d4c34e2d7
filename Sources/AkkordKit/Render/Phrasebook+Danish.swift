extension Phrasebook {
    /// Sentences of the library not in `Phrasebook+DanishLibrary.swift` (see `Phrasebook`).
    static let danishText = #"""

# Choosing and creating projects (-p, project use, project new)
en: no project is named or has an id beginning "{}"
da: intet projekt hedder eller har et id der begynder med "{1}"
en: a project "{}" exists already (made from the name "{}")
da: der findes allerede et projekt "{1}" (id'et er lavet af navnet "{2}")
en: the id "{}" (made from the name "{}") belongs to a deleted project in the trash
da: id'et "{1}" (lavet af navnet "{2}") tilhører et slettet projekt i papirkurven


# Numbers and values
en: a number is required, got an empty value
da: der skal stå et tal, men feltet er tomt
"""#
}
