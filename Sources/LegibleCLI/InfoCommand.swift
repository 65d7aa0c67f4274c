import Legible

/// `legible info`: what a caption file is — format, encoding, tracks, cue counts, time span,
/// diagnostics by code — without printing the cues. The quick look before a pipeline acts on a
/// file, and the cheapest command that reads every cue.
enum InfoCommand: Command {
    static let name = "info"
    static let summary = "Summarise a caption file: format, encoding, tracks, cues, time span, diagnostics."
    static let usage = "legible info FILE [--format text|json] [--from FORMAT] [--encoding NAME]"
    static let discussion = """
        FILE may be '-' for standard input. The file is read completely (every cue parsed, styles
        applied), then summarised: one block per track, and the number of diagnostics of each code.
        A media file (MKV, MP4, MPEG-TS...) is read too: --track picks its subtitle stream (s:N),
        608 channel (CC1), 708 service (SERVICE1) or language (fr), else the selection rules do and say which (docs/media.md).
        Exit status: 0 when the file was read, 1 when it could not be read at all, 2 for a usage error.
        """
    static let options: [OptionSpec] = [
    ] + OutputOptions.specs(["text", "json"]) + [InputOptions.trackSpec] + InputOptions.specs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "info needs a FILE" : "info takes one FILE")
        }
        let json = try OutputOptions.format(arguments, ["text", "json"]) == "json"
        let input = try InputOptions.load(arguments.positionals[0], arguments, io: io)
        let summary = Summary(input)
        io.writeStandardOutput(json ? summary.json.serialized() : Array(summary.text.utf8))
        ProcessLifetime.keepUntilExit((input, summary))
        if input.isUnreadable {
            io.say("\(input.displayName) could not be read")
            return 1
        }
        return 0
    }

    struct Summary {
        struct TrackSummary {
            var track: Track
            var cueCount: Int
            var first: MediaTime?
            var last: MediaTime?
            var openEnded: Int
            var positioned: Int
            var styled: Int
        }

        var input: LoadedInput
        var tracks: [TrackSummary]
        var codes: [(code: String, severity: Severity, count: Int)]

        init(_ input: LoadedInput) {
            self.input = input
            let document = input.result.value
            tracks = document.tracks.map { track in
                var summary = TrackSummary(track: track, cueCount: track.cues.count, openEnded: 0, positioned: 0, styled: 0)
                // Through a pointer, reading fields in place: binding or subscripting each cue
                // copies (retains) all of it.
                track.cues.withUnsafeBufferPointer { cues in
                    guard let base = cues.baseAddress else { return }
                    for cue in base..<(base + cues.count) {
                        let start = cue.pointee.start
                        summary.first = min(summary.first ?? start, start)
                        if let end = cue.pointee.end {
                            summary.last = max(summary.last ?? end, end)
                        } else {
                            summary.openEnded += 1
                        }
                        if !cue.pointee.hasDefaultLayout { summary.positioned += 1 }
                        if cue.pointee.hasStyle || InlineNode.containsStyle(cue.pointee.content) { summary.styled += 1 }
                    }
                }
                return summary
            }
            var counts: [String: (Severity, Int)] = [:]
            var order: [String] = []
            for d in input.result.diagnostics {
                if counts[d.code.rawValue] == nil { order.append(d.code.rawValue) }
                counts[d.code.rawValue, default: (d.severity, 0)].1 += 1
            }
            codes = order.map { ($0, counts[$0]!.0, counts[$0]!.1) }
        }

        var text: String {
            let (format, encoding) = input.formatAndEncoding
            var out = "\(input.displayName): \(format), \(encoding)\n"
            for (t, summary) in tracks.enumerated() {
                let track = summary.track
                out += "track \(track.id ?? "#\(t)"): \(track.kind.rawValue), language \(track.language?.rawValue ?? "unknown"), "
                out += "\(summary.cueCount) cue\(summary.cueCount == 1 ? "" : "s")"
                if let first = summary.first, let last = summary.last {
                    out += ", \(DumpCommand.clock(first)) to \(DumpCommand.clock(last))"
                }
                out += "\n"
                var details: [String] = []
                if summary.positioned > 0 { details.append("\(summary.positioned) positioned") }
                if summary.styled > 0 { details.append("\(summary.styled) styled") }
                if summary.openEnded > 0 { details.append("\(summary.openEnded) still open at the end") }
                if !track.regions.isEmpty { details.append("\(track.regions.count) region\(track.regions.count == 1 ? "" : "s")") }
                if !details.isEmpty { out += "  " + details.joined(separator: ", ") + "\n" }
            }
            if codes.isEmpty {
                out += "no diagnostics\n"
            } else {
                out += "diagnostics:\n"
                for entry in codes { out += "  \(entry.count) × \(entry.severity.rawValue) [\(entry.code)]\n" }
            }
            return out
        }

        var json: JSON {
            let document = input.result.value
            return .object([
                ("format", .string(document.format.rawValue)),
                ("encoding", .optional(document.encoding)),
                ("tracks", .array(tracks.map { summary in
                    .object([
                        ("id", .optional(summary.track.id)),
                        ("language", .optional(summary.track.language?.rawValue)),
                        ("kind", .string(summary.track.kind.rawValue)),
                        ("cues", .int(summary.cueCount)),
                        ("start", summary.first.map { .number($0.secondsText) } ?? .null),
                        ("end", summary.last.map { .number($0.secondsText) } ?? .null),
                        ("positioned", .int(summary.positioned)),
                        ("styled", .int(summary.styled)),
                        ("openEnded", .int(summary.openEnded)),
                        ("regions", .int(summary.track.regions.count)),
                    ])
                })),
                ("diagnostics", .array(codes.map { entry in
                    .object([("code", .string(entry.code)), ("severity", .string(entry.severity.rawValue)),
                             ("count", .int(entry.count))])
                })),
            ])
        }
    }
}
