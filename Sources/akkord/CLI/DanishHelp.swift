import AkkordKit

/// Every Danish text of the help, the manual page and the completion descriptions (SPEC §15):
/// the English stays in the command declarations (`Commands/*.swift`, `GlobalOptions`) and in
/// `HelpWords.english` / `ManPageWords.english`; the Danish is here, found by the command's path
/// below the root (`["project", "new"]`, `[]` for `akkord` itself) and the argument's declared
/// name (`--id`, `name`). `HelpTexts` looks them up. DanishHelpTests walks the declarations: every
/// command, argument and default needs its Danish text here, and an entry no declaration has
/// fails as stale.
///
/// Command names, option names, value names (`<pos>`) and option values (`json`, `en|da`) stay as
/// they are; so do example command lines, which are quoted ('akkord project list').
enum DanishHelp {
    struct CommandText: Sendable {
        let abstract: String
        /// Empty when the declaration has no discussion.
        var discussion: String = ""
        /// By the argument's declared name.
        var arguments: [String: ArgumentText] = [:]
    }

    struct ArgumentText: Sendable, ExpressibleByStringInterpolation {
        let help: String
        /// Given exactly when the declaration gives a default description.
        let defaultDescription: String?

        init(_ help: String, default defaultDescription: String? = nil) {
            self.help = help; self.defaultDescription = defaultDescription
        }
        init(stringLiteral help: String) { self.init(help) }
    }

    /// How a date may be written, for the help of every date option.
    private static let date = "DD.MM.ÅÅÅÅ eller ÅÅÅÅ-MM-DD"
    /// The help of a `--date` that is the day of a step, today unless given.
    private static let dayDefaultToday: ArgumentText = "Dagen, \(date) (standard: i dag)."
    private static let projectId: ArgumentText = "Projektets id (standard: -p eller det aktuelle projekt)."
    private static let workerId: ArgumentText = "Medarbejderens id eller en entydig begyndelse af navnet."
    private static let reportFormat = ArgumentText(
        "text, json, csv, html, pdf eller xlsx (pdf og xlsx kræver -o). Med -o bestemmer filens endelse formatet.", default: "text")
    private static let reportOutput: ArgumentText = """
        Skriv til denne fil i stedet for standardoutput (- er standardoutput); uden --format bestemmer endelsen \
        formatet (.txt, .json, .csv, .html, .htm, .pdf eller .xlsx).
        """
    private static let output: ArgumentText = "Skriv til denne fil i stedet for standardoutput (- er standardoutput)."
    private static let configKey: ArgumentText = "lang, store, holidayPay, deadlineWorkdays, 'name', settlementDeadline, criticismDeadline eller extraHolidays."
    private static let storeWide: ArgumentText = "Arkivets settings.json i stedet for din konfigurationsfil: settlementDeadline, criticismDeadline, extraHolidays og holidayPay, fælles for alle, der bruger arkivet."

    // MARK: the global options

    static let globalOptions: [String: ArgumentText] = [
        "--store": """
            Arkivets mappe (standard: $AKKORD_HOME, ellers store i konfigurationsfilen, ellers $XDG_DATA_HOME/akkord \
            eller ~/.local/share/akkord).
            """,
        "--project": "Projektet der arbejdes på: dets id, dets navn eller en entydig begyndelse af et af dem (standard: det aktuelle projekt).",
        "--lang": """
            Sprog i output, og hvordan tal læses og skrives: en 1,234.50 eller da 1.234,50 (standard: $AKKORD_LANG, \
            ellers lang i konfigurationsfilen, ellers locale; tal følger så dens land, så en_DK læser 1.200 som 1200).
            """,
        "--json": "Maskinlæsbart output i JSON.",
        "--no-color": "Ingen farver i output (som når NO_COLOR er sat).",
        "--help": "Vis hjælp.",
        "--version": "Vis versionen.",
    ]

    // MARK: the commands

    static let commands: [[String]: CommandText] = [
        rootCommands, catalogueCommands, projectCommands, lineCommands, teamCommands, settlementCommands, reportCommands, toolCommands,
        dayworkCommands,
    ].reduce(into: [:]) { all, part in all.merge(part) { first, _ in first } }

    private static let rootCommands: [[String]: CommandText] = [
        []: CommandText(abstract: "Akkordopgørelse for tagdækkere: prisliste, projekter og den endelige opgørelse."),
        ["demo"]: CommandText(
            abstract: "Skriv en komplet eksempel-opgørelse, lavet i et midlertidigt arkiv med den medfølgende prisliste.",
            discussion: """
                Dit eget arkiv bliver ikke rørt. --format og -o virker som i 'akkord report'. Til sidst står de \
                første kommandoer til at komme i gang med din egen akkord.
                """,
            arguments: ["--format": reportFormat, "--output": reportOutput]),
    ]

