import Legible

/// The `legible` command line, as a library so tests can run it in-process.
public enum LegibleCommandLine {
    public static let version = LegibleEngine.version

    static let commands: [CommandEntry] = [CommandEntry(DumpCommand.self), CommandEntry(InfoCommand.self), CommandEntry(TimelineCommand.self), CommandEntry(ConvertCommand.self), CommandEntry(TracksCommand.self), CommandEntry(ValidateCommand.self), CommandEntry(RenderCommand.self), CommandEntry(BurnCommand.self), CommandEntry(ProbeCommand.self), CommandEntry(SegmentCommand.self)]

    static var helpText: String {
        var text = """
            legible \(version) — subtitles and closed captions: read, check, convert, render.

            USAGE: legible COMMAND [OPTIONS]

            COMMANDS:

            """
        let width = commands.map { $0.name.count }.max() ?? 0
        for command in commands {
            text += "  \(command.name)\(String(repeating: " ", count: width - command.name.count + 2))\(command.summary)\n"
        }
        text += """

            Run 'legible COMMAND --help' for a command's options.
            Options: -h, --help   Show this help.   --version   Print the version.
            Exit status: 0 success, 1 input that cannot be read (validate: findings), 2 usage error.

            """
        return text
    }

    /// Runs `legible` with the arguments after the program name; returns the exit status.
    public static func run(_ arguments: [String], io: CommandIO = .process) -> Int32 {
        guard let first = arguments.first else {
            io.writeStandardError(helpText)
            return 2
        }
        switch first {
        case "-h", "--help", "help":
            if first == "help", arguments.count > 1 {
                guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                    io.error("legible: unknown command '\(arguments[1])'")
                    return 2
                }
                io.writeStandardOutput(Array(command.helpText.utf8))
                return 0
            }
            io.writeStandardOutput(Array(helpText.utf8))
            return 0
        case "--version", "version":
            io.print("legible \(version)")
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let close = commands.map(\.name).filter { editDistance($0, first) <= 2 }
            let hint = close.isEmpty ? "" : " (did you mean '\(close[0])'?)"
            io.error("legible: unknown command '\(first)'\(hint); see 'legible --help'")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            io.writeStandardOutput(Array(command.helpText.utf8))
            return 0
        }
        io.program = "legible \(command.name)"
        defer { io.program = "legible" }
        do {
            let parsed = try Arguments.parse(rest, options: command.options)
            return try command.run(parsed, io)
        } catch let error as UsageError {
            io.error("legible \(command.name): \(error.message)")
            io.error("usage: \(command.usage)")
            return 2
        } catch let error as LegibleError where error.code == .unknownEncodingName || error.code == .invalidArgument {
            io.error("legible \(command.name): \(error.message)")
            io.error("usage: \(command.usage)")
            return 2
        } catch let error as LegibleError {
            io.error("legible \(command.name): \(error.message)")
            return 1
        } catch {
            io.error("legible \(command.name): \(error)")
            return 1
        }
    }
}
