import Legible

/// `legible timeline`: the significant times of a track and what is on screen from each one, as
/// `docs/cue-json.md` specifies — what conformance runners compare with a suite's expected
/// timelines, and the quickest answer to "what shows when".
enum TimelineCommand: Command {
    static let name = "timeline"
    static let summary = "List the times at which what is on screen changes, and the cues shown from each."
    static let usage = "legible timeline FILE [--format text|json] [--track ID] [--from FORMAT] [--encoding NAME]"
    static let discussion = """
        FILE may be '-' for standard input. The first track is used unless --track names another
        (an SCC file's CC2, say, as legible tracks lists it). A cue shows from its start (included) to its end (excluded); a time
        is listed when the set of cues on screen changes, and 0 (or an earlier start) always. Each cue is named by its id,
        or by "#N", its zero-based place in the track as `legible dump` prints it.
        The reader's warnings and errors go to stderr.
        A media file (MKV, MP4, MPEG-TS...) is read too: --track picks its subtitle stream (s:N),
        608 channel (CC1), 708 service (SERVICE1) or language (fr), else the selection rules do and say which (docs/media.md).
        Exit status: 0 when the file was read, 1 when it could not be read at all, 2 for a usage error.
        """
    static let options: [OptionSpec] = OutputOptions.specs(["text", "json"]) + [InputOptions.trackSpec] + InputOptions.specs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "timeline needs a FILE" : "timeline takes one FILE")
        }
        let json = try OutputOptions.format(arguments, ["text", "json"]) == "json"
        let input = try InputOptions.load(arguments.positionals[0], arguments, io: io)
        let track = input.document.tracks.first ?? Track()
        let timeline = Timeline(track: track)
        if json {
            try CueJSON.write(timeline) { io.writeStandardOutput(Array($0)) }
        } else {
            var text = ""
            for k in timeline.times.indices {
                let shown = timeline.activeCues(inInterval: k).map { track.cues[Int($0)].id ?? "#\($0)" }
                text += "\(timeline.times[k].secondsText)\t\(shown.isEmpty ? "(nothing)" : shown.joined(separator: " "))\n"
            }
            io.writeStandardOutput(Array(text.utf8))
        }
        InputOptions.report(input, io: io, arguments)
        ProcessLifetime.keepUntilExit(input)
        if input.isUnreadable {
            io.say("\(input.displayName) could not be read")
            return 1
        }
        return 0
    }
}