    private static let catalogueCommands: [[String]: CommandText] = [
        ["catalogue"]: CommandText(
            abstract: "Slå op i prislisten; importér og eksportér den.",
            discussion: "Den aktive prisliste er den, der er importeret i arkivet, hvis der er en, ellers det medfølgende eksempel."),
        ["catalogue", "info"]: CommandText(abstract: "Vis hvilken prisliste der er aktiv: navn, udgave, kilde, størrelse."),
        ["catalogue", "list"]: CommandText(
            abstract: "Vis ydelserne i rækkefølge efter pos.nr., afsnit for afsnit.",
            arguments: ["--section": "Kun dette afsnit (store og små bogstaver er lige gode; en entydig del af navnet er nok)."]),
        ["catalogue", "search"]: CommandText(
            abstract: "Find ydelser efter pos.nr. eller navn, bedste træf først.",
            discussion: """
                Store og små bogstaver og accenter er lige gode (aa finder å, ae finder æ, oe finder ø). Hvert ord skal \
                passe til et ord i navnet eller til pos.nr.: helt, som begyndelsen, som en del af et sammensat ord \
                (underfelt), eller, for ord på fire bogstaver eller flere, med én tastefejl (undrfelt).
                """,
            arguments: ["terms": "Ord der skal søges efter.", "--limit": ArgumentText("Vis højst n ydelser.", default: "20")]),
        ["catalogue", "show"]: CommandText(
            abstract: "Vis én ydelse.",
            arguments: ["pos": "Ydelsens pos.nr., f.eks. 2.01."]),
        ["catalogue", "import"]: CommandText(
            abstract: "Hent en opdatering af prislisten ind fra JSON eller CSV (en fil, eller - for standardinput).",
            discussion: """
                Alt kontrolleres først; er der et problem, ændres intet, og hvert problem vises med sin placering \
                (fil:linje for CSV, en JSON-sti for JSON), afslutningskode 65. Uden --replace flettes filen ind: nye \
                ydelser tilføjes, ændrede opdateres, resten bevares. Med --replace er filen hele den nye prisliste. Den \
                erstattede prisliste gemmes i arkivets catalogue-history/. Projekterne ændres aldrig: deres linjer beholder \
                de priser, de blev tilføjet med. CSV: en overskriftsrække navngiver kolonnerne ("pos", "name", "unit", \
                "price", eventuelt "section" og "note", eller de danske navne), skilletegnet (; , eller tabulator) læses \
                fra overskriften, tegnsæt UTF-8 eller Windows-1252. Prislistens navn, udgave og gyldighed: --name, \
                --edition, --valid-from, ellers JSON-filens, ellers den nuværende prislistes.
                """,
            arguments: [
                "file": "Filen der skal importeres, eller - for at læse standardinput.",
                "--format": "Filens format (standard: ud fra endelsen, ellers ud fra indholdet).",
                "--replace": "Filen er hele prislisten: ydelser, der ikke står i den, fjernes.",
                "--dry-run": "Vis hver ændring (pos., felt, før → efter) uden at skrive noget.",
                "--name": "Prislistens navn.",
                "--edition": "Prislistens udgave, f.eks. 2026-2.",
                "--valid-from": "Datoen priserne gælder fra, \(date).",
            ]),
        ["catalogue", "export"]: CommandText(
            abstract: "Skriv den aktive prisliste som JSON eller CSV.",
            discussion: """
                CSV følger --lang: en bruger ',' og decimalpunktum, da bruger ';' og decimalkomma. Importeres en eksport, \
                ændres intet.
                """,
            arguments: ["--format": ArgumentText("Outputformat.", default: "json"), "--output": output]),
        ["catalogue", "regulate"]: CommandText(
            abstract: "Lav en ny udgave af prislisten, hvor hver pris er ændret med en procentsats.",
            discussion: """
                Hver pris bliver pris × (1 + PROCENT/100), afrundet til øre (halve øre væk fra nul), så en pris med flere \
                decimaler afrundes selv ved 0 %. Den nye udgave hentes ind, som en import gør: oversigten tæller \
                ændringerne, --dry-run viser dem, og den erstattede prisliste gemmes i arkivets catalogue-history/. \
                Projekterne beholder deres priser indtil 'akkord project reprice'. En procentsats under -50 eller over \
                1000 afvises (afslutningskode 64); en pris, der ville vokse ud over den største pris, akkord kan gemme \
                (9.999.999,9999), afvises med sit pos.nr. (afslutningskode 65), og intet ændres.
                """,
            arguments: [
                "percent": "Ændringen i procent, \(CatalogueRegulation.percentRangeText), op til 3 decimaler: 1,4 eller -2.5.",
                "--edition": "Den nye udgave (standard: den nuværende med procentsatsen bagefter, f.eks. 2026-1+1.4%).",
                "--valid-from": "Datoen de nye priser gælder fra, \(date).",
                "--dry-run": "Vis hver ændring (pos., pris før → efter, ændring i %) uden at skrive noget.",
            ]),
    ]

