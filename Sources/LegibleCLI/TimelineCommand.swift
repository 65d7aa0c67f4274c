import Legible

/// `legible timeline`: the significant times of a caption file and the cues shown from each one,
/// for any format (it works from the `Document`), as text or as the JSON of cue-json.md.
enum TimelineCommand: Command {
    static let name = "timeline"
    static let summary = "Print every time at which the cues shown change, and the cues shown from then on."
    static let usage = "legible timeline FILE [--json] [--format FORMAT] [--encoding NAME]"
    static let discussion = """
        FILE may be '-' for standard input. The times are 0 and every time at which the set of
        active cues changes; each lists the cues active from that time until the next, in display
        order, by id (or '#N', the cue's zero-based index in 'legible dump', for a cue without an
        id). For TTML, cues are made per region from the document's ISD sequence, so these times
        are the significant times at which what is shown changes. With --json the output is the
        stable form documented in docs/cue-json.md; diagnostics go to stderr.
        Exit status: 0 when the file was read, 1 when it could not be read at all, 2 for a usage error.
        """
    static let options: [OptionSpec] = [
        OptionSpec("json", help: "Print JSON (the contract in docs/cue-json.md)."),
    ] + InputOptions.specs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "timeline needs a FILE" : "timeline takes one FILE")
        }
        let input = try InputOptions.load(arguments.positionals[0], arguments, io: io)
        let track = input.result.value.tracks.first ?? Track()
        let entries = timeline(of: track.cues)
        if arguments.has("json") {
            let json = JSON.object([("times", .array(entries.map { entry in
                .object([("time", .number(entry.time.secondsText)), ("cues", .array(entry.cues.map(JSON.string)))])
            }))])
            io.writeStandardOutput(json.serialized())
        } else {
            var text = ""
            for entry in entries {
                text += "\(DumpCommand.clock(entry.time))  \(entry.cues.isEmpty ? "-" : entry.cues.joined(separator: " "))\n"
            }
            io.writeStandardOutput(Array(text.utf8))
        }
        InputOptions.report(input, io: io, minimum: .warning)
        ProcessLifetime.keepUntilExit(input)
        if input.isUnreadable {
            io.error("legible: \(input.displayName) could not be read")
            return 1
        }
        return 0
    }

    struct Entry: Equatable {
        var time: MediaTime
        var cues: [String]
    }

    /// 0 and every time the set of active cues changes, with the cues active from it (by id, or
    /// `#index`), in cue order. Kept self-contained so that it can move to the Timeline module.
    static func timeline(of cues: [Cue]) -> [Entry] {
        var times: Set<MediaTime> = [.zero]
        for cue in cues {
            times.insert(cue.start)
            if let end = cue.end { times.insert(end) }
        }
        let sorted = times.sorted()
        // Sweep: cues sorted by start; the active list gains cues as their start passes and
        // loses them at their end.
        let order = cues.indices.sorted { (cues[$0].start, $0) < (cues[$1].start, $1) }
        var next = 0
        var active: [Int] = []
        var entries: [Entry] = []
        for t in sorted {
            while next < order.count && cues[order[next]].start <= t {
                active.append(order[next])
                next += 1
            }
            active.removeAll { index in cues[index].end.map { $0 <= t } ?? false }
            active.sort()
            let ids = active.filter { cues[$0].start <= t }.map { cues[$0].id ?? "#\($0)" }
            if let last = entries.last, last.cues == ids { continue }
            entries.append(Entry(time: t, cues: ids))
        }
        return entries
    }
}
