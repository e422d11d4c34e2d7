import AkkordKit

/// The program's sentences in Danish: the prefixes of the lines on standard error, the errors,
/// hints, warnings and notes of the commands, the config views — every sentence whose English is
/// in `Sources/akkord`, kept here because the library never names a command, a hint or an exit
/// code. Rendered over the library's `Phrasebook` (`Phrase.said`); the same `en:`/`da:` pairs.
enum ProgramPhrasebook {
    static let danish: [String: String] = Phrasebook.entries(danishText)

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
en: the closest: {}
da: nærmeste: {1}
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
# Why an action on the store was refused (AkkordError)
en: cannot write standard output: {}
da: kan ikke skrive til standardoutput: {1}

# How the program words them, and its hints (ErrorWording)
en: … and {} more (akkord check lists every problem)
da: … og {1} flere (akkord check viser alle problemer)
en: line {} is priced from the catalogue; only custom lines take --price
da: linje {1} har sin pris fra kataloget; kun linjer tilføjet med --custom tager --price
en: create one with: akkord project new NAME, or pick one with: akkord project use ID
da: opret et med: akkord project new NAME, eller vælg et med: akkord project use ID
en: list projects with: akkord project list
da: se projekterne med: akkord project list
en: reopen it first with: akkord project reopen {}
da: genåbn det først med: akkord project reopen {1}
en: see the lines with: akkord lines
da: se linjerne med: akkord lines
en: remove it and add a custom line with: akkord add --custom NAME --unit U --price P QUANTITY
da: fjern den, og tilføj en linje med egen pris med: akkord add --custom NAME --unit U --price P QUANTITY
en: find it with: akkord catalogue search WORDS
da: find den med: akkord catalogue search WORDS
en: did you mean {}?
da: mente du {1}?
en: sections: {}
da: afsnit: {1}
en: add one with: akkord worker add NAME
da: tilføj en med: akkord worker add NAME
en: workers: {}
da: medarbejdere: {1}
en: use the worker's id: {}
da: brug medarbejderens id: {1}
en: remove those first (akkord hours list, akkord advance list), then the worker
da: fjern dem først (akkord hours list, akkord advance list), derefter medarbejderen
en: see them with: akkord {} list
da: se dem med: akkord {1} list
en: amounts, sums and shares must stay within ±{}
da: beløb, summer og andele skal holde sig inden for ±{1}
en: give the path of a file (-o - writes to standard output)
da: angiv stien til en fil (-o - skriver til standardoutput)
en: see the lines and their sections with: akkord lines
da: se linjerne og deres afsnit med: akkord lines
en: give the store's directory with --store DIR, or set AKKORD_HOME
da: angiv arkivets mappe med --store DIR, eller sæt AKKORD_HOME
en: see what was done with: akkord history
da: se hvad der er gjort med: akkord history
en: a project's first change (its creation), an import and changes older than the last {} cannot be undone; see akkord history
da: et projekts første ændring (oprettelsen), en import og ændringer ældre end de seneste {1} kan ikke fortrydes; se akkord history
en: the trash is empty
da: papirkurven er tom
en: in the trash: {}
da: i papirkurven: {1}
en: restore it under another id with --as NEW-ID, or delete {} first
da: gendan det under et andet id med --as NEW-ID, eller slet {1} først
en: give more of the id with -p
da: skriv mere af id'et med -p
en: try again when the other command has finished
da: prøv igen når den anden kommando er færdig
en: fix the file by hand (akkord does not change a file it cannot read); --lang or AKKORD_LANG, and --store or AKKORD_HOME, are used without reading it
da: ret filen i hånden (akkord ændrer ikke en fil, den ikke kan læse); --lang eller AKKORD_LANG og --store eller AKKORD_HOME bruges uden at læse den
en: edit {} by hand, or replace the link {} with a copy of the file
da: ret {1} i hånden, eller erstat linket {2} med en kopi af filen
en: edit the file it points to by hand, or replace the link {} with a copy of the file
da: ret filen, som linket peger på, i hånden, eller erstat linket {1} med en kopi af filen
en: set HOME, or XDG_CONFIG_HOME to an absolute path
da: sæt HOME, eller sæt XDG_CONFIG_HOME til en absolut sti
en: set HOME, or give the store as an absolute path: akkord config set store /path/to/store
da: sæt HOME, eller angiv arkivet som en absolut sti: akkord config set store /sti/til/arkiv

# Reading the command line (ArgumentParser, Arguments)
en: {} does not take a value
da: {1} tager ingen værdi
en: missing value for {} <{}>
da: mangler en værdi til {1} <{2}>
en: unknown option '{}'
da: ukendt tilvalg '{1}'
en: unknown command '{}'
da: ukendt kommando '{1}'
en: missing <{}>
da: mangler <{1}>
en: missing {}
da: mangler {1}
en: unexpected argument '{}'
da: uventet argument '{1}'
en: usage: {} (see 'akkord help{}')
da: brug: {1} (se 'akkord help{2}')
en: did you mean '{}'?
da: mente du '{1}'?
en: internal: the command reads {}, which it does not declare
da: intern fejl: kommandoen læser {1}, som den ikke erklærer

# Values on the command line (ValueParsers and the parsers of the commands)
en: {} is no date (day {} of month {} {} does not exist)
da: {1} er ikke en dato (dag {2} i måned {3} i år {4} findes ikke)
en: "{}" is not a project id (lowercase letters, digits and '-')
da: "{1}" er ikke et projekt-id (små bogstaver, cifre og '-')
en: {} is not a list of line ids like 1,3-5
da: {1} er ikke en liste af linje-id'er som 1,3-5
en: more than 10,000 line ids
da: mere end 10.000 linje-id'er
en: "{}" is not a whole number from {} to {}
da: "{1}" er ikke et helt tal fra {2} til {3}
en: "{}" is not an id
da: "{1}" er ikke et id
en: "{}" is not a line number
da: "{1}" er ikke et linjenummer
en: "{}" is not a language; use en or da
da: "{1}" er ikke et sprog; brug en eller da
en: "{}" is not json or csv
da: "{1}" er hverken json eller csv
en: "{}" is not one of {}
da: "{1}" er ikke en af {2}
en: "{}" is not one of project, worker, employer
da: "{1}" er ikke en af project|worker|employer
en: "{}" is not open, closed or all
da: "{1}" er ikke open|closed|all
en: "{}" is not bash, zsh or fish
da: "{1}" er ikke bash, zsh eller fish
en: "{}" is not open, finished, handed-in, approved, disputed, closed or all
da: "{1}" er ikke åben, færdig, afleveret, godkendt, indsigelse, lukket eller alle
en: project dispute needs --note saying what is disputed
da: en indsigelse kræver --note, der siger, hvad den gælder
en: record the end first: akkord project finish [--date YYYY-MM-DD]
da: registrér først slutdatoen: akkord project finish [--date ÅÅÅÅ-MM-DD]
en: record the hand-in first: akkord project hand-in [--date YYYY-MM-DD]
da: registrér først afleveringen: akkord project hand-in [--date ÅÅÅÅ-MM-DD]

# The environment and the output (CommandContext)
en: {} is not a number of seconds from 0 to 86400 (e.g. 10 or 2.5)
da: {1} er ikke et antal sekunder fra 0 til 86400 (f.eks. 10 eller 2.5)
en: {}; numbers are printed in en
da: {1}; tal skrives som på engelsk (en)

# add, edit
en: usage: akkord add --custom NAME --unit U --price P QUANTITY
da: brug: akkord add --custom NAME --unit U --price P QUANTITY
en: a custom line takes only <quantity>, not a pos
da: en linje med --custom tager kun <quantity>, ikke en pos.
en: missing <quantity>
da: mangler <quantity>
en: missing <pos>
da: mangler <pos>
en: missing <pos> and <quantity>
da: mangler <pos> og <quantity>
en: a custom line needs --unit and --price
da: en linje med --custom kræver --unit og --price
en: usage: akkord add POS QUANTITY
da: brug: akkord add POS QUANTITY
en: usage: akkord add POS QUANTITY (with no arguments on a terminal, add asks for them)
da: brug: akkord add POS QUANTITY (uden argumenter i en terminal spørger add efter dem)
en: {} goes with --custom; a catalogue line takes its unit and price from the catalogue
da: {1} hører til --custom; en linje fra kataloget tager enhed og pris fra kataloget
en: the pos comes first: akkord add {} {}
da: pos. kommer først: akkord add {1} {2}
en: nothing to change
da: intet at ændre
en: give --quantity, --note, --price, --date or --section
da: angiv --quantity, --note, --price, --date eller --section

# check
en: store {}: {}; {}
da: arkiv {1}: {2}; {3}
en: 1 problem
da: 1 problem
en: {} problems
da: {1} problemer
en: 1 leftover removed, the problems left as they are
da: 1 overskydende fil fjernet, problemerne er ikke rørt
en: {} leftovers removed, the problems left as they are
da: {1} overskydende filer fjernet, problemerne er ikke rørt

# config
en: unknown config key {}
da: ukendt indstilling {1}
en: the keys are {}
da: indstillingerne er {1}

# catalogue
en: is larger than {} MiB, the most a price list may be
da: er større end {1} MiB, det meste en prisliste må fylde
en: is {}, not a price list file
da: er {1}, ikke en prislistefil
en: cannot read {}
da: kan ikke læse {1}
en: has no activities; --replace would empty the catalogue
da: har ingen ydelser; --replace ville tømme kataloget
en: no activity matches "{}"
da: ingen ydelse passer på "{1}"
en: try fewer or shorter words
da: prøv med færre eller kortere ord

# supplement, extra, worker, advance
en: --amount 0 agrees nothing; a deduction is a negative amount
da: --amount 0 aftaler ingenting; et fradrag er et negativt beløb
en: give either --amount A, or --hours H with --rate R
da: angiv enten --amount A eller --hours H med --rate R
en: akkord extra add "Extra gutter" --amount 1.500
da: akkord extra add "Ekstra tagrende" --amount 1.500
en: an apprentice needs --rate (paid by the hour) or --weight (sharing the pool)
da: en lærling kræver --rate (timeløn) eller --weight (deler beløbet til fordeling)
en: akkord worker add NAME --apprentice --rate 145.50
da: akkord worker add NAME --apprentice --rate 145,50
en: --rate goes with --apprentice; journeymen share the pool by hours
da: --rate hører til --apprentice; svende deler puljen efter timer
en: give the AMOUNT, or --hours H with --rate R
da: angiv beløbet (AMOUNT), eller --hours H med --rate R
en: akkord advance add jens 5.000 or akkord advance add jens --hours 37,5 --rate 180
da: akkord advance add jens 5.000 eller akkord advance add jens --hours 37,5 --rate 180
en: an advance must be greater than zero; a negative one is a --correction of an earlier advance
da: en acontobetaling skal være større end nul; en negativ er en --correction af en tidligere acontobetaling
en: an advance of 0 records nothing
da: en acontobetaling på 0 registrerer ingenting

# project
en: 1 project file does not read; the other projects are listed above
da: 1 projektfil kan ikke læses; de andre projekter er vist ovenfor
en: {} project files do not read; the other projects are listed above
da: {1} projektfiler kan ikke læses; de andre projekter er vist ovenfor
en: akkord check lists every problem; akkord project delete ID --yes --force moves a damaged file to the trash
da: akkord check viser alle problemer; akkord project delete ID --yes --force flytter en beskadiget fil til papirkurven
en: give at least one of --name, --address, --employer, --customer, --start, --end, --note
da: angiv mindst ét af --name, --address, --employer, --customer, --start, --end, --note
en: deleting a project takes it out of akkord; add --yes to confirm
da: sletning tager projektet ud af akkord; tilføj --yes for at bekræfte
en: add --force to move the damaged file to the trash as it is
da: tilføj --force for at flytte den beskadigede fil til papirkurven, som den er
en: a bundle needs -o FILE
da: en projektpakke kræver -o FILE
en: akkord project export -o roof.akkord (or -o - for standard output)
da: akkord project export -o tag.akkord (eller -o - for standardoutput)
en: project "{}" in the store differs from the one in {}; nothing was imported
da: projektet "{1}" i arkivet er forskelligt fra det i {2}; intet blev importeret
en: add --replace to replace it (the stored version goes to the store's trash/), or --as ID to import it under another id
da: tilføj --replace for at erstatte det (den gemte udgave lægges i arkivets trash/), eller --as ID for at importere det under et andet id
en: … and {} more
da: … og {1} flere

# report, summary
en: -o "{}": the file's extension names no report format; use {} or {}
da: -o "{1}": filens endelse svarer ikke til noget format for opgørelsen; brug {2} eller {3}
en: or give the format: --format text|json|csv|html|pdf|xlsx
da: eller angiv formatet: --format text|json|csv|html|pdf|xlsx
en: a PDF report needs -o FILE
da: en opgørelse som PDF kræver -o FILE
en: an xlsx report needs -o FILE
da: en opgørelse som xlsx kræver -o FILE
en: akkord report --format {} -o accounting.{} (or -o - for standard output)
da: akkord report --format {1} -o opgørelse.{2} (eller -o - for standardoutput)
en: write the report as CSV or PDF instead: akkord report --format csv -o accounting.csv
da: skriv opgørelsen som CSV eller PDF i stedet: akkord report --format csv -o opgørelse.csv
en: --from {} is after --to {}
da: --from {1} ligger efter --to {2}
en: the period runs from --from to --to, both days included
da: perioden går fra --from til --to, begge dage medregnet
en: -o {}: cannot tell the format from the file's extension
da: -o {1}: kan ikke se formatet ud fra filens endelse
en: give --format text, json, csv or xlsx, or name the file .txt, .json, .csv or .xlsx
da: angiv --format text, json, csv eller xlsx, eller giv filen endelsen .txt, .json, .csv eller .xlsx
en: an xlsx summary needs -o FILE
da: en oversigt som xlsx kræver -o FILE
en: akkord summary --format xlsx -o summary.xlsx
da: akkord summary --format xlsx -o oversigt.xlsx
en: write the summary as CSV instead: akkord summary --format csv -o summary.csv
da: skriv oversigten som CSV i stedet: akkord summary --format csv -o oversigt.csv

# help
en: --man prints the manual of every command; leave out the command names
da: --man viser manualen for alle kommandoer; udelad kommandonavnene
en: no command '{}'
da: ingen kommando '{1}'
en: see 'akkord --help' for the list of commands
da: se 'akkord --help' for listen over kommandoer

# daywork
en: remove it first (akkord daywork list), then the worker
da: fjern den først (akkord daywork list), og derefter medarbejderen
en: daywork needs --rate
da: timeløn kræver --rate
en: akkord daywork add jens 7,5 --rate 250
da: akkord daywork add jens 7,5 --rate 250
en: "{}" is not daywork, sick, weather or other (dagløn, syg, vejrlig, andet)
da: "{1}" er ikke dagløn, syg, vejrlig eller andet

# store-wide settings (config --store-wide)
en: {} (store-wide)
da: {1} (fælles for arkivet)
en: {} = {} (store-wide)
da: {1} = {2} (fælles for arkivet)
en: store-wide: {}
da: fælles for arkivet: {1}
en: fix the store's settings.json by hand (akkord does not change a file it cannot read)
da: ret arkivets settings.json i hånden (akkord ændrer ikke en fil, den ikke kan læse)
en: set it for yourself with: akkord config set {} VALUE
da: sæt den for dig selv med: akkord config set {1} VÆRDI
# ── Weights in the team split (SPEC §16) ──
en: --rate or --weight: an apprentice is paid by the hour or shares the pool, not both
da: --rate eller --weight: en lærling får timeløn eller deler beløbet til fordeling, ikke begge dele
en: an apprentice sharing the pool at weight 1 is a journeyman; give a weight other than 1, or leave out --apprentice
da: en lærling, der deler beløbet til fordeling med vægt 1, er en svend; angiv en anden vægt end 1, eller udelad --apprentice
en: say what to change: --weight W
da: sig, hvad der skal ændres: --weight W
en: akkord worker edit jens --weight 0,8
da: akkord worker edit jens --weight 0,8
# Rounding in the handbook (SPEC §16)
en: type at least {}
da: skriv mindst {1}
# sync (SPEC §14)
en: "{}" is not mine or theirs (min or deres)
da: "{1}" er hverken min eller deres (mine eller theirs)
en: --dry-run and --keep do not go together
da: --dry-run og --keep kan ikke bruges sammen
en: akkord sync --dry-run shows the conflicts; akkord sync --keep mine|theirs settles them
da: akkord sync --dry-run viser konflikterne; akkord sync --keep min|deres afgør dem
en: committed 1 change
da: 1 ændring gemt i git
en: committed {} changes
da: {1} ændringer gemt i git
en: in: {}
da: ind: {1}
en: out: {}
da: ud: {1}
en: settled: {} → kept this machine's
da: afgjort: {1} → denne maskines beholdt
en: settled: {} → took the incoming
da: afgjort: {1} → den indkomne taget
en: dry run: nothing was changed
da: prøvekørsel: intet blev ændret
en: pushed to {}
da: sendt til {1}
en: nothing to sync: the store is the same as {}
da: intet at synkronisere: arkivet er det samme som {1}
en: the store {} is shared through git
da: arkivet {1} deles gennem git
en: made the store {} from {}
da: lavede arkivet {1} fra {2}
en: remote: {}
da: fjernarkiv: {1}
en: remote: none (akkord sync init REMOTE adds one)
da: fjernarkiv: intet (akkord sync init REMOTE tilføjer et)
en: commits: {} ahead, {} behind
da: commits: {1} foran, {2} bagud
en: not synced: no project
da: ikke synkroniseret: intet projekt
en: not synced: {}
da: ikke synkroniseret: {1}
en: last sync: {}
da: sidste synkronisering: {1}
en: last sync: never
da: sidste synkronisering: aldrig
en: other files not synced: {}
da: andre filer ikke synkroniseret: {1}
en: {}: new project, lines: {}; total {}
da: {1}: nyt projekt, linjer: {2}; i alt {3}
en: {}: deleted (moved to the trash); total was {}
da: {1}: slettet (lagt i papirkurven); i alt var {2}
en: {}: lines added {}, changed {}, removed {}; total {} → {}
da: {1}: linjer tilføjet {2}, ændret {3}, fjernet {4}; i alt {5} → {6}
en: {}: {} {}: here {}, incoming {}
da: {1}: {2} {3}: her {4}, indkommet {5}
en: install git 2.38 or later (Debian and Ubuntu: apt install git), then run the command again
da: installer git 2.38 eller nyere (Debian og Ubuntu: apt install git), og kør så kommandoen igen
en: check the remote (git -C STORE remote -v) and the network, then run akkord sync again
da: tjek fjernarkivet (git -C ARKIV remote -v) og netværket, og kør så akkord sync igen
en: share it with: akkord sync init [REMOTE], or make a store from the office's with: akkord sync clone REMOTE --store DIR
da: del det med: akkord sync init [REMOTE], eller lav et arkiv fra kontorets med: akkord sync clone REMOTE --store DIR
en: add the office's repository with: akkord sync init REMOTE
da: tilføj kontorets arkiv med: akkord sync init REMOTE
en: settle them with: akkord sync --keep mine (this machine's values) or --keep theirs (the incoming ones), with -p ID for one project
da: afgør dem med: akkord sync --keep min (denne maskines værdier) eller --keep deres (de indkomne), med -p ID for ét projekt
en: ask who pushed it to undo it on the office's repository; akkord writes only the store's own files
da: bed den, der sendte den, om at fortryde den i kontorets arkiv; akkord skriver kun arkivets egne filer
en: install the newer akkord the office uses
da: installer den nyere akkord, kontoret bruger
en: {} was made on both machines; left to 'akkord sync', which gives one of them another id
da: {1} er oprettet på begge maskiner; det overlades til 'akkord sync', som giver det ene et andet id
en: {}: 1 conflict; the file is left as it was
da: {1}: 1 konflikt; filen er efterladt, som den var
en: {}: {} conflicts; the file is left as it was
da: {1}: {2} konflikter; filen er efterladt, som den var
en: {}/{}/{}: this machine {}, incoming {}
da: {1}/{2}/{3}: denne maskine {4}, indkommet {5}
# an interrupted sync
en: run akkord sync to finish it, then the command again
da: kør akkord sync for at gøre den færdig, og derefter kommandoen igen
# office work (undo after a sync, the sync's own lock)
en: see what came in with: akkord history; a change made after the sync can be undone
da: se, hvad der kom ind, med: akkord history; en ændring lavet efter synkroniseringen kan fortrydes
en: run akkord sync again when it has finished; other commands work meanwhile
da: kør akkord sync igen, når den er færdig; andre kommandoer virker imens
"""#
}

extension Phrase {
    /// The sentence in `language`, from the program's phrasebook or else the library's.
    func said(_ language: Language, numbers: Language? = nil) -> String {
        Phrasebook.text(self, language, numbers: numbers, adding: language == .da ? ProgramPhrasebook.danish : [:])
    }
}