    private static let projectCommands: [[String]: CommandText] = [
        ["project"]: CommandText(
            abstract: "Opret, vis, vælg, ret, gør op, afslut, slet og gendan projekter; flyt dem mellem maskiner som pakkefiler."),
        ["project", "new"]: CommandText(
            abstract: "Opret et projekt og gør det til det aktuelle.",
            discussion: """
                Id'et laves ud fra navnet (små bogstaver, æ→ae, ø→oe, å→aa, andre tegn bliver '-'). Et navn hvis \
                id et projekt allerede har, eller et projekt i papirkurven, afvises, så de næste linjer ikke havner \
                i et nyt, tomt projekt ved en fejl: arbejd videre på projektet med 'akkord project use', eller giv \
                det nye sit eget id med --id.
                """,
            arguments: [
                "name": "Projektets navn, f.eks. \"Vestergade 12, tag\".",
                "--id": "Projektets id (standard: lavet ud fra navnet).",
                "--address": "Bygningens adresse.",
                "--employer": "Det tagdækkerfirma, arbejdet udføres for.",
                "--customer": "Bygherren eller hovedentreprenøren.",
                "--start": "Første arbejdsdag, \(date).",
                "--note": "En bemærkning om projektet.",
            ]),
        ["project", "list"]: CommandText(
            abstract: "Vis projekterne med antal linjer, subtotal og frist for opgørelsen.",
            discussion: """
                Hvert projekts opgørelse har en tilstand: åben (arbejdet er i gang), færdig (arbejdet er slut: \
                opgørelsen skal afleveres settlementDeadline efter slutdatoen, standard 15 arbejdsdage), afleveret \
                (modparten kan gøre indsigelse indtil criticismDeadline efter afleveringen, standard 10 arbejdsdage), \
                godkendt (også 'godkendt (intet svar)', når fristen for indsigelse er gået uden svar), indsigelse og \
                lukket. Arbejdsdage er mandag–fredag undtagen helligdage og konfigurationens extraHolidays. Kolonnen \
                Frist viser den næste frist; '!' markerer en overskredet. --json tilføjer "due" (ÅÅÅÅ-MM-DD eller null), \
                "overdue", "state", "approvedByDefault", "end", "handedIn", "approved" og "disputed".
                """,
            arguments: [
                "--status": ArgumentText("""
                    Hvilke projekter der vises: åben (alle undtagen de lukkede), færdig, afleveret, godkendt, indsigelse, \
                    lukket eller alle; de engelske ord (open, finished …) tages også.
                    """, default: "all"),
                "--trash": "Vis i stedet de slettede projekter i arkivets papirkurv (hent et tilbage med 'akkord project restore').",
            ]),
        ["project", "use"]: CommandText(
            abstract: "Gør et projekt til det aktuelle.",
            arguments: ["id": "Projektets id eller navn, eller begyndelsen af et af dem (se 'akkord project list')."]),
        ["project", "show"]: CommandText(abstract: "Vis et projekts oplysninger.", arguments: ["id": projectId]),
        ["project", "edit"]: CommandText(
            abstract: "Ret et projekts navn, adresse, arbejdsgiver, bygherre, datoer eller bemærkning.",
            arguments: [
                "id": projectId,
                "--name": "Nyt navn (id'et bliver det samme).",
                "--address": "Bygningens adresse.",
                "--employer": "Det tagdækkerfirma, arbejdet udføres for.",
                "--customer": "Bygherren eller hovedentreprenøren.",
                "--start": "Første arbejdsdag, \(date).",
                "--note": "En bemærkning om projektet.",
                "--end": "Sidste arbejdsdag, \(date).",
            ]),
        ["project", "finish"]: CommandText(
            abstract: "Registrér dagen, hvor akkordarbejdet sluttede (projektets slutdato): opgørelsen skal afleveres fra den.",
            discussion: """
                Sætter slutdatoen (som 'project edit --end'); igen, før afleveringen, for at rette den. Opgørelsen skal \
                afleveres settlementDeadline efter den (standard 15 arbejdsdage; se 'akkord config').
                """,
            arguments: ["id": projectId, "--date": dayDefaultToday]),
        ["project", "hand-in"]: CommandText(
            abstract: "Registrér dagen, hvor opgørelsen blev afleveret til arbejdsgiveren.",
            discussion: """
                Modparten kan gøre indsigelse mod opgørelsen indtil criticismDeadline efter den (standard 10 arbejdsdage; \
                se 'akkord config'); en opgørelse uden svar inden da regnes for godkendt, og 'project list' viser den sådan.
                """,
            arguments: ["id": projectId, "--date": dayDefaultToday]),
        ["project", "approve"]: CommandText(
            abstract: "Registrér, at opgørelsen er godkendt.", arguments: ["id": projectId, "--date": dayDefaultToday]),
        ["project", "dispute"]: CommandText(
            abstract: "Registrér, at der er gjort indsigelse mod opgørelsen, og hvad den går ud på.",
            arguments: ["id": projectId, "--note": "Hvad indsigelsen gælder (skal gives).", "--date": dayDefaultToday]),
        ["project", "close"]: CommandText(
            abstract: "Afslut et projekt: det kan ikke ændres, før det bliver genåbnet.", arguments: ["id": projectId]),
        ["project", "reopen"]: CommandText(abstract: "Genåbn et afsluttet projekt.", arguments: ["id": projectId]),
        ["project", "delete"]: CommandText(
            abstract: "Slet et projekt: filen flyttes til arkivets papirkurv (mappen trash/).",
            discussion: """
                Filen gemmes uændret som trash/<id>.json (trash/<id>.2.json, … for de senere), så en sletning ved en \
                fejl ikke mister noget. En projektfil, der ikke kan læses, kan ikke vises eller ændres; --force flytter \
                den til papirkurven, som den er.
                """,
            arguments: [
                "id": "Projektets id.",
                "--yes": "Bekræft: projektet og dets historik forsvinder fra projektlisten.",
                "--force": "Flyt også en projektfil, der ikke kan læses (se 'akkord check').",
            ]),
        ["project", "restore"]: CommandText(
            abstract: "Hent et slettet projekt tilbage fra papirkurven og gør det til det aktuelle.",
            discussion: """
                Projektet kommer tilbage, som det var, da det blev slettet; gendannelsen skrives i dets historik, og \
                filen forlader papirkurven.
                """,
            arguments: [
                "id": """
                    Et projekt-id (dets nyeste plads i papirkurven) eller en plads i papirkurven (soender.2), se \
                    'akkord project list --trash'.
                    """,
                "--as": "Gendan det under dette id (når dets eget id er optaget).",
            ]),
        ["project", "reprice"]: CommandText(
            abstract: "Giv et åbent projekts linjer fra prislisten den aktive prislistes priser.",
            discussion: """
                Hver linje fra prislisten får prisen på ydelsen med samme pos.nr. i den aktive prisliste (efter \
                'akkord catalogue regulate' eller en import); beløbet følger med. Hver ændring vises (linje, pos., pris \
                før → efter, beløb før → efter) og skrives i projektets historik. Egne ydelser røres ikke; linjer, hvis \
                pos.nr. prislisten ikke længere har, vises og bevares, som de er. Et afsluttet projekt afvises.
                """,
            arguments: ["id": projectId, "--dry-run": "Vis hver ændring uden at skrive noget."]),
        ["project", "export"]: CommandText(
            abstract: "Skriv et projekt og dets fotos til én pakkefil (.akkord), der kan importeres på en anden maskine.",
            discussion: """
                Pakken er JSON: {"format": "akkord-bundle", "version": 1, "project": {projektfilen}, "photos": \
                [{"file", "sha256", "data" (base64)}]}, med hvert foto, projektet bruger, én gang. Det samme projekt \
                giver altid de samme bytes. Afsluttede projekter eksporteres også (og er stadig afsluttede efter \
                import). Med -o - går pakken til standardoutput (og --json skriver intet andet).
                """,
            arguments: [
                "id": projectId,
                "--output": "Pakkefilen der skal skrives (f.eks. tag.akkord), uden for arkivet; - skriver den til standardoutput.",
            ]),
        ["project", "import"]: CommandText(
            abstract: "Hent et projekt og dets fotos ind fra en pakkefil lavet med 'akkord project export'.",
            discussion: """
                Hele pakken kontrolleres først: JSON'en (ingen nøgle to gange, ingen ukendt nøgle), format og version, \
                projektet som en projektfil i et arkiv, hvert foto (streng base64, dets bytes mod dets sha256 og \
                filnavn, dets billedstruktur), og at fotoene er præcis dem, projektet bruger. Er der et problem, ændres \
                intet, og hvert problem vises med sin placering (afslutningskode 65). Et projekt, der er nyt for \
                arkivet, oprettes, som det blev eksporteret, og bliver det aktuelle projekt; står det samme projekt \
                allerede i arkivet, meldes det uændret, og intet skrives; et andet projekt under samme id afvises med \
                det, der er forskelligt (linjer tilføjet, fjernet, ændret; subtotal og i alt før → efter), \
                afslutningskode 1, medmindre --replace (et afsluttet projekt skal først genåbnes) eller --as ID er \
                givet. --replace og --as skrives i projektets historik.
                """,
            arguments: [
                "file": "Pakkefilen (.akkord), eller - for at læse standardinput.",
                "--as": "Gem projektet under dette id (dets id ændres) i stedet for dets eget.",
                "--replace": "Erstat en anden udgave, der er gemt under id'et; den gemte lægges i arkivets papirkurv (trash/).",
            ]),
    ]

