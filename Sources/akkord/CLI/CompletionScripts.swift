import AkkordKit

/// The shells `akkord completions` writes a script for.
enum Shell: String, CaseIterable {
    case bash, zsh, fish
}

/// The command tree as the completion scripts see it: for each command path, its visible
/// subcommands, its options and what each positional completes to. Made from the declarations
/// alone, so a new command or option completes as soon as it is declared.
struct CompletionTree {
    struct Option {
        /// `-o`, `--output`: the short name first.
        let names: [String]
        let takesValue: Bool
        let completion: ValueCompletion
        let help: String
    }
    struct Node {
        /// Command names from the root (empty for `akkord` itself).
        let path: [String]
        let subcommands: [(name: String, abstract: String)]
        /// The command's own options (the root's include --version).
        let options: [Option]
        /// What each single positional completes to, in order.
        let positionals: [ValueCompletion]
        /// What every word after them completes to, when the last positional repeats.
        let rest: ValueCompletion?
        var key: String { path.joined(separator: " ") }
    }

    let nodes: [Node]
    /// Options every command takes (SPEC §7), without --version (shown at the root only).
    let globals: [Option]

    /// The tree with the descriptions (abstracts and help texts) in `language`.
    init(root: any Command.Type = RootCommand.self, language: Language = .en) {
        let texts = HelpTexts(language)
        var nodes: [Node] = []
        func walk(_ commands: [any Command.Type]) {
            let spec = commands.last!.spec
            let path = HelpTexts.key(commands)
            var options = spec.arguments.filter { !$0.isPositional }.map { Self.option($0, help: texts.help($0, of: commands)) }
            if path.isEmpty { options.append(Self.option(GlobalOptions.version.spec, help: texts.help(GlobalOptions.version.spec, of: nil))) }
            let positionals = spec.arguments.filter(\.isPositional)
            nodes.append(Node(path: path, subcommands: spec.visibleSubcommands.map { ($0.spec.name, texts.abstract(commands + [$0])) },
                              options: options,
                              positionals: positionals.filter { !$0.isRepeating }.map(\.completion),
                              rest: positionals.first(where: \.isRepeating)?.completion))
            for sub in spec.visibleSubcommands { walk(commands + [sub]) }
        }
        walk([root])
        self.nodes = nodes
        globals = GlobalOptions.specs.filter { $0 != GlobalOptions.version.spec }.map { Self.option($0, help: texts.help($0, of: nil)) }
    }

    private static func option(_ spec: ArgumentSpec, help: String) -> Option {
        Option(names: [spec.shortName, spec.name].compactMap { $0 }, takesValue: spec.takesValue, completion: spec.completion, help: help)
    }

    /// Abbreviations whose full stop ends no sentence: English and Danish (`f.eks.`, `bl.a.`).
    static let abbreviations = ["e.g", "i.e", "f.eks", "bl.a", "dvs", "evt", "inkl", "jf", "nr", "pr", "ca"]

    /// A one-line description for the shells that show them: the help text's first sentence
    /// (an "e.g." or "f.eks." ends none), at most 80 characters.
    static func describe(_ text: String) -> String {
        var s = String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        var from = s.startIndex
        while let end = s[from...].firstRange(of: ". ") {
            let before = s[..<end.lowerBound]
            if abbreviations.contains(where: { before.hasSuffix($0) && before.dropLast($0.count).last?.isLetter != true }) {
                from = end.upperBound; continue
            }
            s = String(before)
            break
        }
        if s.hasSuffix(".") { s.removeLast() }
        return s.count > 80 ? String(s.prefix(79)) + "…" : s
    }

    /// How the scripts write one completion in their tables: `-` nothing, `file`, `dir`,
    /// `=a,b,c` choices, `@kind` values from `akkord __complete kind`, `cmd` command names.
    static func code(_ c: ValueCompletion) -> String {
        switch c {
        case .nothing: return "-"
        case .file: return "file"
        case .directory: return "dir"
        case .choices(let words): return "=" + words.joined(separator: ",")
        case .store(let kind): return "@" + kind.rawValue
        case .command: return "cmd"
        }
    }
}

