/// `ics completion bash|zsh|fish`: the completion script for a shell.
struct CompletionCommand: Command {
    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print a shell completion script: bash, zsh or fish.",
        discussion: """
            The script completes commands, subcommands, options, the values of options that \
            take a few fixed ones, date words, time zones and file names. Load it for one \
            shell with 'source <(ics completion bash)' (zsh likewise; fish: 'ics completion \
            fish | source'), or install it: 'make install' puts all three where bash-completion, \
            zsh and fish look.
            """,
        positional: PositionalSpec(
            name: "shell", help: "bash, zsh or fish.", repeats: false,
            values: CompletionScript.Shell.allCases.map(\.rawValue)),
        options: [])

    let shell: CompletionScript.Shell

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        let shells = CompletionScript.Shell.allCases.map(\.rawValue)
        guard let name = arguments.positionals.first else {
            throw UsageError(message: "Missing the shell: \(shells.joined(separator: ", "))")
        }
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError(
                message:
                    "No completion for '\(name)'; choose \(shells.joined(separator: ", "))")
        }
        self.shell = shell
    }

    func run(io: CommandIO) -> ExitStatus {
        io.standardOutput.write(
            CompletionScript.script(
                shell, commands: ICSCommandLine.commands, groups: ICSCommandLine.groups))
        return .success
    }
}