    private static let lineCommands: [[String]: CommandText] = [
        ["add"]: CommandText(
            abstract: "Tilføj en ydelse til projektet: fra prislisten efter pos.nr., eller en egen ydelse.",
            discussion: """
                Enhedsprisen kopieres fra den aktive prisliste, når linjen tilføjes; en senere opdatering af \
                prislisten ændrer den ikke. Med --custom gives kun mængden: 'akkord add --custom "Ekstra lægte" --unit \
                lbm --price 25 12'. Uden argumenter i en terminal spørger akkord: skriv søgeord, vælg et træf ved dets \
                nummer, skriv mængden (også en opmåling), og linjen tilføjes; en tom linje afslutter.
                """,
            arguments: [
                "pos": "Ydelsens pos.nr. i prislisten (udelades med --custom).",
                "quantity": """
                    Hvor meget: 12,5 eller 12.5 (over nul, op til 3 decimaler), eller en opmåling som \
                    "12,4*8,2 - 1,2*0,9" (+ - * × / og parenteser; resultatet afrundes til 3 decimaler, og \
                    regnestykket gemmes på linjen).
                    """,
                "--custom": "Tilføj en ydelse, der ikke står i prislisten, med dette navn.",
                "--unit": "Enhed for en egen ydelse: m2, lbm, stk, m, kg, t eller din egen.",
                "--price": "Enhedspris for en egen ydelse.",
                "--note": "En bemærkning på linjen.",
                "--date": "Dato for arbejdet, \(date) (standard: i dag).",
                "--section": "Afsnittet linjen skal stå under (standard: ydelsens eget).",
            ]),
        ["lines"]: CommandText(abstract: "Vis projektets linjer med beløb og subtotal."),
        ["edit"]: CommandText(
            abstract: "Ret en linjes mængde, bemærkning, dato eller afsnit (og pris, for egne ydelser).",
            arguments: [
                "line": "Linjens id (se 'akkord lines').",
                "--quantity": "Ny mængde.",
                "--note": "Ny bemærkning (\"\" sletter den).",
                "--price": "Ny enhedspris; kun for egne ydelser, linjer fra prislisten beholder prisen fra da de blev tilføjet.",
                "--date": "Ny dato for arbejdet, \(date).",
                "--section": "Sæt linjen under dette afsnit (\"\" for intet); tillæg, der gælder afsnittene, følger linjen.",
            ]),
        ["remove"]: CommandText(
            abstract: "Fjern linjer fra projektet (deres id'er bruges ikke igen).",
            arguments: ["line": "Id'erne på de linjer, der skal fjernes."]),
        ["undo"]: CommandText(
            abstract: "Fortryd projektets sidste ændring: projektet bliver præcis, som det var før den.",
            discussion: """
                Gentages kommandoen, går den én ændring tilbage ad gangen (de sidste 25 ændringer i hvert projekt kan fortrydes). \
                Fortrydelsen skrives i historikken, som kun vokser, og id'er på linjer og poster gives aldrig ud igen. \
                En fortrydelse kan ikke fortrydes: foretag ændringen igen i stedet. Et afsluttet projekt skal først \
                genåbnes. Ændringen, der oprettede et projekt, og et projekt, som det blev importeret fra en pakkefil, \
                kan ikke fortrydes (brug 'akkord project delete'). I et arkiv, der deles gennem git, afslutter en \
                synkronisering, der bringer ændringer til et projekt ind, fortrydelsen af dets tidligere skridt ('akkord \
                undo' siger det); en ændring lavet efter synkroniseringen kan fortrydes.
                """,
            arguments: ["--dry-run": "Fortæl kun, hvad der ville blive fortrudt."]),
    ]

    private static let teamCommands: [[String]: CommandText] = [
        ["worker"]: CommandText(abstract: "Tagdækkerne på projektet: svende deler efter timer, lærlinge får timeløn."),
        ["worker", "add"]: CommandText(
            abstract: "Tilføj en medarbejder (en svend, medmindre --apprentice er givet).",
            discussion: """
                Medarbejderens id laves ud fra navnet; senere kommandoer tager id'et eller en entydig begyndelse af navnet. \
                Beløbet til fordeling deles efter timer × vægt: en aftalt fordeling som `--weight 0,8` tæller 8 af hver 10 \
                timer. En lærling får timeløn (`--apprentice --rate 145,50`) eller deler beløbet til fordeling med en \
                vægt (`--apprentice --weight 0,5`: hans timer tæller halvt som svendetimer).
                """,
            arguments: [
                "name": "Medarbejderens navn.",
                "--apprentice": "En lærling, der får timer × --rate betalt af beløbet i alt, før svendene deler, eller deler med --weight.",
                "--rate": "Lærlingens timeløn (med --apprentice, medmindre --weight).",
                "--weight": "Vægten af medarbejderens timer i fordelingen, over 0 og højst 2, op til 2 decimaler (standard 1).",
            ]),
        ["worker", "edit"]: CommandText(
            abstract: "Ændr en medarbejders vægt i sjakkets fordeling.",
            discussion: "Beløbet til fordeling deles efter timer × vægt; ændringen gemmes i projektets historik og kan fortrydes.",
            arguments: [
                "worker": workerId,
                "--weight": "Vægten af medarbejderens timer i fordelingen, over 0 og højst 2, op til 2 decimaler (1: ingen aftalt vægt).",
            ]),
        ["worker", "list"]: CommandText(abstract: "Vis medarbejderne med deres timer og aconto."),
        ["worker", "remove"]: CommandText(
            abstract: "Fjern en medarbejder, der hverken har timer eller aconto.", arguments: ["worker": workerId]),
        ["hours"]: CommandText(abstract: "Timer arbejdet på projektet, for hver medarbejder."),
        ["hours", "add"]: CommandText(
            abstract: "Registrér timer for en medarbejder.",
            arguments: [
                "worker": workerId,
                "hours": "Timer som 7,5 eller 7.5 eller 7:30; gemmes nøjagtigt (7:20 er 7 t 20 min).",
                "--date": dayDefaultToday,
                "--note": "En bemærkning.",
            ]),
        ["hours", "list"]: CommandText(abstract: "Vis timeregistreringerne."),
        ["hours", "remove"]: CommandText(
            abstract: "Fjern en timeregistrering.", arguments: ["id": "Registreringens id (se 'akkord hours list')."]),
        ["advance"]: CommandText(abstract: "Penge, der allerede er udbetalt til en medarbejder på forskud (aconto)."),
        ["advance", "add"]: CommandText(
            abstract: "Registrér aconto udbetalt til en medarbejder: et beløb, eller timer × en acontosats pr. time.",
            discussion: """
                Aconto betales som regel med en sats pr. time: `akkord advance add jens --hours 37,5 --rate 180` \
                registrerer 37,50 t × 180,00 = 6.750,00, med timerne og satsen gemt ved siden af beløbet. Når akkorden \
                giver mindre pr. time end den sats, siger opgørelsen det.
                """,
            arguments: [
                "worker": workerId,
                "amount": "Det udbetalte beløb, f.eks. 5.000,00 (eller --hours med --rate).",
                "--hours": "Timer betalt på forskud, med --rate: beløb = timer × sats, afrundet til øre.",
                "--rate": "Acontosatsen pr. time, med --hours.",
                "--correction": "En rettelse af en tidligere aconto; kun en rettelse må være negativ.",
                "--date": "Dagen, den blev udbetalt, \(date) (standard: i dag).",
                "--note": "En bemærkning.",
            ]),
        ["advance", "list"]: CommandText(abstract: "Vis acontobetalingerne."),
        ["advance", "remove"]: CommandText(
            abstract: "Fjern en acontobetaling.", arguments: ["id": "Acontobetalingens id (se 'akkord advance list')."]),
    ]

