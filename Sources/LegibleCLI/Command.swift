/// A `legible` subcommand: its help and its behaviour.
protocol Command: SendableMetatype {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    /// Returns the exit status. Throws `UsageError` (status 2) or `LegibleError` (status 1).
    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32
}

extension Command {
    static var helpText: String {
        var text = "USAGE: \(usage)\n\n\(summary)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        let all = options.filter { !$0.isHidden } + [OptionSpec("help", short: "h", help: "Show this help.")]
        text += "\nOPTIONS:\n"
        let labels = all.map { spec -> String in
            var label = spec.short.map { "-\($0), " } ?? "    "
            label += "--\(spec.long)"
            if let value = spec.valueName { label += " \(value)" }
            return label
        }
        let width = min(labels.map(\.count).max() ?? 0, 30)
        for (label, spec) in zip(labels, all) {
            let padding = String(repeating: " ", count: max(1, width - label.count + 2))
            text += "  \(label)\(padding)\(spec.help)\n"
        }
        return text
    }
}

/// A command as a plain value: the registry holds these rather than existential metatypes.
///
/// The help text and the options are made when asked for: every run builds the registry, and
/// making them for all commands (the validation profiles, the input options) cost a run of
/// `legible info` on a small file a third of its time.
struct CommandEntry: Sendable {
    var name: String
    var summary: String
    var usage: String
    private var makeHelpText: @Sendable () -> String
    private var makeOptions: @Sendable () -> [OptionSpec]
    var run: @Sendable (Arguments, CommandIO) throws -> Int32

    var helpText: String { makeHelpText() }
    var options: [OptionSpec] { makeOptions() }

    init<C: Command>(_ command: C.Type) {
        name = C.name
        summary = C.summary
        usage = C.usage
        makeHelpText = { C.helpText }
        makeOptions = { C.options }
        run = { try C.run($0, io: $1) }
    }
}
