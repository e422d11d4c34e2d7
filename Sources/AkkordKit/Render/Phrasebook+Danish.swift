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

# Numbers and values
en: a number is required, got an empty value
da: der skal stå et tal, men feltet er tomt
"""#
}