    private static let settlementCommands: [[String]: CommandText] = [
        ["supplement"]: CommandText(
            abstract: "Procenttillæg på linjernes subtotal (hvert beregnet af subtotalen og lagt til, ikke oven i hinanden)."),
        ["supplement", "add"]: CommandText(
            abstract: "Tilføj et tillæg: grundlag × procent / 100, afrundet til øre.",
            discussion: """
                Grundlaget er summen af beløbene på linjerne i tillæggets omfang: linjerne i de afsnit, --section \
                nævner, og de linjer, --lines nævner, eller hele subtotalen, når ingen af dem er givet. Et omfang, der \
                ikke rammer nogen linje, afvises (afslutningskode 1).
                """,
            arguments: [
                "name": "Hvad tillægget er for, f.eks. \"Vinter\".",
                "percent": "Procent fra -100 til 1000, op til 3 decimaler; negativ for et fradrag.",
                "--section": "Kun linjerne i dette afsnit (gentag for flere).",
                "--lines": "Kun disse linjer: id'er og intervaller, f.eks. 1,3-5.",
            ]),
        ["supplement", "list"]: CommandText(abstract: "Vis tillæggene med deres beløb."),
        ["supplement", "remove"]: CommandText(abstract: "Fjern et tillæg.", arguments: ["id": "Tillæggets id."]),
        ["extra"]: CommandText(abstract: "Aftalt ekstraarbejde (aftaleseddel): et aftalt beløb, eller timer × sats."),
        ["extra", "add"]: CommandText(
            abstract: "Tilføj aftalt ekstraarbejde, eller et aftalt fradrag (et negativt --amount).",
            arguments: [
                "text": "Hvad der er aftalt.",
                "--amount": "Det aftalte beløb; negativt for et aftalt fradrag.",
                "--hours": "Timer (7,5 eller 7:30), med --rate.",
                "--rate": "Timepris, med --hours.",
                "--number": "Aftalesedlens nummer; står i hver opgørelse.",
                "--date": "Aftalens dato, \(date).",
            ]),
        ["extra", "list"]: CommandText(abstract: "Vis det aftalte ekstraarbejde."),
        ["extra", "remove"]: CommandText(abstract: "Fjern aftalt ekstraarbejde.", arguments: ["id": "Dets id."]),
        ["photo"]: CommandText(abstract: "Fotos af arbejdet, gemt som dokumentation og vist i bilaget til PDF-opgørelsen."),
        ["photo", "add"]: CommandText(
            abstract: "Tilføj fotos (JPEG eller PNG, højst 25 MB hver) til projektet.",
            discussion: """
                Filerne kontrolleres efter deres indhold, ikke deres navne. Hvert foto gemmes én gang i arkivets \
                mappe photos/, navngivet efter sin SHA-256, uanset hvor mange projekter der bruger det.
                """,
            arguments: ["file": "Fotofilerne.", "--caption": "En billedtekst til fotoene."]),
        ["photo", "list"]: CommandText(abstract: "Vis projektets fotos."),
        ["photo", "remove"]: CommandText(
            abstract: "Fjern et foto fra projektet (filen gemmes til fortryd; 'akkord check --fix' fjerner ubrugte).",
            arguments: ["id": "Fotoets id (se 'akkord photo list')."]),
    ]

    private static let reportCommands: [[String]: CommandText] = [
        ["report"]: CommandText(
            abstract: "Skriv akkordopgørelsen: linjer, tillæg, ekstraarbejde, i alt og hver medarbejders andel.",
            discussion: """
                text passer i 100 kolonner; json har hvert tal som tekst (formen står i README); csv er linjetabellen \
                (--lang da: ';' og decimalkomma); html er én selvstændig side, der kan udskrives; pdf (kræver -o) er A4 \
                med projektets fotos i et bilag; xlsx (kræver -o) er en projektmappe med et ark til linjerne, et til \
                sjakket og et til opgørelsen, hvor totalerne er formler. Med -o og uden --format bestemmer filens \
                endelse formatet (.txt, .json, .csv, .html/.htm, .pdf, .xlsx, med store eller små bogstaver).
                """,
            arguments: [
                "--format": reportFormat,
                "--output": reportOutput,
                "--holiday-pay": """
                    Vis feriegodtgørelse (12,5 % af hver andel) i sjakkets tabel, til orientering (også indstillingen \
                    holidayPay).
                    """,
            ]),
        ["summary"]: CommandText(
            abstract: "Læg akkordopgørelserne sammen på tværs af projekter: pr. projekt, medarbejder og arbejdsgiver, med totaler.",
            discussion: """
                Et projekt tæller med, når dets slutdato, ellers dets startdato, ligger i perioden (--from og --to \
                medregnet; begge kan udelades). Med en periode udelades projekter uden nogen af datoerne, og de \
                nævnes. Hvert tal er projektets akkordopgørelse, som 'akkord report' viser den. Medarbejdere lægges \
                sammen efter navn på tværs af projekter (store og små bogstaver og ekstra mellemrum tæller ikke). \
                Timefortjenesten er beløbet til fordeling i projekterne med svendetimer delt med deres svendetimer, afrundet \
                til øre. En projektfil, der ikke kan læses, stopper oversigten (afslutningskode 65): den ville være \
                ufuldstændig. xlsx (kræver -o) er en projektmappe med et ark til projekterne, medarbejderne, \
                arbejdsgiverne og totalerne, hvor totalerne er formler. Med -o og uden --format bestemmer filens \
                endelse formatet (.txt, .json, .csv, .xlsx, med store eller små bogstaver).
                """,
            arguments: [
                "--from": "Periodens første dag, \(date) (medregnet).",
                "--to": "Periodens sidste dag, \(date) (medregnet).",
                "--employer": """
                    Kun denne arbejdsgivers projekter (hele navnet; store og små bogstaver, accenter og ekstra mellemrum \
                    tæller ikke; "" for projekter uden arbejdsgiver).
                    """,
                "--status": ArgumentText("Hvilke projekter der tæller med.", default: "all"),
                "--by": ArgumentText("Den tabel, text og csv viser (json og xlsx har dem alle).", default: "project"),
                "--format": "text, json, csv eller xlsx (xlsx kræver -o). Med -o bestemmer filens endelse formatet.",
                "--output": output,
            ]),
        ["history"]: CommandText(abstract: "Vis hver ændring, der er lavet i projektet, ældste først."),
    ]

