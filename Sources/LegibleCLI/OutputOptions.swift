import Legible

/// What a command prints: `--format NAME` in every command (`text` by default), and `--json` as
/// the short form of `--format json`.
enum OutputOptions {
    static func specs(_ formats: [String]) -> [OptionSpec] {
        [
            OptionSpec("format", short: "f", value: "FORMAT", help: "What to print: \(formats.joined(separator: ", ")) (default \(formats[0]))."),
            OptionSpec("json", help: "Short for --format json."),
        ]
    }

    /// The output format asked for, one of `formats` (the first is the default).
    static func format(_ arguments: Arguments, _ formats: [String]) throws -> String {
        let named = arguments.value("format")?.lowercased()
        if arguments.has("json"), let named, named != "json" {
            throw UsageError(message: "--json and --format \(named) ask for different outputs; choose one")
        }
        let chosen = arguments.has("json") ? "json" : named ?? formats[0]
        guard formats.contains(chosen) else {
            if CaptionFormat.named(chosen) != nil {
                throw UsageError(message: "--format names what to print (\(formats.joined(separator: ", "))); the input's caption format is --from \(chosen)")
            }
            throw UsageError(message: "unknown --format '\(chosen)' (\(formats.joined(separator: ", ")))")
        }
        return chosen
    }
}
