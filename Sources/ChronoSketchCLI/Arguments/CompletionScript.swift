import Foundation

/// Shell completion scripts for `ics`, written from the same command specs the parser reads:
/// the commands and subcommands, each command's options, the values of options that take a
/// few fixed ones, dates, time zones and files.
enum CompletionScript {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// A command as completion sees it: the words that name it (`["layout", "day"]`) and its
    /// spec.
    struct Entry {
        var path: [String]
        var spec: CommandSpec
    }

    /// What an option's value completes to.
    enum Value: Equatable {
        /// Nothing to offer (a number, a text).
        case none
        case words([String])
        case files
        case zones
    }

    static func script(_ shell: Shell, commands: [any Command.Type], groups: [CommandGroup])
        -> String
    {
        let entries =
            commands.map { Entry(path: [$0.spec.name], spec: $0.spec) }
            + groups.flatMap { group in
                group.commands.map {
                    Entry(path: $0.spec.name.split(separator: " ").map(String.init), spec: $0.spec)
                }
            }
        let top =
            commands.map { ($0.spec.name, $0.spec.abstract) }
            + groups.map { ($0.name, $0.abstract) }
            + [("help", "Show help for a command.")]
        let subcommands = groups.map { group in
            (
                group.name,
                group.commands.map {
                    (String($0.spec.name.dropFirst(group.name.count + 1)), $0.spec.abstract)
                }
            )
        }
        switch shell {
        case .bash: return bash(entries, top: top, groups: subcommands)
        case .zsh: return zsh(entries, top: top, groups: subcommands)
        case .fish: return fish(entries, top: top, groups: subcommands)
        }
    }

    static func value(of option: OptionSpec) -> Value {
        if !option.values.isEmpty { return .words(option.values) }
        switch option.valueName {
        case "file": return .files
        case "zone": return .zones
        case "date": return .words(DateText.words)
        default: return .none
        }
    }