    private static let toolCommands: [[String]: CommandText] = [
        ["check"]: CommandText(
            abstract: "Læs og kontrollér hver fil i arkivet, regn totalerne efter, og vis hvert problem.",
            discussion: """
                Anvender hver regel, kommandoerne anvender, når de skriver, kontrollerer hvert foto mod SHA-256 i dets \
                navn, og at det er en hel JPEG eller PNG. Afslutningskoden er 0, når arkivet er i orden, 65, når der er \
                fundet et problem (et problem kræver et menneske: intet ændres), og 1, når der ikke er noget arkiv på \
                stien. Papirkurven og de gemte fortryd-trin læses, som gendannelse og fortryd læser dem. Rester, der \
                ikke skader noget, vises som bemærkninger: midlertidige filer fra afbrudte kommandoer, fotos, som intet \
                projekt, slettet projekt eller fortryd-trin bruger, en arkiveret prisliste, der er en kopi af den aktive. \
                --fix fjerner dem under arkivets lås og nævner hver; så længe en fil, der kunne nævne et foto, ikke kan \
                læses, fjernes intet foto (og det bliver sagt).
                """,
            arguments: ["--fix": "Fjern de viste rester (aldrig en fil med et problem)."]),
        ["config"]: CommandText(
            abstract: "Vis og ret dine indstillinger: sprog, arkiv, feriegodtgørelse, frist.",
            discussion: """
                Indstillingerne ligger i $XDG_CONFIG_HOME/akkord/config.json, ellers ~/.config/akkord/config.json. \
                Nøgler: lang (en eller da); store (arkivets mappe: en absolut sti, eller en der begynder med ~/ for din \
                hjemmemappe); holidayPay (true eller false; 'akkord config set' tager også yes/no, ja/nej, 1/0); \
                deadlineWorkdays (et helt tal fra 1 til 250); 'name' (hvem du er i et delt arkivs historik og commits, \
                fx Jens Hansen: én linje på højst 100 tegn; uden den gits user.name, ellers dit login-navn); \
                settlementDeadline og criticismDeadline (et tal fra 1 til 250 og \
                arbejdsdage, dage eller uger: 15 arbejdsdage); extraHolidays (kontorets fridage som MM-DD adskilt af \
                kommaer: 06-05,12-24). --lang og derefter AKKORD_LANG går forud for lang, og \
                lang går forud for locale (LC_ALL, LC_MESSAGES, LANG); --store og derefter AKKORD_HOME går forud for \
                store. Filen læses kun, når en kommando har brug for en værdi fra den, så med --lang (eller \
                AKKORD_LANG) og --store (eller AKKORD_HOME) læses den slet ikke. En fil, der ikke kan tolkes, får de \
                kommandoer, der læser den, til at stoppe med afslutningskode 65 og nævne den, og den skrives aldrig om. \
                Kontorets indstillinger (settlementDeadline, criticismDeadline, extraHolidays, holidayPay) kan i stedet \
                gemmes i arkivet for alle, der bruger det: 'akkord config set --store-wide NØGLE VÆRDI' skriver arkivets \
                settings.json, og en værdi dér går forud for hver persons egen konfigurationsfil.
                """),
        ["config", "get"]: CommandText(
            abstract: "Skriv én indstilling fra konfigurationsfilen.",
            discussion: """
                Skriver den værdi, konfigurationsfilen giver nøglen. For en nøgle, filen ikke sætter, skrives det, der \
                gælder i stedet, markeret som standardværdien (lang: ud fra locale, ellers en; store: \
                $XDG_DATA_HOME/akkord eller ~/.local/share/akkord), eller at den ikke er sat, når intet gælder endnu; \
                afslutningskoden er 0 i begge tilfælde. For store: når --store eller AKKORD_HOME nævner et andet arkiv, \
                er det det, der gælder, og det skrives først, efterfulgt af hvor det kommer fra og konfigurationsfilens \
                værdi. Med --json: {"key": …, "value": …, "default": true|false}, værdien null, når nøglen ikke er sat \
                og ingen standardværdi har, og for store "inForce" og "from", når --store eller AKKORD_HOME går forud. \
                En værdi, arkivets settings.json sætter, går forud for konfigurationsfilens og markeres som fælles for \
                arkivet ("storeWide": true i JSON).
                """,
            arguments: ["key": configKey]),
        ["config", "set"]: CommandText(
            abstract: "Sæt én indstilling i konfigurationsfilen (den oprettes, hvis den mangler).",
            discussion: """
                Værdien kontrolleres mod nøglen (en forkert værdi giver afslutningskode 64 og ændrer intet). Filen \
                ændres under en lås ved siden af den (config.json.lock) og skrives hel med en atomisk omdøbning, \
                rettigheder 0600; dens mappe oprettes med 0700, hvis den mangler. En fil, der ikke kan tolkes, giver \
                afslutningskode 65 og bliver, som den er; en konfigurationsfil, der er et symbolsk link, erstattes ikke \
                (afslutningskode 1): ret den fil, linket peger på. Med --store-wide skrives værdien i stedet i arkivets \
                settings.json (ændret under arkivets lås, skrevet atomisk), hvor den går forud for alles egen \
                konfigurationsfil; kun settlementDeadline, criticismDeadline, extraHolidays og holidayPay gemmes dér.
                """,
            arguments: ["key": configKey, "value": "Værdien, f.eks. da, ~/akkord, true, 10.", "--store-wide": storeWide]),
        ["config", "unset"]: CommandText(
            abstract: "Fjern én indstilling fra konfigurationsfilen.",
            discussion: """
                En nøgle, filen ikke sætter, er ikke en fejl: intet skrives. Filen skrives, som 'akkord config set' \
                skriver den; med --store-wide fjernes nøglen fra arkivets settings.json.
                """,
            arguments: ["key": configKey, "--store-wide": storeWide]),
        ["config", "list"]: CommandText(
            abstract: "Vis hver indstilling med dens værdi, og hvor den kommer fra.",
            discussion: """
                Én linje pr. nøgle: filens værdi, eller standardværdien markeret som standard, eller at nøglen ikke er \
                sat; første linje nævner filen, den næste arkivets settings.json, når arkivet har en, hvis værdier går \
                forud og markeres som fælles for arkivet. Med --json: {"file": sti eller null, "exists": true|false, \
                "settings": {"lang": {"value": …, "default": true|false}, …}}, med "storeFile" og "storeWide": true, \
                hvor arkivets settings.json sætter en værdi.
                """),
        ["sync"]: CommandText(
            abstract: "Del arkivet med kontoret gennem git: gem i git, hent, flet post for post, send.",
            discussion: """
                Arkivet er et git-arkiv; git flytter det mellem maskinerne (et bart arkiv i en mappe eller på \
                kontorets server), og akkord fletter det, to maskiner har ændret: hvert projekt post for post, linjer \
                og poster efter id. 'akkord sync' gemmer denne maskines ændringer i git (beskeden nævner deres \
                historikposter), henter, fletter, skriver de flettede filer og sender, og viser, hvad der kom ind, og \
                hvad der gik ud, pr. projekt. En post eller et felt, som begge maskiner har ændret forskelligt, et \
                projekt slettet på den ene og ændret på den anden, eller to forskellige prislisteimporter er \
                konflikter: sync standser, før noget skrives eller sendes, viser dem (projekt, post, felt, denne \
                maskines værdi, den indkomne) og slutter med afslutningskode 1; afgør dem med --keep min eller --keep \
                deres. Indkomne commits, der ændrer .gitattributes eller .gitignore, tilføjer et link eller en fil \
                uden for arkivets opbygning, afvises (afslutningskode 65, intet ændret). Arkivets lås holdes kun, mens \
                sync gemmer og fletter, ikke mens den henter og sender: andre kommandoer virker imens, og en anden \
                synkronisering af arkivet venter på den første. Kræver git 2.38 eller nyere på PATH.
                """,
            arguments: [
                "--dry-run": "Hent og vis, hvad en synkronisering ville gøre; ændr intet.",
                "--keep": "Afgør de konflikter, en synkronisering standsede ved: tag denne maskines værdi (min, mine) eller den indkomne (deres, theirs) for hvert felt i konflikt; alle andre ændringer fra begge sider tages stadig. Med -p ID kun det projekts konflikter.",
            ]),
        ["sync", "run"]: CommandText(
            abstract: "Synkroniser nu (det, 'akkord sync' gør uden underkommando).",
            arguments: [
                "--dry-run": "Hent og vis, hvad en synkronisering ville gøre; ændr intet.",
                "--keep": "Afgør de konflikter, en synkronisering standsede ved: tag denne maskines værdi (min, mine) eller den indkomne (deres, theirs) for hvert felt i konflikt; alle andre ændringer fra begge sider tages stadig. Med -p ID kun det projekts konflikter.",
            ]),
        ["sync", "init"]: CommandText(
            abstract: "Gør arkivet til et git-arkiv (eller brug det, det er), og gem det i git; med REMOTE sendes det dertil.",
            discussion: """
                Skriver .gitignore (det aktuelle projekt, .lock, tmp/, undo/ og afledte filer bliver på denne maskine) \
                og .gitattributes (projektfiler flettes med akkords postfletning), registrerer akkords flettedriver i \
                .git/config med den absolutte sti til denne akkord og flytter det aktuelle projekt fra store.json til \
                local.json, som git ignorerer.
                """,
            arguments: ["remote": "Kontorets arkiv (stien til et bart arkiv eller en URL): tilføjes som origin, og der sendes dertil."]),
        ["sync", "clone"]: CommandText(
            abstract: "Lav denne maskines arkiv fra kontorets (angiv det nye arkivs mappe med --store DIR).",
            discussion: """
                Mappen skal være ny eller tom (en mappe med filer i afvises, før noget skrives). Det, der kommer, \
                kontrolleres, som sync kontrollerer det (ingen links, intet uden for arkivets opbygning, ikke et arkiv, \
                der kræver en nyere akkord), før det skrives; flettedriveren registreres som ved 'akkord sync init'. En \
                kloning, der afvises eller slår fejl, efterlader mappen, som den var: ikke til stede eller tom.
                """,
            arguments: ["remote": "Kontorets arkiv (stien til et bart arkiv eller en URL)."]),
        ["sync", "status"]: CommandText(
            abstract: "Vis fjernarkivet, commits foran og bagud, ændringer der ikke er synkroniseret (pr. projekt), og sidste synkronisering.",
            discussion: "Foran og bagud tælles mod det, den sidste synkronisering hentede; status bruger ikke selv netværket."),
        ["completions"]: CommandText(
            abstract: "Skriv et fuldførelsesscript til skallen: kommandoer, tilvalg, formater, pos.numre, projekt- og medarbejder-id'er.",
            discussion: """
                Indlæs det fra skallens opstartsfil. bash (~/.bashrc): 'source <(akkord completions bash)'. zsh \
                (~/.zshrc, efter compinit): 'source <(akkord completions zsh)', eller gem det som _akkord i en mappe i \
                $fpath. fish: 'akkord completions fish > ~/.config/fish/completions/akkord.fish'. Pos.numre, projekt-, \
                medarbejder- og linje-id'er hentes fra det arkiv, kommandolinjen nævner med --store (ellers det \
                sædvanlige), og fra projektet i -p (ellers det aktuelle).
                """,
            arguments: ["shell": "bash, zsh eller fish."]),
        ["__complete"]: CommandText(
            abstract: "Vis værdier til fuldførelse i skallen (bruges af scripts fra 'akkord completions').",
            arguments: [
                "kind": "Hvad der skal vises: \(CompletionKind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")).",
                "prefix": "Kun værdier, der begynder med dette.",
                "--describe": "Skriv hver værdi med en beskrivelse, adskilt af en tabulator.",
            ]),
        ["merge-driver"]: CommandText(
            abstract: "Flet tre udgaver af en projektfil (gits flettedriver; bruges af 'akkord sync').",
            discussion: """
                Læser hver udgave med projektlæseren (en, der ikke kan læses, standser fletningen, kode 65), \
                fletter dem post for post og skriver resultatet over MINE (kode 0). Konflikter vises, og MINE \
                bliver som den var (kode 1); det gør den også for et projekt, der er oprettet på begge maskiner (en tom BASE).
                """,
            arguments: [
                "base": "Den fælles udgave af filen (gits '%O'); tom, når filen er oprettet på begge sider.",
                "mine": "Denne maskines udgave (gits '%A'); den flettede fil erstatter den.",
                "theirs": "Den indkomne udgave (gits '%B').",
                "path": "Filens sti i arkivet (gits '%P'), til meddelelser.",
            ]),
        ["help"]: CommandText(
            abstract: "Vis hjælp til en kommando.",
            arguments: [
                "command": "Kommandoen, f.eks. 'catalogue search'.",
                "--man": "Skriv manualsiden for alle kommandoer (roff, sektion 1): 'akkord help --man | man -l -'",
            ]),
    ]

    private static let dayworkCommands: [[String]: CommandText] = [
        ["daywork"]: CommandText(abstract: "Timer betalt pr. time ved siden af akkorden (dagløn, syg, vejrlig): aldrig i til fordeling eller andelene."),
        ["daywork", "add"]: CommandText(
            abstract: "Registrér timeløn for en medarbejder: timer × en timepris, betalt ved siden af akkorden.",
            discussion: """
                `akkord daywork add jens 7,5 --rate 250 --kind vejrlig` registrerer 7,50 t × 250,00 = 1.875,00 i vejrlig \
                for jens. Opgørelserne viser timelønnen i sit eget afsnit med en sum for hver medarbejder og i alt; den \
                ændrer aldrig til fordeling, andelene eller til udbetaling.
                """,
            arguments: [
                "worker": workerId,
                "hours": "Timer som 7,5 eller 7.5 eller 7:30; gemmes nøjagtigt (7:20 er 7 t 20 min).",
                "--rate": "Timeprisen (skal gives): beløb = timer × timepris, afrundet til øre.",
                "--kind": ArgumentText("Hvad timerne er betalt for; de danske ord dagløn, syg, vejrlig og andet kan også bruges.", default: "daywork"),
                "--date": dayDefaultToday,
                "--note": "En bemærkning.",
            ]),
        ["daywork", "list"]: CommandText(abstract: "Vis timelønnen, medarbejder for medarbejder, med summerne."),
        ["daywork", "remove"]: CommandText(
            abstract: "Fjern en registrering af timeløn.", arguments: ["id": "Registreringens id (se 'akkord daywork list')."]),
    ]

    // MARK: the layout

    static let words = HelpWords(
        overview: "OVERSIGT", usage: "BRUG", arguments: "ARGUMENTER", options: "TILVALG", subcommands: "UNDERKOMMANDOER",
        subcommand: "underkommando", defaultSubcommand: "standard",
        withDefault: { "\($0) (standard: \($1))" },
        seeDetailedHelp: { "Se '\($0)' for en udførlig hjælp." })

    static let manPage = ManPageWords(
        comment: "Manualside for akkord, lavet af 'akkord help --man' ud fra kommandoernes deklarationer.",
        title: "Brugerkommandoer",
        name: "NAVN", synopsis: "SYNOPSIS", description: "BESKRIVELSE", options: "TILVALG", commands: "KOMMANDOER",
        environmentSection: "MILJØ", filesSection: "FILER", exitStatusSection: "AFSLUTNINGSKODER", examplesSection: "EKSEMPLER",
        summary: "akkordopgørelse for tagdækkere",
        optionsPlaceholder: "tilvalg", commandPlaceholder: "kommando", argumentsPlaceholder: "argumenter",
        subcommandPlaceholder: "underkommando",
        descriptionParagraphs: [
            """
            En tagdækker registrerer de ydelser, der er udført på et tag, efter en prisliste; \
            fagforeningen laver akkordopgørelsen; arbejdsgiveren udbetaler hver tagdækker hans andel. Beløbene er \
            nøjagtige: beløb har 2 decimaler, enhedspriser op til 4, mængder og timer op til 3. Tal læses med . eller \
            , som decimaltegn (12,5 er det samme som 12.5), timer også som T:MM (7:30). Hver ændring gemmes i \
            projektets historik.
            """,
            """
            Alt, hvad der skrives til mennesker, er på engelsk eller dansk (--lang da), også hjælpen og denne \
            manualside; JSON-output er det samme på begge sprog. Output går til standardoutput, fejl til \
            standardfejl som én linje, der begynder med fejl: (på engelsk error:), ofte fulgt af en linje med et tip.
            """,
        ],
        optionsIntro: "Disse tilvalg kan gives før eller efter kommandoen.",
        commandsIntro: "Kør 'akkord help KOMMANDO' eller 'akkord KOMMANDO --help' for den samme tekst i terminalen.",
        subcommandsSentence: { names, defaultSubcommand in
            "Underkommandoer: " + names.joined(separator: ", ") + "."
                + (defaultSubcommand.map { " Uden en underkommando køres \($0)." } ?? "")
        },
        environment: [
            ("AKKORD_HOME", "Arkivets mappe, når --store ikke er givet."),
            ("AKKORD_LANG", "en eller da: sproget i output, når --lang ikke er givet."),
            ("AKKORD_LOCK_TIMEOUT", """
                Antal sekunder en kommando venter på arkivets lås, før den giver op med afslutningskode 75 (et tal fra \
                0 til 86400; standard 10).
                """),
            ("XDG_DATA_HOME", """
                Arkivet er $XDG_DATA_HOME/akkord, når hverken --store, AKKORD_HOME eller store i konfigurationsfilen \
                angiver et (standard ~/.local/share/akkord).
                """),
            ("XDG_CONFIG_HOME", """
                Konfigurationsfilen er $XDG_CONFIG_HOME/akkord/config.json (standard ~/.config/akkord/config.json).
                """),
            ("NO_COLOR", "Når den er sat og ikke er tom: ingen farver, som med --no-color."),
            ("LC_ALL, LC_MESSAGES, LANG", """
                Den første af dem, der er sat, bestemmer sproget, når hverken --lang, AKKORD_LANG eller lang i \
                konfigurationsfilen gør det: en værdi, der begynder med da, giver dansk.
                """),
            ("HOME", "Hvor ~ er, for standardarkivet og konfigurationsfilen."),
        ],
        files: [
            ("~/.local/share/akkord/", """
                Arkivet: store.json (det aktuelle projekt), catalogue.json (den importerede prisliste), \
                catalogue-history/ (hver prisliste, der er blevet erstattet), projects/<id>.json, photos/, trash/ \
                (slettede projekter).
                """),
            ("~/.config/akkord/config.json", "Indstillinger: lang, store, holidayPay, frister og fridage (se 'akkord config')."),
        ],
        exitStatuses: [
            (.success, "Udført."),
            (.failure, "Fejl: ikke fundet, et afsluttet projekt, en konflikt."),
            (.usage, "Forkert brug: en fejlskrevet kommando, et fejlskrevet tilvalg eller en fejlskrevet værdi."),
            (.dataError, "Ugyldige inddata, eller en fil i arkivet eller en konfigurationsfil, der ikke kan læses."),
            (.busy, "Arkivet er optaget: en anden akkord har holdt låsen længere end AKKORD_LOCK_TIMEOUT sekunder."),
        ],
        examples: [
            ("En komplet eksempel-opgørelse med den medfølgende prisliste, i et midlertidigt arkiv:", ["demo"]),
            ("Opret et projekt (det bliver det aktuelle):", ["project", "new", "Vestergade 12, tag", "--employer", "Tag & Co"]),
            ("Find en ydelse og tilføj 12,5 af den, og så en, der er opmålt som et regnestykke:", ["catalogue", "search", "underpap"]),
            ("", ["add", "2.01", "12,5"]),
            ("", ["add", "2.01", "12,4*8,2 - 1,2*0,9"]),
            ("Sjakket, deres timer og en aconto betalt pr. time:", ["worker", "add", "Jens Hansen"]),
            ("", ["hours", "add", "jens", "37:30"]),
            ("", ["advance", "add", "jens", "--hours", "37,5", "--rate", "180"]),
            ("Akkordopgørelsen på dansk, og som PDF:", ["--lang", "da", "report"]),
            ("", ["report", "--format", "pdf", "-o", "opgørelse.pdf"]),
            ("Skriv fuldførelsesscriptet til bash ('akkord help completions' fortæller, hvordan det indlæses):", ["completions", "bash"]),
        ])
}
