extension Phrasebook {
    /// The library's sentences in Danish: errors of reading files and data, refused changes (see `Phrasebook`).
    static let danishLibraryText = #"""
# ── Files and the system (Support: FileIO, AtomicFile, TemporaryDirectory) ──
en: no such file
da: filen findes ikke
en: cannot {}: {}
da: kan ikke {1}: {2}
en: is {}, not a regular file
da: er {1}, ikke en almindelig fil
en: is larger than {}, the most akkord reads
da: er større end {1}, det meste akkord læser
en: {} bytes
da: {1} byte
en: a directory
da: en mappe
en: a device
da: en enhed
en: a FIFO (named pipe)
da: en FIFO (navngivet rør)
en: a socket
da: en socket
en: a symbolic link
da: et symbolsk link
en: a special file
da: en speciel fil
# What akkord could not do (`cannot {}: {}`)
en: read
da: læse
en: write
da: skrive
en: open
da: åbne
en: stat
da: læse filens oplysninger (stat)
en: create
da: oprette filen
en: fsync
da: skrive filen til disken (fsync)
en: close
da: lukke filen
en: rename
da: omdøbe filen
en: lock
da: låse
en: map
da: indlæse filen i hukommelsen (mmap)
en: open the lock
da: åbne låsefilen
en: open the directory to sync it
da: åbne mappen for at synkronisere den til disken
en: sync the directory
da: synkronisere mappen til disken
en: create a temporary directory
da: oprette en midlertidig mappe
en: {} is written, but its folder could not be synced to disk ({})
da: {1} er skrevet, men dens mappe kunne ikke synkroniseres til disken ({2})

# The system's own words (strerror, glibc), said in Danish
en: No such file or directory
da: filen eller mappen findes ikke
en: Permission denied
da: adgang nægtet
en: No space left on device
da: der er ikke mere plads på disken
en: Read-only file system
da: filsystemet er skrivebeskyttet
en: Is a directory
da: er en mappe
en: Not a directory
da: er ikke en mappe
en: File exists
da: filen findes allerede
en: Directory not empty
da: mappen er ikke tom
en: Too many levels of symbolic links
da: for mange niveauer af symbolske links
en: Input/output error
da: ind-/uddatafejl (I/O-fejl)
en: File name too long
da: filnavnet er for langt
en: Bad file descriptor
da: ugyldig fildeskriptor
en: Broken pipe
da: forbindelsen (pipe) er afbrudt
en: Disk quota exceeded
da: diskkvoten er overskredet
en: Too many open files
da: for mange åbne filer
en: Too many open files in system
da: for mange åbne filer i systemet
en: Operation not permitted
da: handlingen er ikke tilladt
en: File too large
da: filen er for stor
en: Device or resource busy
da: enheden eller ressourcen er optaget
en: Invalid cross-device link
da: kan ikke flytte en fil til et andet drev med et link

# ── Quoted values, JSON, base64, control characters, ZIP (Support) ──
en: {}…" ({} characters)
da: {1}…" ({2} tegn)
en: line {}, column {}: {}
da: linje {1}, kolonne {2}: {3}
en: not valid JSON: {}
da: ikke gyldig JSON: {1}
en: key {} appears twice
da: nøglen {1} står der to gange
en: nesting is too deep
da: for dybt indlejret
en: unexpected end of file
da: filen slutter for tidligt
en: unexpected character '{}'
da: uventet tegn '{1}'
en: unexpected byte 0x{}
da: uventet byte 0x{1}
en: unexpected text; expected a JSON value
da: uventet tekst; her skal stå en JSON-værdi
en: malformed number
da: forkert skrevet tal
en: a number with a leading zero
da: et tal med et foranstillet nul
en: control character inside a string
da: styretegn inde i en tekst
en: unpaired surrogate in \u escape
da: uparret surrogat i en \u-kode
en: invalid \u escape
da: ugyldig \u-kode
en: invalid escape '\{}'
da: ugyldig escape-kode '\{1}'
en: unterminated string
da: en tekst mangler sit afsluttende anførselstegn
en: expected an object
da: skal være et objekt
en: expected a key in quotes
da: her skal stå en nøgle i anførselstegn
en: expected ':' after key {}
da: der skal stå ':' efter nøglen {1}
en: unexpected end of file; expected ',' or '}'
da: filen slutter for tidligt; der mangler ',' eller '}'
en: expected ',' or '}'
da: her skal stå ',' eller '}'
en: expected an array
da: skal være en liste
en: unexpected end of file; expected ',' or ']'
da: filen slutter for tidligt; der mangler ',' eller ']'
en: expected ',' or ']'
da: her skal stå ',' eller ']'
en: text is not valid UTF-8
da: teksten er ikke gyldig UTF-8
en: unexpected text after the JSON value
da: uventet tekst efter JSON-værdien
en: expected a JSON object
da: skal være et JSON-objekt
en: expected a JSON object, got {}
da: skal være et JSON-objekt, men er {1}
# What a JSON value is (`… got {}`)
en: a boolean
da: en sandhedsværdi
en: a number
da: et tal
en: a string
da: en tekst
en: an array
da: en liste
en: an object
da: et objekt
# Reading a file's fields
en: is missing
da: mangler
en: expected a string, got {}
da: skal være en tekst, men er {1}
en: expected a whole number, got {}
da: skal være et helt tal, men er {1}
en: expected true or false, got {}
da: skal være true eller false, men er {1}
en: {} is not supported (this akkord reads version {})
da: {1} understøttes ikke (denne akkord læser version {2})
en: unknown field {}; did you mean "{}"?
da: ukendt felt {1}; mente du "{2}"?
en:  (known: {})
da:  (kendte: {1})
en: unknown field {}{}
da: ukendt felt {1}{2}
en: expected an array, got {}
da: skal være en liste, men er {1}
en: expected an object, got {}
da: skal være et objekt, men er {1}
# A file's problems, counted
en: {}: {} problems
da: {1}: {2} fejl
en: {}: {} problems; {}
da: {1}: {2} fejl; {3}
# base64 (a photo in an exported project)
en: its length ({} characters) is not a multiple of 4; base64 is written in groups of four
da: længden ({1} tegn) går ikke op i 4; base64 skrives i grupper på fire
en: padding '=' at character {} before the end
da: udfyldning '=' ved tegn {1} før slutningen
en: {} at character {} is not a base64 letter
da: {1} ved tegn {2} er ikke et base64-tegn
en: the last letter before the padding carries bits past the data; it is not how base64 writes these bytes
da: det sidste tegn før udfyldningen har bit ud over dataene; sådan skriver base64 ikke disse byte
# Control characters in a text
en: contains the control character {} (line feed); a line break is allowed only in notes
da: indeholder styretegnet {1} (linjeskift); linjeskift er kun tilladt i bemærkninger
en: contains the control character {} ({})
da: indeholder styretegnet {1} ({2})
en: contains the control character {}
da: indeholder styretegnet {1}
en: carriage return
da: vognretur
# ZIP (xlsx)
en: cannot put "{}" in a ZIP archive: the name is empty, absolute, too long or already used
da: kan ikke lægge "{1}" i et ZIP-arkiv: navnet er tomt, absolut, for langt eller allerede brugt
en: {} would be 4 GiB or more, more than a ZIP archive without ZIP64 holds
da: {1} ville fylde 4 GiB eller mere, mere end et ZIP-arkiv uden ZIP64 kan rumme
en: the archive would be 4 GiB or more, more than a ZIP archive without ZIP64 holds
da: arkivet ville fylde 4 GiB eller mere, mere end et ZIP-arkiv uden ZIP64 kan rumme
en: more than 65,535 entries, more than a ZIP archive without ZIP64 holds
da: flere end 65.535 filer, mere end et ZIP-arkiv uden ZIP64 kan rumme

# ── Refused actions (Model: AkkordError) ──
en: no current project
da: der er intet aktuelt projekt
en: no project "{}"
da: projektet "{1}" findes ikke
en: project "{}" is closed; it takes no changes
da: projektet "{1}" er lukket; det kan ikke ændres
en: project "{}" is already open
da: projektet "{1}" er allerede åbent
en: project "{}" is already closed
da: projektet "{1}" er allerede lukket
en: no line {} in project "{}"
da: ingen linje {1} i projektet "{2}"
en: line {} is priced from the catalogue; only custom lines take a new price
da: linje {1} er prissat fra kataloget; kun egne linjer kan få en ny pris
en: no activity with pos "{}" in the catalogue "{}"
da: ingen ydelse med pos.nr. "{1}" i kataloget "{2}"
en: no section "{}" in the catalogue
da: intet afsnit "{1}" i kataloget
en: "{}" matches several sections
da: "{1}" passer på flere afsnit
en: no worker "{}" on project "{}"
da: ingen medarbejder "{1}" på projektet "{2}"
en: "{}" matches several workers: {}
da: "{1}" passer på flere medarbejdere: {2}
en: worker {} has {} and {}; they would be lost
da: medarbejder {1} har {2} og {3}; de ville gå tabt
en: {} hours entry
da: {1} timeregistrering
en: {} hours entries
da: {1} timeregistreringer
en: {} advance
da: {1} aconto
en: {} advances
da: {1} acontobetalinger
en: no hours {} on project "{}"
da: ingen timeregistrering {1} på projektet "{2}"
en: no advance {} on project "{}"
da: ingen aconto {1} på projektet "{2}"
en: no supplement {} on project "{}"
da: intet tillæg {1} på projektet "{2}"
en: no extra work {} on project "{}"
da: intet ekstraarbejde {1} på projektet "{2}"
en: no photo {} on project "{}"
da: intet foto {1} på projektet "{2}"
en: the change would make project "{}" invalid, so nothing was changed: {}
da: ændringen ville gøre projektet "{1}" ugyldigt, så intet er ændret: {2}
en: the scope {} matches no line of the project
da: omfanget {1} passer ikke på nogen linje i projektet
en: section {}
da: afsnit {1}
en: sections {}
da: afsnittene {1}
en: line {}
da: linje {1}
en: lines {}
da: linjerne {1}
en: {} and {}
da: {1} og {2}
en: cannot read {}: {}
da: kan ikke læse {1}: {2}
en: cannot write {}: {}
da: kan ikke skrive {1}: {2}
en: no store at {}
da: der er intet arkiv i {1}
en: {} is inside the store {}; write reports and exports elsewhere
da: {1} ligger inde i arkivet {2}; skriv rapporter og eksporter et andet sted
en: -o {} is {}, not a regular file; akkord writes only regular files
da: -o {1} er {2}, ikke en almindelig fil; akkord skriver kun almindelige filer
en: project "{}" has no change left to undo
da: projektet "{1}" har ingen ændring tilbage at fortryde
en: cannot undo {} "{}" on project "{}": the project as it was before it was not kept in this store
da: kan ikke fortryde {1} "{2}" på projektet "{3}": projektet, som det var før, er ikke gemt i dette arkiv
en: no project "{}" in the trash
da: intet projekt "{1}" i papirkurven
en: a project "{}" exists already
da: der findes allerede et projekt "{1}"
en: "{}" is the beginning of {} project ids: {}{}
da: "{1}" er begyndelsen på {2} projekt-id'er: {3}{4}

# ── Values and texts (Model: Catalogue, Config, DecimalText, Measurement) ──
en: must not be empty
da: må ikke være tom
en: {} is longer than 64 characters
da: {1} er længere end 64 tegn
en: {} contains '|', which separates keywords
da: {1} indeholder '|', som adskiller søgeord
en: {} has spaces around it
da: {1} har mellemrum omkring sig
en: pos must not be empty
da: pos.nr. må ikke være tomt
en: pos {} is longer than 32 characters
da: pos.nr. {1} er længere end 32 tegn
en: pos {} must start with a letter or digit
da: pos.nr. {1} skal begynde med et bogstav eller et ciffer
en: pos {} contains {}; only letters, digits, '.', '-' and '/' are allowed
da: pos.nr. {1} indeholder {2}; kun bogstaver, cifre, '.', '-' og '/' er tilladt
en: {} is not a date; write YYYY-MM-DD
da: {1} er ikke en dato; skriv YYYY-MM-DD
en: {} is longer than {} characters
da: {1} er længere end {2} tegn
# Config values
en: en or da
da: "en" eller "da"
en: an absolute path or one starting with ~/
da: en absolut sti eller en sti der begynder med ~/
en: true or false
da: true eller false
en: a whole number from {} to {}
da: et helt tal fra {1} til {2}
en: a whole number
da: et helt tal
en: {} is not {}
da: {1} er ikke {2}
en: {} is not true or false (yes/no, ja/nej and 1/0 are taken too)
da: {1} er hverken true eller false (yes/no, ja/nej og 1/0 kan også bruges)
en: {} is a relative path; give {}
da: {1} er en relativ sti; angiv {2}
en: is not a language; use en or da
da: er ikke et sprog; brug "en" eller "da"
# Numbers as typed
en: {} is not a number
da: {1} er ikke et tal
en: {} is not a number (exponents are not accepted; write the digits out)
da: {1} er ikke et tal (eksponenter kan ikke bruges; skriv cifrene ud)
en: {} has more than 1 fraction digit
da: {1} har mere end 1 decimal
en: {} has more than {} fraction digits
da: {1} har mere end {2} decimaler
en: {} is too large (at most {})
da: {1} er for stort (højst {2})
en: {} must not be negative
da: {1} må ikke være negativ
en: {} must be greater than zero
da: {1} skal være større end nul
en: {} is outside {}
da: {1} ligger uden for {2}
en: {} is not a time: write hours as 7.5, 7,5 or 7:30
da: {1} er ikke en tid: skriv timer som 7,5, 7.5 eller 7:30
en: expected a number or a string, got {}
da: skal være et tal eller en tekst, men er {1}
# Measurements (`2x3,5`)
en: a measurement is required, got an empty value
da: der skal stå en opmåling, men feltet er tomt
en: {} is too long: a measurement is at most {} characters
da: {1} er for lang: en opmåling er højst {2} tegn
en: {} is a number, not a measurement (no operator)
da: {1} er et tal, ikke en opmåling (ingen regneoperator)
en: {}: unexpected {} at character {}
da: {1}: uventet {2} ved tegn {3}
en: {}: ends where a number or "(" is needed
da: {1}: slutter hvor der skal stå et tal eller "("
en: {}: at character {}, {}
da: {1}: ved tegn {2}, {3}
en: {}: the "(" at character {} is not closed
da: {1}: "(" ved tegn {2} bliver ikke lukket
en: {}: the ")" at character {} closes no "("
da: {1}: ")" ved tegn {2} lukker ingen "("
en: {}: parentheses nested more than {} deep at character {}
da: {1}: parenteser inde i hinanden i mere end {2} lag ved tegn {3}
en: {}: division by zero at character {}
da: {1}: division med nul ved tegn {2}
en: {}: a value along the way has too many digits to compute exactly
da: {1}: et mellemresultat har for mange cifre til at regne nøjagtigt
en: {} is {}; a quantity must be greater than zero
da: {1} giver {2}; en mængde skal være større end nul
en: {} is {}, which is 0 at 3 decimals; a quantity must be greater than zero
da: {1} giver {2}, som er 0 med 3 decimaler; en mængde skal være større end nul
en: {} is {}, too large (at most {})
da: {1} giver {2}, for stort (højst {3})

# ── Photos (Model: PhotoImage; Store: PhotoStore) ──
en: is a HEIC/HEIF image (an iPhone's usual format), not a JPEG or PNG; export it as JPEG (on the iPhone: Settings › Camera › Formats › Most Compatible, or share the photo as JPEG)
da: er et HEIC/HEIF-billede (en iPhones sædvanlige format), ikke JPEG eller PNG; eksportér det som JPEG (på iPhonen: Indstillinger › Kamera › Formater › Mest kompatibel, eller del fotoet som JPEG)
en: is not a JPEG or PNG image (checked by its bytes, not its name)
da: er ikke et JPEG- eller PNG-billede (kontrolleret ud fra indholdet, ikke navnet)
en: the JPEG ends before its end marker (EOI); the file is probably cut short
da: JPEG-filen slutter før sin slutmarkør (EOI); filen er nok afkortet
en: the JPEG has stray data at byte {}, where a marker should be
da: JPEG-filen har løse data ved byte {1}, hvor der skulle være en markør
en: the JPEG ends (EOI at byte {}) without any image data (SOS)
da: JPEG-filen slutter (EOI ved byte {1}) uden billeddata (SOS)
en: the JPEG has a second start marker (SOI) at byte {}
da: JPEG-filen har en ekstra startmarkør (SOI) ved byte {1}
en: the JPEG's {} segment at byte {} has an impossible length ({})
da: JPEG-filens {1}-segment ved byte {2} har en umulig længde ({3})
en: the JPEG's {} segment at byte {} runs past the end of the file (it claims {} bytes, {} are left); the file is probably cut short
da: JPEG-filens {1}-segment ved byte {2} går ud over filens slutning (det angiver {3} byte, der er {4} tilbage); filen er nok afkortet
en: the JPEG has a second frame header ({}) at byte {}
da: JPEG-filen har et ekstra billedhoved ({1}) ved byte {2}
en: the JPEG's frame header ({}) at byte {} is too short
da: JPEG-filens billedhoved ({1}) ved byte {2} er for kort
en: the JPEG's frame header ({}) at byte {} is damaged: its length does not match its {} components
da: JPEG-filens billedhoved ({1}) ved byte {2} er beskadiget: længden passer ikke til dets {3} komponenter
en: the JPEG's frame header ({}) at byte {} gives a size of {} × {} pixels
da: JPEG-filens billedhoved ({1}) ved byte {2} angiver en størrelse på {3} × {4} pixel
en: the JPEG has {} colour components; akkord takes 1 (gray), 3 (colour) or 4 (CMYK)
da: JPEG-filen har {1} farvekomponenter; akkord tager 1 (gråtoner), 3 (farver) eller 4 (CMYK)
en: the JPEG has image data (SOS at byte {}) before its frame header (SOF)
da: JPEG-filen har billeddata (SOS ved byte {1}) før sit billedhoved (SOF)
en: the JPEG's scan header (SOS) at byte {} is damaged
da: JPEG-filens scanningshoved (SOS) ved byte {1} er beskadiget
en: the JPEG ends inside its image data, before its end marker (EOI); the file is probably cut short
da: JPEG-filen slutter midt i billeddataene, før slutmarkøren (EOI); filen er nok afkortet
en: PNG chunk {} at byte {}
da: PNG-blokken {1} ved byte {2}
en: PNG chunk at byte {}
da: PNG-blokken ved byte {1}
en: the PNG ends before its end chunk (IEND); the file is probably cut short
da: PNG-filen slutter før sin slutblok (IEND); filen er nok afkortet
en: {} runs past the end of the file (it claims {} bytes, {} are left); the file is probably cut short
da: {1} går ud over filens slutning (den angiver {2} byte, der er {3} tilbage); filen er nok afkortet
en: {} has a wrong CRC (its bytes are damaged)
da: {1} har en forkert CRC (indholdet er beskadiget)
en: {} has a type that is not four letters
da: {1} har en type der ikke er fire bogstaver
en: the PNG does not start with its header chunk (IHDR)
da: PNG-filen begynder ikke med sin hovedblok (IHDR)
en: the PNG has a second header chunk (IHDR) at byte {}
da: PNG-filen har en ekstra hovedblok (IHDR) ved byte {1}
en: the PNG's header chunk (IHDR) is {} bytes long instead of 13
da: PNG-filens hovedblok (IHDR) er {1} byte lang i stedet for 13
en: the PNG's header (IHDR) gives a size of {} × {} pixels
da: PNG-filens hoved (IHDR) angiver en størrelse på {1} × {2} pixel
en: the PNG's header (IHDR) has an unknown colour type {}
da: PNG-filens hoved (IHDR) har en ukendt farvetype {1}
en: the PNG's header (IHDR) gives bit depth {}, which colour type {} cannot have
da: PNG-filens hoved (IHDR) angiver bitdybde {1}, som farvetype {2} ikke kan have
en: the PNG's header (IHDR) names an unknown compression, filter or interlace method
da: PNG-filens hoved (IHDR) angiver en ukendt komprimerings-, filter- eller interlace-metode
en: the PNG has a second palette (PLTE) at byte {}
da: PNG-filen har en ekstra palet (PLTE) ved byte {1}
en: the PNG's palette (PLTE) at byte {} comes after its image data
da: PNG-filens palet (PLTE) ved byte {1} kommer efter billeddataene
en: the PNG has a palette (PLTE) although its pixels are gray
da: PNG-filen har en palet (PLTE), selv om billedet er i gråtoner
en: the PNG's palette (PLTE) at byte {} has a wrong length ({})
da: PNG-filens palet (PLTE) ved byte {1} har en forkert længde ({2})
en: the PNG's image data (IDAT) is split by other chunks (again at byte {})
da: PNG-filens billeddata (IDAT) er delt af andre blokke (igen ved byte {1})
en: the PNG is a palette image without a palette (PLTE) before its image data
da: PNG-filen er et paletbillede uden en palet (PLTE) før billeddataene
en: the PNG has no image data (IDAT)
da: PNG-filen har ingen billeddata (IDAT)
en: the PNG's image data (IDAT) does not start like compressed (zlib) data
da: PNG-filens billeddata (IDAT) begynder ikke som komprimerede data (zlib)
en: the PNG's end chunk (IEND) at byte {} is not empty
da: PNG-filens slutblok (IEND) ved byte {1} er ikke tom
en: the PNG has a chunk that akkord does not know and may not skip: {}
da: PNG-filen har en blok som akkord ikke kender og ikke må springe over: {1}
# Why a PDF cannot show a photo
en: arithmetic-coded JPEG
da: aritmetisk kodet JPEG
en: {}-bit PNG
da: {1}-bit PNG
en: interlaced PNG
da: interlaced PNG (linjefletning)
en: PNG with transparency (alpha)
da: PNG med gennemsigtighed (alfa)
en: palette PNG
da: PNG med palet
# A photo file to add
en: is larger than 25 MiB, the most a photo may be
da: er større end 25 MiB, det meste et foto må fylde
en: is {}, not a photo file
da: er {1}, ikke en fotofil
en: not a stored photo name
da: ikke et navn på et gemt foto

# ── A project's rules (Model: ProjectRules, ProjectLines) ──
en: changed while akkord was reading them (another program wrote the file in place); run the command again
da: blev ændret mens akkord læste dem (et andet program skrev i filen); kør kommandoen igen
en: id {} must be 1 or more
da: id {1} skal være 1 eller mere
en: duplicate id {}
da: id {1} findes to gange
en: id {} is not below nextIds.{}
da: id {1} er ikke under nextIds.{2}
en: id {} is not below nextIds.line
da: id {1} er ikke under nextIds.line
en: {} is not a valid project id
da: {1} er ikke et gyldigt projekt-id
en: "{}" is not a valid worker id
da: "{1}" er ikke et gyldigt medarbejder-id
en: duplicate worker id "{}"
da: medarbejder-id'et "{1}" findes to gange
en: an apprentice needs an hourly rate, or a weight to share the pool with
da: en lærling skal have en timeløn eller en vægt at dele beløbet til fordeling med
en: must not be negative
da: må ikke være negativ
en: no worker "{}"
da: ingen medarbejder "{1}"
en: must be greater than zero
da: skal være større end nul
en: worker {}'s hours add up to more than {} h
da: timerne for medarbejder {1} bliver i alt mere end {2} t
en: must not be zero
da: må ikke være nul
en: must be greater than zero (a negative advance is a correction)
da: skal være større end nul (en negativ aconto er en rettelse)
en: hours and rate go together
da: timer og timesats skal angives sammen
en: is {} but hours × rate is {}
da: er {1}, men timer × timesats er {2}
en: worker {}'s advances add up to more than {}
da: acontobetalingerne til medarbejder {1} bliver i alt mere end {2}
en: {} is outside -100 … 1000
da: {1} ligger uden for -100 … 1000
en: the total would be more than {}
da: beløbet i alt ville blive mere end {1}
en: must not be zero (a negative amount is an agreed deduction)
da: må ikke være nul (et negativt beløb er et aftalt fradrag)
en: apprentice pay adds up to more than {}
da: lærlingelønnen bliver i alt mere end {1}
en: is {}; an undo can only take back an earlier entry (0–{})
da: er {1}; en fortrydelse kan kun tage en tidligere post tilbage (0–{2})
en: entry {} is itself an undo; undos are not undone
da: post {1} er selv en fortrydelse; fortrydelser fortrydes ikke
en: entry {} was already undone
da: post {1} er allerede fortrudt
en: "{}" is not a stored photo name
da: "{1}" er ikke et navn på et gemt foto
en: {} does not give the quantity {}
da: {1} giver ikke mængden {2}
en: {} is not a measurement
da: {1} er ikke en opmåling
en: {} is larger than the largest amount akkord keeps ({})
da: {1} er større end det største beløb akkord kan gemme ({2})
en: the lines add up to more than the largest amount akkord keeps ({})
da: linjerne giver i alt mere end det største beløb akkord kan gemme ({1})

# ── Sums beyond what akkord keeps (Model: Sum; Accounting) ──
en: {} adds up to more than the largest amount akkord keeps
da: {1} bliver i alt mere end det største beløb akkord kan gemme
en: {} of the summary is too large to add up exactly
da: {1} i oversigten bliver for stort til at lægge nøjagtigt sammen
en: lines
da: linjerne
en: the total
da: beløbet i alt
en: hours of {}
da: timerne for {1}
en: advances of {}
da: acontobetalingerne til {1}
en: the apprentice pay
da: lærlingelønnen
en: the pool
da: beløbet til fordeling
en: the journeyman hours
da: svendetimerne
en: the balance of {}
da: beløbet til udbetaling for {1}
en: the base of supplements[{}]
da: grundlaget for supplements[{1}]
en: an employer's journeyman hours
da: en arbejdsgivers svendetimer
en: an employer's pool
da: en arbejdsgivers beløb til fordeling
en: an employer's total
da: en arbejdsgivers beløb i alt
en: an employer's apprentice pay
da: en arbejdsgivers lærlingeløn
en: a worker's hours
da: en medarbejders timer
en: a worker's shares
da: en medarbejders andele
en: a worker's advances
da: en medarbejders acontobetalinger
en: a worker's balance
da: en medarbejders beløb til udbetaling
en: the hours
da: timerne
en: the shares
da: andelene
en: the advances
da: acontobetalingerne
en: the balances
da: beløbene til udbetaling
en: the hourly earnings
da: timefortjenesten
# A summary's period
en: the period's first day: {}
da: periodens første dag: {1}
en: the period's last day: {}
da: periodens sidste dag: {1}
en: the period starts on {}, after it ends on {}
da: perioden begynder {1}, efter at den slutter {2}

# ── Price lists (Catalogue: CSV, JSON, regulation) ──
en: no header row; the first line must name the columns (pos, name, unit, price)
da: ingen overskriftsrække; første linje skal navngive kolonnerne (pos.nr., tekst, enhed, pris)
en: the file is empty; expected a header row
da: filen er tom; den skal begynde med en overskriftsrække
en: unknown column {}; known columns: pos, name, unit, price, section, note, keywords, rounding, minimum (or their Danish names)
da: ukendt kolonne {1}; kendte kolonner: pos.nr., tekst, enhed, pris, afsnit, bemærkning, søgeord, afrunding, minimum (eller de engelske navne)
en: column {} repeats the {} column
da: kolonnen {1} gentager kolonnen "{2}"
en: missing required column {}
da: den påkrævede kolonne mangler: {1}
en: missing required columns {}
da: de påkrævede kolonner mangler: {1}
en: {} cells, but the header has {} columns
da: {1} celler, men overskriften har {2} kolonner
en: name is empty
da: navnet er tomt
en: unit is empty
da: enheden er tom
en: name {}
da: navnet {1}
en: unit {}
da: enheden {1}
en: note {}
da: bemærkningen {1}
en: keyword {}
da: søgeordet {1}
en: price {} must not be negative
da: prisen {1} må ikke være negativ
en: price {}
da: prisen {1}
en: pos {} appears twice (also line {})
da: pos.nr. {1} står der to gange (også linje {2})
en: a quoted cell is not closed (a " is missing)
da: en celle i anførselstegn er ikke lukket (der mangler et ")
en: duplicate {} (also activities[{}])
da: {1} findes to gange (også activities[{2}])
en: is {}, expected {}
da: er {1}, skal være {2}
en: {} is not supported; akkord accounts in DKK
da: {1} understøttes ikke; akkord regner i DKK
en: expected an array of strings, got {}
da: skal være en liste af tekster, men er {1}
en: regulation by {}{} %
da: regulering med {1}{2} %
en: {} would become more than the largest price akkord keeps ({})
da: {1} ville blive mere end den største pris akkord kan gemme ({2})
en: nothing was changed
da: intet er ændret

# ── The store's files (Store) ──
# The config file
en: is {}, expected "{}"
da: er {1}, skal være "{2}"
en: expected {}, got {}
da: skal være {1}, men er {2}
en: cannot create the directory: {}
da: kan ikke oprette mappen: {1}
en: {} is a symbolic link to {}; akkord does not write through links
da: {1} er et symbolsk link til {2}; akkord skriver ikke gennem links
en: {} is a symbolic link; akkord does not write through links
da: {1} er et symbolsk link; akkord skriver ikke gennem links
en: the config file is busy: another akkord has held {} for {} s
da: konfigurationsfilen er optaget: en anden akkord har holdt {1} i {2} s
en: there is no place for the config file: neither XDG_CONFIG_HOME nor HOME is set to an absolute path
da: der er intet sted til konfigurationsfilen: hverken XDG_CONFIG_HOME eller HOME er sat til en absolut sti
en: {}: {} starts with ~/ but HOME is not set to an absolute path
da: {1}: {2} begynder med ~/, men HOME er ikke sat til en absolut sti
en: the lock file was removed or replaced while this command held it; nothing was written, run the command again
da: låsefilen blev fjernet eller udskiftet mens denne kommando holdt den; intet er skrevet, kør kommandoen igen
# Numbers as akkord stores them
en: expected a number as a string, got {}
da: skal være et tal skrevet som tekst, men er {1}
en: {} is not written as akkord writes numbers (digits, an optional '-' and '.', no leading zeros)
da: {1} er ikke skrevet som akkord skriver tal (cifre, eventuelt '-' og '.', ingen foranstillede nuller)
en: is {} but quantity × price is {}
da: er {1}, men mængde × pris er {2}
# Exported projects (bundles)
en: nothing was imported
da: intet er importeret
en: is {}, not a bundle file
da: er {1}, ikke en eksportfil
en: is larger than {}, the most a bundle may be
da: er større end {1}, det meste en eksportfil må fylde
en: expected a JSON object (a bundle), got {}
da: skal være et JSON-objekt (en eksportfil), men er {1}
en:  (a project file, not a bundle: a bundle is made by exporting the project)
da:  (en projektfil, ikke en eksportfil: en eksportfil laves ved at eksportere projektet)
en: is {}, expected {}{}
da: er {1}, skal være {2}{3}
en: {} appears twice (also photos[{}])
da: {1} står der to gange (også photos[{2}])
en: {} is not in the bundle's photos
da: {1} er ikke blandt eksportfilens fotos
en: {} is not used by the project
da: {1} bruges ikke af projektet
en: {} is not a photo file name (64 lowercase hex digits of its SHA-256, then .jpg or .png)
da: {1} er ikke et navn på en fotofil (64 små hexcifre fra dens SHA-256 og så .jpg eller .png)
en: {} is not a SHA-256 (64 lowercase hex digits)
da: {1} er ikke en SHA-256 (64 små hexcifre)
en: the photo is larger than 25 MiB, the most a photo may be
da: fotoet er større end 25 MiB, det meste et foto må fylde
en: is not strict base64: {}
da: er ikke korrekt base64: {1}
en: the photo's bytes do not match its sha256 and file name (they hash to {}); the photo was changed or damaged
da: fotoets indhold passer ikke til dets sha256 og filnavn (det giver {1}); fotoet er ændret eller beskadiget
en: {} does not match the photo's bytes (they hash to {})
da: {1} passer ikke til fotoets indhold (det giver {2})
en: {} is not the name of the photo's bytes (they hash to {})
da: {1} er ikke navnet på fotoets indhold (det giver {2})
en: {} says .{} but the photo is a {}
da: {1} siger .{2}, men fotoet er en {3}
en: is not a stored photo name
da: er ikke et navn på et gemt foto
en: is missing (project {} refers to it)
da: mangler (projektet {1} henviser til den)
en: its bytes are not what its name says (they hash to {}); the file was changed or damaged
da: indholdet er ikke hvad navnet siger (det giver {1}); filen er ændret eller beskadiget
# Project files
en: expected "all" or an object with sections and lines, got {}
da: skal være "all" eller et objekt med sections og lines, men er {1}
en: expected a string
da: skal være en tekst
en: expected a line id
da: skal være et linje-id
en: {} is not open or closed
da: {1} er hverken "open" eller "closed"
en: unknown counter (known: {})
da: ukendt tæller (kendte: {1})
en: expected a whole number ≥ 1
da: skal være et helt tal ≥ 1
en: give an amount or hours and a rate, not both
da: angiv et beløb eller timer og en timesats, ikke begge dele
en: is {} but the file has {} lines
da: er {1}, men filen har {2} linjer
en: is {} but the lines add up to {}
da: er {1}, men linjerne giver i alt {2}
en: id: is {} but the file is named {}.json
da: id: er {1}, men filen hedder {2}.json
# Reports written with -o
en: the folder {} does not exist
da: mappen {1} findes ikke
en: too many levels of symbolic links
da: for mange niveauer af symbolske links
# The store's folders, lock and check
en: is a symbolic link; akkord does not read or write through links in the store
da: er et symbolsk link; akkord læser og skriver ikke gennem links i arkivet
en: is {}, not a directory
da: er {1}, ikke en mappe
en: {}: photos[{}].file: {} is missing
da: {1}: photos[{2}].file: {3} mangler
en: {}: currentProject: no project "{}"
da: {1}: currentProject: projektet "{2}" findes ikke
en: id: is {}, not {}
da: id: er {1}, ikke {2}
en: {}: not a trash entry (<id>.json or <id>.<n>.json); akkord did not put it there
da: {1}: ikke en post i papirkurven (<id>.json eller <id>.<n>.json); akkord har ikke lagt den der
en: {}: is {}, not a regular file
da: {1}: er {2}, ikke en almindelig fil
en: {}: not a folder of undo steps (undo/<project id>/); akkord did not put it there
da: {1}: ikke en mappe med fortryd-trin (undo/<project id>/); akkord har ikke lagt den der
en: {}: not an undo step (<n>.json); akkord did not put it there
da: {1}: ikke et fortryd-trin (<n>.json); akkord har ikke lagt det der
en: {}: not a stored photo name (<sha256>.jpg or .png); akkord did not put it there
da: {1}: ikke et navn på et gemt foto (<sha256>.jpg eller .png); akkord har ikke lagt det der
en: {}: its bytes have SHA-256 {}, not the one in its name: the file was changed or replaced
da: {1}: indholdet har SHA-256 {2}, ikke den i navnet: filen er ændret eller udskiftet
en: {}: not a whole JPEG or PNG image: {}
da: {1}: ikke et helt JPEG- eller PNG-billede: {2}
en: is a symbolic link; akkord does not lock or write through links in the store
da: er et symbolsk link; akkord låser og skriver ikke gennem links i arkivet
en: was removed or replaced while this command held it; nothing was written, run the command again
da: blev fjernet eller udskiftet mens denne kommando holdt den; intet er skrevet, kør kommandoen igen
en: the store is busy: another akkord has held {} for {} s
da: arkivet er optaget: en anden akkord har holdt {1} i {2} s
en: is not a directory (a link?); akkord does not write through links in the store
da: er ikke en mappe (et link?); akkord skriver ikke gennem links i arkivet

# ── Changes and summaries (Workspace) ──
en: could not remove an old undo step: {}
da: et gammelt fortryd-trin kunne ikke fjernes: {1}
en: {} is not a project id (lowercase letters, digits and '-')
da: {1} er ikke et projekt-id (små bogstaver, cifre og '-')
en: a project file does not read, so a summary would be incomplete: {}
da: en projektfil kan ikke læses, så en oversigt ville være ufuldstændig: {1}
en: {} project files do not read, so a summary would be incomplete
da: {1} projektfiler kan ikke læses, så en oversigt ville være ufuldstændig

# ── Spreadsheets (Render: Workbook) ──
en: "{}" cannot name a sheet: 1–31 characters, none of [ ] : * ? / \, not starting or ending with ', and unique
da: "{1}" kan ikke være navn på et ark: 1–31 tegn, ingen af [ ] : * ? / \, ikke begynde eller slutte med ', og ikke brugt før
en: sheet {} would have more than {} rows, the most a spreadsheet holds
da: arket {1} ville få mere end {2} rækker, det meste et regneark kan rumme
en: sheet {} would have more than {} columns, the most a spreadsheet holds
da: arket {1} ville få mere end {2} kolonner, det meste et regneark kan rumme
en: cell {} would hold {} characters; a spreadsheet cell holds at most {}
da: cellen {1} ville indeholde {2} tegn; en celle i et regneark rummer højst {3}
en: the formula of cell {} would be {} characters; a spreadsheet formula has at most {}
da: formlen i cellen {1} ville blive på {2} tegn; en formel i et regneark har højst {3}

# ── The settlement's course (Model: SettlementCourse, Config) ──
en: project "{}" is not finished: it has no end date
da: projekt "{1}" er ikke færdigt: det har ingen slutdato
en: the settlement of project "{}" has not been handed in
da: opgørelsen for projekt "{1}" er ikke afleveret
en: the settlement of project "{}" was handed in on {}; it has no other end date now
da: opgørelsen for projekt "{1}" blev afleveret {2}; slutdatoen kan ikke længere ændres
en: project "{}" was already finished on {}
da: projekt "{1}" er allerede færdigt {2}
en: the settlement of project "{}" was already approved on {}
da: opgørelsen for projekt "{1}" blev allerede godkendt {2}
en: the settlement of project "{}" was already disputed on {}
da: der blev allerede gjort indsigelse mod opgørelsen for projekt "{1}" {2}
en: {} is before the {} date {}
da: {1} ligger før datoen for {2}, {3}
en: start
da: start
en: end
da: slut
en: hand-in
da: aflevering
en: a dispute needs a note saying what is disputed
da: en indsigelse skal have en bemærkning om, hvad den gælder
en: is set, but {} is not
da: er sat, men {1} er ikke
en: {} is before {} {}
da: {1} ligger før {2} {3}
en: is set, and so is approved: a settlement has one answer
da: er sat, og det er approved også: en opgørelse har ét svar
en: a number from 1 to 250 and workdays, days or weeks (15 workdays)
da: et tal fra 1 til 250 og arbejdsdage, dage eller uger (15 arbejdsdage)
en: days as MM-DD, separated by commas (06-05,12-24,12-31), or nothing
da: dage som MM-DD adskilt af kommaer (06-05,12-24,12-31), eller ingenting
en: {} is not a day as MM-DD (12-24)
da: {1} er ikke en dag som MM-DD (12-24)
en: {} is given twice
da: {1} er givet to gange
en: an array of MM-DD strings
da: en liste af MM-DD-tekster
# ── Daywork (SPEC §16) ──
en: {} is not daywork, sick, weather or other
da: {1} er ikke daywork, sick, weather eller other (dagløn, syg, vejrlig, andet)
en: worker {}'s daywork hours add up to more than {} h
da: timelønstimerne for medarbejder {1} bliver i alt mere end {2} t
en: the daywork adds up to more than {}
da: timelønnen bliver i alt mere end {1}
en: no daywork {} on project "{}"
da: ingen timeløn {1} på projekt "{2}"
en: worker {} has 1 daywork entry; it would be lost
da: medarbejder {1} har 1 registrering af timeløn; den ville gå tabt
en: worker {} has {} daywork entries; they would be lost
da: medarbejder {1} har {2} registreringer af timeløn; de ville gå tabt
en: the daywork hours of {}
da: timelønstimerne for {1}
en: the daywork of {}
da: timelønnen for {1}
en: the daywork hours
da: timelønstimerne
en: the daywork
da: timelønnen
# ── Store-wide settings (settings.json, SPEC §16) ──
en: {} is a personal setting; the store keeps only settlementDeadline, criticismDeadline, extraHolidays and holidayPay
da: {1} er en personlig indstilling; arkivet gemmer kun settlementDeadline, criticismDeadline, extraHolidays og holidayPay
# ── Weights in the team split, all piecework hours (SPEC §16) ──
en: must be greater than 0 (at most 2)
da: skal være større end 0 (højst 2)
en: an apprentice paid by the hour (rate) has no weight; give one or the other
da: en lærling på timeløn (rate) har ingen vægt; angiv det ene eller det andet
en: {} is an apprentice paid by the hour; only those who share the pool have a weight
da: {1} er lærling på timeløn; kun de, der deler beløbet til fordeling, har en vægt
en: {} is an apprentice who shares the pool by a weight; a weight of 1 would make him a journeyman
da: {1} er lærling og deler beløbet til fordeling med en vægt; en vægt på 1 ville gøre ham til svend
en: the piecework hours
da: akkordtimerne
en: the weighted hours
da: de vægtede timer
en: the total per piecework hour
da: kr. pr. akkordtime i alt
# ── Rounding in the handbook (SPEC §16): catalogue JSON and CSV, project files ──
en: expected an object with step and mode, got {}
da: skal være et objekt med step og mode, men er {1}
en: {} is not a rounding mode; write "up" or "half-up"
da: {1} er ikke en afrundingsmåde; skriv "up" eller "half-up"
en: {} is not a rounding; write a step and up or half-up (0.01 up, 0,01 op, 0,5 halv)
da: {1} er ikke en afrunding; skriv et trin og op eller halv (0,01 op, 0,5 halv, 0.01 up)
en: {} is not a rounding mode; write up or half-up (op or halv)
da: {1} er ikke en afrundingsmåde; skriv op eller halv (up eller half-up)
en: step {}
da: trinnet {1}
en: step {} must be greater than zero
da: trinnet {1} skal være større end nul
en: rounding {}
da: afrundingen {1}
en: minimum {}
da: minimum {1}
en: minimum {} must not be negative
da: minimum {1} må ikke være negativt
en: is the quantity; a line keeps it only when a rounding or minimum changed it
da: er mængden; en linje har den kun, når en afrunding eller et minimum ændrede den
en: {} rounded to a step of {} (pos {}) is more than the largest quantity akkord keeps ({})
da: {1} afrundet til trin på {2} (pos {3}) er mere end den største mængde, akkord gemmer ({4})
en: {} rounds to 0 at the step of {} (pos {}); the least quantity that counts is {}
da: {1} afrundes til 0 med trinnet {2} (pos {3}); den mindste mængde, der tæller, er {4}
# sync (SPEC §14)
en: git is not installed (no git on PATH)
da: git er ikke installeret (ingen git på PATH)
en: akkord needs git 2.38 or later; this is {}
da: akkord kræver git 2.38 eller nyere; dette er {1}
en: cannot run git: {}
da: kan ikke køre git: {1}
en: {} failed
da: {1} mislykkedes
en: {} failed: {}
da: {1} mislykkedes: {2}
en: no connection to {}: {}
da: ingen forbindelse til {1}: {2}
en: the office store has changes you do not have: run akkord sync
da: kontorets arkiv har ændringer, du ikke har: kør akkord sync
en: the store {} is not shared through git yet
da: arkivet {1} deles endnu ikke gennem git
en: the store has no remote (origin) to sync with
da: arkivet har intet fjernarkiv (origin) at synkronisere med
en: {} is not empty; a new store is made in a new or empty folder
da: {1} er ikke tom; et nyt arkiv laves i en ny eller tom mappe
en: refused the incoming commit {}: {} {}; nothing was changed
da: afviste den indkomne commit {1}: {2} {3}; intet blev ændret
en: sync stopped on 1 conflict; the store's files are as they were
da: synkroniseringen standsede ved 1 konflikt; arkivets filer er som før
en: sync stopped on {} conflicts; the store's files are as they were
da: synkroniseringen standsede ved {1} konflikter; arkivets filer er som før
en: is a symbolic link
da: er et symbolsk link
en: is not a plain file (mode {})
da: er ikke en almindelig fil (tilstand {1})
en: is outside the store's layout
da: ligger uden for arkivets opbygning
en: is changed away from akkord's
da: er ændret, så den ikke længere er akkords
en: is {}, but the file is {}
da: er {1}, men filen er {2}
en: does not match the SHA-256 in its name
da: passer ikke med SHA-256 i sit navn
en: project {} (made here) is now {}
da: projekt {1} (lavet her) er nu {2}
en: {}: {} {} (made here) is now {} {}
da: {1}: {2} {3} (lavet her) er nu {4} {5}
en: this store needs a newer akkord ({} requires store format {}; this akkord knows {})
da: dette arkiv kræver en nyere akkord ({1} kræver arkivformat {2}; denne akkord kender {3})
en: {} and {} are not versions of one project
da: {1} og {2} er ikke udgaver af ét projekt
en: the merge of project {}
da: fletningen af projekt {1}
en: nothing was merged
da: intet er flettet
en: kinds, from and to have one item each per renumbering
da: kinds, from og to har ét element hver for hver omnummerering
en: {} is not a kind of record with a number
da: {1} er ikke en slags post med et nummer
en: {} as both machines had it ({})
da: {1}, som begge maskiner havde den ({2})
en: {} as this machine has it ({})
da: {1}, som denne maskine har den ({2})
en: {} as it came in ({})
da: {1}, som den kom ind ({2})
# an interrupted sync
en: a sync was stopped while it merged; the store is not changed until it is finished
da: en synkronisering blev stoppet, mens den flettede; arkivet ændres ikke, før den er gjort færdig
# office work (config name, undo after a sync, clone, the sync's own lock)
en: one line of text of at most {} characters (your name as the office's history shows it)
da: én linje tekst på højst {1} tegn (dit navn, som kontorets historik viser det)
en: is {} characters long; at most {} are taken
da: er {1} tegn lang; højst {2} tages
en: contains a tab; a name is one line of text
da: indeholder en tabulator; et navn er én linje tekst
en: nothing to undo in {}: the sync on {} brought in changes from the office; earlier steps can no longer be undone
da: intet at fortryde i {1}: synkroniseringen {2} bragte ændringer ind fra kontoret; tidligere skridt kan ikke længere fortrydes
en: another akkord sync of this store is running: it has held {} for {} s
da: en anden synkronisering med akkord af dette arkiv er i gang: den har holdt {1} i {2} s
"""#
}