    /// The first sentence of an option's help, without its default: short enough for a
    /// completion menu.
    static func summary(_ help: String) -> String {
        var text = help
        if let range = text.range(of: " (default:") { text = String(text[..<range.lowerBound]) }
        if let range = text.range(of: ". ") { text = String(text[..<range.lowerBound]) }
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The zone names of the system's database (without `posix/` and `right/` copies), as a
    /// shell command.
    private static let zoneList =
        "find /usr/share/zoneinfo -type f ! -name '*.*' ! -path '*/posix/*' ! -path '*/right/*' 2>/dev/null | sed 's|^/usr/share/zoneinfo/||' | grep '^[A-Z]'"

    // MARK: bash

    private static func bash(
        _ entries: [Entry], top: [(String, String)], groups: [(String, [(String, String)])]
    ) -> String {
        var text = """
            # bash completion for ics, written by `ics completion bash`.
            # Load it with: source <(ics completion bash)

            _ics_zones() {
                \(zoneList)
            }

            _ics() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local command="${COMP_WORDS[1]}" skip=2
                COMPREPLY=()
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(top.map(\.0).joined(separator: " ")) --help --version" -- "$cur"))
                    return
                fi
                case "$command" in

            """
        for (group, names) in groups {
            text += """
                        \(group))
                            if [ "$COMP_CWORD" -eq 2 ]; then
                                COMPREPLY=($(compgen -W "\(names.map(\.0).joined(separator: " ")) --help" -- "$cur"))
                                return
                            fi
                            command="$command ${COMP_WORDS[2]}"
                            skip=3
                            ;;

                """
        }
        text += """
                    help)
                        if [ "$COMP_CWORD" -eq 2 ]; then
                            COMPREPLY=($(compgen -W "\(top.map(\.0).filter { $0 != "help" }.joined(separator: " ")) --man" -- "$cur"))
                        elif [ "$COMP_CWORD" -eq 3 ]; then
                            case "${COMP_WORDS[2]}" in

            """
        for (group, names) in groups {
            text += """
                                \(group)) COMPREPLY=($(compgen -W "\(names.map(\.0).joined(separator: " "))" -- "$cur")) ;;

                """
        }
        text += """
                            esac
                        fi
                        return
                        ;;
                esac
                local options positional=files
                case "$command" in

            """
        for entry in entries {
            let options = entry.spec.options.flatMap { option in
                ["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])
            }
            var line =
                "            \"\(entry.path.joined(separator: " "))\") options=\"\((options + ["--help"]).joined(separator: " "))\""
            if let positional = entry.spec.positional, !positional.values.isEmpty {
                line += "; positional=\"\(positional.values.joined(separator: " "))\""
            } else if entry.spec.positional == nil {
                line += "; positional="
            }
            text += line + " ;;\n"
        }
        text += """
                    *) return ;;
                esac
                case "$command $prev" in

            """
        for entry in entries {
            let name = entry.path.joined(separator: " ")
            for option in entry.spec.options where option.valueName != nil {
                let patterns = (["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])).map
                {
                    "\"\(name) \($0)\""
                }.joined(separator: "|")
                let action =
                    switch value(of: option) {
                    case .none: "return"
                    case .words(let words):
                        "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return"
                    case .files: "COMPREPLY=($(compgen -f -- \"$cur\")); return"
                    case .zones:
                        "COMPREPLY=($(compgen -W \"UTC local $(_ics_zones)\" -- \"$cur\")); return"
                    }
                text += "            \(patterns)) \(action) ;;\n"
            }
        }
        text += """
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                elif [ "$positional" = files ]; then
                    COMPREPLY=($(compgen -f -- "$cur"))
                elif [ -n "$positional" ] && [ "$COMP_CWORD" -eq "$skip" ]; then
                    COMPREPLY=($(compgen -W "$positional" -- "$cur"))
                fi
            }

            complete -o filenames -F _ics ics

            """
        return text
    }

    // MARK: zsh

    private static func zsh(
        _ entries: [Entry], top: [(String, String)], groups: [(String, [(String, String)])]
    ) -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        func described(_ items: [(String, String)]) -> String {
            items.map { "        " + quoted("\($0.0):\(summary($0.1))") }
                .joined(separator: "\n")
        }
        var text = """
            #compdef ics
            # zsh completion for ics, written by `ics completion zsh`. Install it as _ics in a
            # folder of $fpath, or load it with: source <(ics completion zsh)

            _ics_zones() {
                local -a zones
                zones=(UTC local ${(f)"$(\(zoneList))"})
                compadd -a zones
            }

            _ics() {
                local -a commands
                commands=(
            \(described(top))
                )
                if (( CURRENT == 2 )); then
                    _describe -t commands 'ics command' commands
                    return
                fi
                local command=$words[2]
                case $command in

            """
        for (group, names) in groups {
            text += """
                        \(group))
                            if (( CURRENT == 3 )); then
                                local -a subcommands
                                subcommands=(
                    \(described(names))
                                )
                                _describe -t commands 'ics \(group) command' subcommands
                                return
                            fi
                            command="${command}_$words[3]"
                            shift 2 words
                            (( CURRENT -= 2 ))
                            ;;

                """
        }
        text += """
                    help)
                        _describe -t commands 'ics command' commands
                        return
                        ;;
                    *)
                        shift words
                        (( CURRENT -= 1 ))
                        ;;
                esac
                case $command in

            """
        for entry in entries {
            var specs: [String] = []
            for option in entry.spec.options {
                let help =
                    "["
                    + summary(option.help).replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(
                        of: "]", with: "\\]"
                    )
                    .replacingOccurrences(of: ":", with: "\\:") + "]"
                var argument = ""
                if let valueName = option.valueName {
                    let action =
                        switch value(of: option) {
                        case .none: " "
                        case .words(let words): "(\(words.joined(separator: " ")))"
                        case .files: "_files"
                        case .zones: "_ics_zones"
                        }
                    argument = ":\(valueName):\(action)"
                }
                let repeats = option.repeats ? "*" : ""
                if let short = option.short {
                    specs.append(
                        (repeats.isEmpty ? quoted("(-\(short) --\(option.name))") : "")
                            + "\(repeats.isEmpty ? "" : "'*'"){-\(short),--\(option.name)}"
                            + quoted(help + argument))
                } else {
                    specs.append(quoted("\(repeats)--\(option.name)\(help)\(argument)"))
                }
            }
            if let positional = entry.spec.positional {
                let action =
                    positional.values.isEmpty
                    ? "_files" : "(\(positional.values.joined(separator: " ")))"
                specs.append(
                    quoted("\(positional.repeats ? "*" : "1"):\(positional.name):\(action)"))
            }
            text += "        \(entry.path.joined(separator: "_")))\n"
            text += "            _arguments -s -S \\\n"
            text += specs.map { "                \($0)" }.joined(separator: " \\\n") + "\n"
            text += "            ;;\n"
        }
        text += """
                esac
            }

            if [ "$funcstack[1]" = "_ics" ]; then
                _ics "$@"
            else
                compdef _ics ics
            fi

            """
        return text
    }

    // MARK: fish

    private static func fish(
        _ entries: [Entry], top: [(String, String)], groups: [(String, [(String, String)])]
    ) -> String {
        func quoted(_ text: String) -> String {
            "'"
                + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                    of: "'", with: "\\'") + "'"
        }
        var text = """
            # fish completion for ics, written by `ics completion fish`. Install it as ics.fish
            # in ~/.config/fish/completions, or load it with: ics completion fish | source

            function __ics_zones
                echo UTC
                echo local
                \(zoneList)
            end

            # True when the words after `ics` begin with $argv (a command, or a group and its
            # subcommand).
            function __ics_using
                set -l words (commandline -opc)
                set -e words[1]
                test (count $words) -ge (count $argv); or return 1
                for i in (seq (count $argv))
                    test "$words[$i]" = "$argv[$i]"; or return 1
                end
            end

            # True when the command line holds exactly $argv after `ics`, so the next word is
            # a (sub)command.
            function __ics_at
                set -l words (commandline -opc)
                set -e words[1]
                test "$words" = "$argv"
            end

            complete -c ics -f
            complete -c ics -n '__ics_at' -l help -d 'Show help information'
            complete -c ics -n '__ics_at' -l version -d 'Show the version'

            """
        for (name, abstract) in top {
            text += "complete -c ics -n '__ics_at' -a \(name) -d \(quoted(summary(abstract)))\n"
        }
        for (group, names) in groups {
            for (name, abstract) in names {
                text +=
                    "complete -c ics -n '__ics_at \(group)' -a \(name) -d \(quoted(summary(abstract)))\n"
            }
        }
        text +=
            "complete -c ics -n '__ics_at help' -a \(quoted(top.map(\.0).filter { $0 != "help" }.joined(separator: " ")))\n"
        for entry in entries {
            let condition = "-n '__ics_using \(entry.path.joined(separator: " "))'"
            text += "\n"
            for option in entry.spec.options {
                var line = "complete -c ics \(condition) -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if option.valueName != nil {
                    switch value(of: option) {
                    case .none: line += " -x"
                    case .words(let words): line += " -x -a \(quoted(words.joined(separator: " ")))"
                    case .files: line += " -r -F"
                    case .zones: line += " -x -a '(__ics_zones)'"
                    }
                }
                text += line + " -d \(quoted(summary(option.help)))\n"
            }
            if let positional = entry.spec.positional {
                text +=
                    positional.values.isEmpty
                    ? "complete -c ics \(condition) -F\n"
                    : "complete -c ics \(condition) -a \(quoted(positional.values.joined(separator: " ")))\n"
            }
        }
        return text
    }
}