/// The completion scripts, one per shell, all from `CompletionTree`. Each walks the words
/// before the cursor as the parser does (subcommands until the first positional, options and
/// their values anywhere, `--` ends the options, `-5` is a value) and remembers `--store` and
/// `-p`, which it passes to `akkord __complete` for the store's values.
enum CompletionScript {
    static func render(_ shell: Shell, tree: CompletionTree = CompletionTree()) -> String {
        switch shell {
        case .bash: return bash(tree)
        case .zsh: return zsh(tree)
        case .fish: return fish(tree)
        }
    }

    /// `'text'` for bash and zsh.
    static func shQuote(_ s: String) -> String { "'" + s.replacing("'", with: "'\\''") + "'" }

    /// `'text'` for fish (its single quotes know `\'` and `\\`).
    static func fishQuote(_ s: String) -> String {
        "'" + s.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    /// The options whose value completes to something, with the patterns of the `case` that finds
    /// them (`path|--option`; global ones match any path).
    private static func valueCases(_ tree: CompletionTree) -> [(patterns: [String], global: Bool, code: String)] {
        var cases: [(patterns: [String], global: Bool, code: String)] = []
        for node in tree.nodes {
            for o in node.options where o.takesValue && o.completion != .nothing {
                cases.append((o.names.map { "\(node.key)|\($0)" }, false, CompletionTree.code(o.completion)))
            }
        }
        for o in tree.globals where o.takesValue && o.completion != .nothing {
            cases.append((o.names.map { "|\($0)" }, true, CompletionTree.code(o.completion)))
        }
        return cases
    }

    private static func names(_ options: [CompletionTree.Option], values: Bool? = nil) -> [String] {
        options.filter { values == nil || $0.takesValue == values }.flatMap(\.names)
    }

    // MARK: bash

    static func bash(_ tree: CompletionTree) -> String {
        var table = ""
        for node in tree.nodes {
            table += "    \(shQuote(node.key)))\n"
            var sets: [String] = []
            if !node.subcommands.isEmpty { sets.append("_akkord_subs=\(shQuote(node.subcommands.map(\.name).joined(separator: " ")))") }
            if !node.options.isEmpty { sets.append("_akkord_opts=\(shQuote(names(node.options).joined(separator: " ")))") }
            let valued = names(node.options, values: true)
            if !valued.isEmpty { sets.append("_akkord_vopts=\(shQuote(valued.joined(separator: " ")))") }
            if !node.positionals.isEmpty { sets.append("_akkord_args=\(shQuote(node.positionals.map(CompletionTree.code).joined(separator: " ")))") }
            if let rest = node.rest { sets.append("_akkord_rest=\(shQuote(CompletionTree.code(rest)))") }
            table += sets.map { "        \($0)\n" }.joined() + "        ;;\n"
        }
        var values = ""
        for c in valueCases(tree) {
            let patterns = c.patterns.map { c.global ? "*" + shQuote($0) : shQuote($0) }
            values += "    \(patterns.joined(separator: " | "))) _akkord_spec=\(shQuote(c.code)) ;;\n"
        }
        return """
        # bash completion for akkord, made by 'akkord completions bash' from akkord's command declarations.
        # Load it in ~/.bashrc:  source <(akkord completions bash)
        # or save it as ~/.local/share/bash-completion/completions/akkord

        _akkord_gopts=\(shQuote(names(tree.globals).joined(separator: " ")))
        _akkord_gvopts=\(shQuote(names(tree.globals, values: true).joined(separator: " ")))

        # The command at path $1 (its names, space-separated): subcommands, options, options taking a
        # value, what each positional completes to and what the words after them complete to.
        _akkord_node() {
            _akkord_subs= _akkord_opts= _akkord_vopts= _akkord_args= _akkord_rest=
            case "$1" in
        \(table)    esac
        }

        # What the value of option $2 of the command at path $1 completes to.
        _akkord_optval() {
            _akkord_spec=-
            case "$1|$2" in
        \(values)    esac
        }

        # Adds the words of $1 that start with $2 to COMPREPLY, each after $3.
        _akkord_words() {
            local w
            for w in $1; do [[ $w == "$2"* ]] && COMPREPLY+=("$3$w"); done
        }

        # Adds what a value completes to ($1, as _akkord_optval says it) that starts with $2, each after $3.
        _akkord_values() {
            local line
            case $1 in
            =*) _akkord_words "${1//[=,]/ }" "$2" "$3" ;;
            file | dir)
                compopt -o filenames 2>/dev/null
                while IFS= read -r line; do COMPREPLY+=("$3$line"); done < <(compgen "-${1:0:1}" -- "$2")
                ;;
            @*)
                local prefix=${2//\\\\/} store=$_akkord_store
                prefix=${prefix#[\\"\\']}
                [[ $store == '~/'* ]] && store=$HOME/${store#'~/'}
                local -a global=()
                [[ -n $store ]] && global+=(--store "$store")
                [[ -n $_akkord_project ]] && global+=(--project "$_akkord_project")
                while IFS= read -r line; do
                    COMPREPLY+=("$3$(printf '%q' "$line")")
                done < <("${COMP_WORDS[0]}" ${global[@]+"${global[@]}"} __complete "${1#@}" -- "$prefix" 2>/dev/null)
                # The store's values come in their own order (line ids 1 2 … 10, not 1 10 2).
                compopt -o nosort 2>/dev/null
                ;;
            cmd)
                _akkord_node "${_akkord_words_before[*]}"
                _akkord_words "$_akkord_subs" "$2" "$3"
                ;;
            esac
        }

        _akkord() {
            local cur=${COMP_WORDS[COMP_CWORD]} cmdpath= word i expect= only= option= before=
            local _akkord_subs _akkord_opts _akkord_vopts _akkord_args _akkord_rest _akkord_spec
            local _akkord_store= _akkord_project=
            local -a _akkord_words_before=()
            COMPREPLY=()
            _akkord_node ''
            for ((i = 1; i < COMP_CWORD; i++)); do
                word=${COMP_WORDS[i]}
                if [[ -n $expect ]]; then
                    [[ $word == = ]] && continue
                    case $expect in
                    --store) _akkord_store=$word ;;
                    -p | --project) _akkord_project=$word ;;
                    esac
                    expect=
                elif [[ -z $only && $word == -- ]]; then
                    only=1
                elif [[ -z $only && $word == -?* && $word != -[0-9.,]* ]]; then
                    case $word in
                    --store=*) _akkord_store=${word#*=} ;;
                    --project=*) _akkord_project=${word#*=} ;;
                    *=*) ;;
                    *) [[ " $_akkord_vopts $_akkord_gvopts " == *" $word "* ]] && expect=$word ;;
                    esac
                elif ((${#_akkord_words_before[@]} == 0)) && [[ " $_akkord_subs " == *" $word "* ]]; then
                    cmdpath=${cmdpath:+$cmdpath }$word
                    _akkord_node "$cmdpath"
                else
                    _akkord_words_before+=("$word")
                fi
            done

            if [[ -n $expect ]]; then
                option=$expect
                [[ $cur == = ]] && cur=
            elif [[ -z $only && $cur == --*=* ]]; then
                option=${cur%%=*} before=${cur%%=*}= cur=${cur#*=}
            fi
            if [[ -n $option ]]; then
                _akkord_optval "$cmdpath" "$option"
                _akkord_values "$_akkord_spec" "$cur" "$before"
                return 0
            fi
            if [[ -z $only && $cur == -* ]]; then
                _akkord_words "$_akkord_opts $_akkord_gopts" "$cur" ""
                return 0
            fi
            local n=${#_akkord_words_before[@]} spec=-
            local -a specs=($_akkord_args)
            ((n == 0)) && _akkord_words "$_akkord_subs" "$cur" ""
            if ((n < ${#specs[@]})); then spec=${specs[n]}; elif [[ -n $_akkord_rest ]]; then spec=$_akkord_rest; fi
            _akkord_values "$spec" "$cur" ""
            return 0
        }

        complete -F _akkord akkord

        """
    }

    // MARK: zsh

    static func zsh(_ tree: CompletionTree) -> String {
        func described(_ name: String, _ help: String) -> String {
            shQuote(name.replacing(":", with: "\\:") + ":" + CompletionTree.describe(help))
        }
        func options(_ options: [CompletionTree.Option]) -> [String] {
            options.flatMap { o in o.names.map { described($0, o.help) } }
        }
        var table = ""
        for node in tree.nodes {
            table += "    (\(shQuote(node.key)))\n"
            var sets: [String] = []
            if !node.subcommands.isEmpty {
                sets.append("_akkord_subs=(\(node.subcommands.map { described($0.name, $0.abstract) }.joined(separator: " ")))")
                sets.append("_akkord_subnames=(\(node.subcommands.map { shQuote($0.name) }.joined(separator: " ")))")
            }
            if !node.options.isEmpty { sets.append("_akkord_opts=(\(options(node.options).joined(separator: " ")))") }
            let valued = names(node.options, values: true)
            if !valued.isEmpty { sets.append("_akkord_vopts=(\(valued.map(shQuote).joined(separator: " ")))") }
            if !node.positionals.isEmpty {
                sets.append("_akkord_args=(\(node.positionals.map { shQuote(CompletionTree.code($0)) }.joined(separator: " ")))")
            }
            if let rest = node.rest { sets.append("_akkord_rest=\(shQuote(CompletionTree.code(rest)))") }
            table += sets.map { "        \($0)\n" }.joined() + "        ;;\n"
        }
        var values = ""
        for c in valueCases(tree) {
            let patterns = c.patterns.map { c.global ? "*" + shQuote($0) : shQuote($0) }
            values += "    (\(patterns.joined(separator: "|"))) _akkord_spec=\(shQuote(c.code)) ;;\n"
        }
        return """
        #compdef akkord
        # zsh completion for akkord, made by 'akkord completions zsh' from akkord's command declarations.
        # Load it in ~/.zshrc after compinit:  source <(akkord completions zsh)
        # or save it as _akkord in a directory of $fpath.

        # The command at path $1 (its names, space-separated): subcommands (name:description),
        # options, options taking a value, what each positional completes to and what the words
        # after them complete to.
        _akkord_node() {
            _akkord_subs=() _akkord_subnames=() _akkord_opts=() _akkord_vopts=() _akkord_args=() _akkord_rest=
            case "$1" in
        \(table)    esac
        }

        # What the value of option $2 of the command at path $1 completes to.
        _akkord_optval() {
            _akkord_spec=-
            case "$1|$2" in
        \(values)    esac
        }

        # Offers what a value completes to ($1, as _akkord_optval says it).
        _akkord_values() {
            local -a values lines
            local line store=$_akkord_store
            case $1 in
            ('='*) values=(${(s:,:)${1#=}}); compadd -a values ;;
            (file) _files ;;
            (dir) _files -/ ;;
            (@*)
                [[ $store == '~/'* ]] && store=$HOME/${store#'~/'}
                local -a global
                [[ -n $store ]] && global+=(--store $store)
                [[ -n $_akkord_project ]] && global+=(--project $_akkord_project)
                lines=(${(f)"$(${words[1]} $global __complete ${1#@} --describe -- ${(Q)PREFIX} 2>/dev/null)"})
                for line in $lines; do
                    if [[ $line == *$'\\t'?* ]]; then
                        values+=("${${line%%$'\\t'*}//:/\\\\:}:${line#*$'\\t'}")
                    else
                        values+=("${${line%%$'\\t'*}//:/\\\\:}")
                    fi
                done
                _describe -t values ${1#@} values
                ;;
            (cmd)
                _akkord_node "${_akkord_words_before[*]}"
                _describe -t commands command _akkord_subs
                ;;
            (*) return 1 ;;
            esac
        }

        _akkord() {
            local cmdpath= word expect= only= option= i ret=1
            local -a _akkord_subs _akkord_subnames _akkord_opts _akkord_vopts _akkord_args _akkord_words_before
            local _akkord_rest _akkord_spec _akkord_store= _akkord_project=
            local -a _akkord_gopts=(\(options(tree.globals).joined(separator: " ")))
            local -a _akkord_gvopts=(\(names(tree.globals, values: true).map(shQuote).joined(separator: " ")))
            _akkord_node ''
            for (( i = 2; i < CURRENT; i++ )); do
                word=${(Q)words[i]}
                if [[ -n $expect ]]; then
                    case $expect in
                    (--store) _akkord_store=$word ;;
                    (-p|--project) _akkord_project=$word ;;
                    esac
                    expect=
                elif [[ -z $only && $word == -- ]]; then
                    only=1
                elif [[ -z $only && $word == -?* && $word != -[0-9.,]* ]]; then
                    case $word in
                    (--store=*) _akkord_store=${word#*=} ;;
                    (--project=*) _akkord_project=${word#*=} ;;
                    (*=*) ;;
                    (*) (( ${_akkord_vopts[(Ie)$word]} || ${_akkord_gvopts[(Ie)$word]} )) && expect=$word ;;
                    esac
                elif (( $#_akkord_words_before == 0 && ${_akkord_subnames[(Ie)$word]} )); then
                    cmdpath=${cmdpath:+$cmdpath }$word
                    _akkord_node "$cmdpath"
                else
                    _akkord_words_before+=($word)
                fi
            done

            if [[ -n $expect ]]; then
                option=$expect
            elif [[ -z $only && $PREFIX == --*=* ]]; then
                option=${PREFIX%%=*}
                compset -P '*='
            fi
            if [[ -n $option ]]; then
                _akkord_optval "$cmdpath" "$option"
                _akkord_values "$_akkord_spec"
                return
            fi
            if [[ -z $only && $PREFIX == -* ]]; then
                _describe -t options option _akkord_opts -- _akkord_gopts
                return
            fi
            local n=$#_akkord_words_before spec=-
            if (( n == 0 && $#_akkord_subs )); then
                _describe -t commands command _akkord_subs && ret=0
            fi
            if (( n < $#_akkord_args )); then
                spec=$_akkord_args[n+1]
            elif [[ -n $_akkord_rest ]]; then
                spec=$_akkord_rest
            fi
            _akkord_values "$spec" && ret=0
            return ret
        }

        if [[ $funcstack[1] == _akkord ]]; then
            _akkord "$@"
        else
            compdef _akkord akkord
        fi

        """
    }

    // MARK: fish

    static func fish(_ tree: CompletionTree) -> String {
        func described(_ name: String, _ help: String) -> String { fishQuote(name) + "\\t" + fishQuote(CompletionTree.describe(help)) }
        func options(_ options: [CompletionTree.Option]) -> [String] {
            options.flatMap { o in o.names.map { described($0, o.help) } }
        }
        func list(_ items: [String]) -> String { items.isEmpty ? "" : " " + items.joined(separator: " ") }
        var table = ""
        for node in tree.nodes {
            table += "        case \(fishQuote(node.key))\n"
            var sets: [String] = []
            if !node.subcommands.isEmpty {
                sets.append("set subs\(list(node.subcommands.map { described($0.name, $0.abstract) }))")
                sets.append("set subnames\(list(node.subcommands.map { fishQuote($0.name) }))")
            }
            if !node.options.isEmpty { sets.append("set opts\(list(options(node.options)))") }
            let valued = names(node.options, values: true)
            if !valued.isEmpty { sets.append("set vopts\(list(valued.map(fishQuote)))") }
            if !node.positionals.isEmpty { sets.append("set args\(list(node.positionals.map { fishQuote(CompletionTree.code($0)) }))") }
            if let rest = node.rest { sets.append("set rest \(fishQuote(CompletionTree.code(rest)))") }
            table += sets.map { "            \($0)\n" }.joined()
        }
        var values = ""
        for c in valueCases(tree) {
            // fish's case patterns take * and ?; the keys hold neither.
            let patterns = c.patterns.map { c.global ? "'*'" + fishQuote($0) : fishQuote($0) }
            values += "        case \(patterns.joined(separator: " "))\n            printf '%s\\n' \(fishQuote(c.code))\n"
        }
        return """
        # fish completion for akkord, made by 'akkord completions fish' from akkord's command declarations.
        # Save it as ~/.config/fish/completions/akkord.fish, or load it with: akkord completions fish | source

        # Prints one field of the command at path $argv[2] (its names, space-separated): subs
        # (name<TAB>description), subnames, opts, vopts (options taking a value), args (what each
        # positional completes to) or rest (what the words after them complete to).
        function __akkord_node --argument-names field cmdpath
            set -l subs
            set -l subnames
            set -l opts
            set -l vopts
            set -l args
            set -l rest
            switch $cmdpath
        \(table)    end
            switch $field
                case subs
                    printf '%s\\n' $subs
                case subnames
                    printf '%s\\n' $subnames
                case opts
                    printf '%s\\n' $opts \(options(tree.globals).joined(separator: " "))
                case vopts
                    printf '%s\\n' $vopts \(names(tree.globals, values: true).map(fishQuote).joined(separator: " "))
                case args
                    printf '%s\\n' $args
                case rest
                    printf '%s\\n' $rest
            end
        end

        # What the value of option $argv[2] of the command at path $argv[1] completes to.
        function __akkord_optval
            switch "$argv[1]|$argv[2]"
        \(values)        case '*'
                    printf '%s\\n' -
            end
        end

        # Prints what a value completes to: $argv[1] as __akkord_optval says it, $argv[2] the word
        # so far, $argv[3] what goes before each value, $argv[4] the store, $argv[5] the project,
        # then the positionals before the word.
        function __akkord_values
            set -l spec $argv[1]
            set -l cur $argv[2]
            set -l before $argv[3]
            switch $spec
                case '=*'
                    for v in (string split , -- (string sub -s 2 -- $spec))
                        printf '%s%s\\n' $before $v
                    end
                case file
                    for p in (__fish_complete_path $cur)
                        printf '%s%s\\n' $before $p
                    end
                case dir
                    for p in (__fish_complete_directories $cur)
                        printf '%s%s\\n' $before $p
                    end
                case '@*'
                    set -l global
                    set -l store (string replace -r '^~/' "$HOME/" -- $argv[4])
                    test -n "$store"; and set global $global --store $store
                    test -n "$argv[5]"; and set global $global --project $argv[5]
                    set -l program (commandline -opc)[1]
                    for v in ($program $global __complete (string sub -s 2 -- $spec) --describe -- $cur 2>/dev/null)
                        printf '%s%s\\n' $before $v
                    end
                case cmd
                    set -e argv[1..5]
                    __akkord_node subs (string join ' ' -- $argv)
            end
        end

        function __akkord_complete
            set -l tokens (commandline -opc)
            set -e tokens[1]
            set -l cur (commandline -ct)
            set -l cmdpath ''
            set -l expect ''
            set -l only 0
            set -l store ''
            set -l project ''
            set -l before
            set -l subnames (__akkord_node subnames '')
            set -l vopts (__akkord_node vopts '')
            for word in $tokens
                if test -n "$expect"
                    switch $expect
                        case --store
                            set store $word
                        case -p --project
                            set project $word
                    end
                    set expect ''
                else if test $only = 0; and test "$word" = --
                    set only 1
                else if test $only = 0; and string match -qr -- '^-[^0-9.,]' $word
                    switch $word
                        case '--store=*'
                            set store (string replace -- --store= '' $word)
                        case '--project=*'
                            set project (string replace -- --project= '' $word)
                        case '*=*'
                        case '*'
                            contains -- $word $vopts; and set expect $word
                    end
                else if test (count $before) -eq 0; and contains -- $word $subnames
                    set cmdpath (string trim -- "$cmdpath $word")
                    set subnames (__akkord_node subnames "$cmdpath")
                    set vopts (__akkord_node vopts "$cmdpath")
                else
                    set before $before $word
                end
            end

            if test -n "$expect"
                __akkord_values (__akkord_optval "$cmdpath" $expect) "$cur" '' "$store" "$project"
                return
            end
            if test $only = 0; and string match -q -- '--*=*' $cur
                set -l parts (string split -m 1 = -- $cur)
                __akkord_values (__akkord_optval "$cmdpath" $parts[1]) "$parts[2]" $parts[1]= "$store" "$project"
                return
            end
            if test $only = 0; and string match -q -- '-*' $cur
                __akkord_node opts "$cmdpath"
                return
            end
            test (count $before) -eq 0; and __akkord_node subs "$cmdpath"
            set -l specs (__akkord_node args "$cmdpath")
            set -l spec -
            if test (count $before) -lt (count $specs)
                set spec $specs[(math (count $before) + 1)]
            else
                set -l rest (__akkord_node rest "$cmdpath")
                test -n "$rest"; and set spec $rest
            end
            __akkord_values $spec "$cur" '' "$store" "$project" $before
        end

        complete -c akkord -e
        complete -c akkord -f -a '(__akkord_complete)'

        """
    }
}
