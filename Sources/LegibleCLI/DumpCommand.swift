import Legible

/// `legible dump`: what Legible reads from a caption file, as text or as the JSON of cue-json.md.
enum DumpCommand: Command {
    static let name = "dump"
    static let summary = "Print the cues and diagnostics Legible reads from a caption file."
    static let usage = "legible dump FILE [--format text|json | --json\(debugViews.map { view in " | --\(view.name)" + view.flags.map { " [--\($0.name)]" }.joined() }.joined())] [--hls-segment [--hls-reference SECONDS]] [--track ID] [--from FORMAT] [--encoding NAME]"
    /// The debugging views of every format that has one (`--cue-tree`, `--disassemble`).
    /// A name several formats share (`--disassemble`: 608 and 708 codes) is one option, with the
    /// first format's help; each file then shows its own format's view.
    static var debugViews: [DebugView] {
        var seen = Set<String>()
        return CaptionFormat.all.flatMap(\.debugViews).filter { seen.insert($0.name).inserted }
    }
    static let discussion = """
        FILE may be '-' for standard input. With --json the output is the stable JSON form
        documented in docs/cue-json.md (WebVTT cues carry their 'vtt' view); otherwise a readable
        listing, with diagnostics on stderr. --hls-segment reads the file as an HLS WebVTT segment:
        cue times are mapped onto the media timeline by its X-TIMESTAMP-MAP header (RFC 8216 §3.5;
        without one, cue time 0 is MPEG-2 time 0), unwrapping the 33-bit MPEG-2 clock around
        --hls-reference (the segment's own time by default). Each format's debugging views
        (below: \(debugViews.map { "--" + $0.name }.joined(separator: ", "))) print what only that format has.
        A media file (MKV, MP4, MPEG-TS...) is read too: --track picks its subtitle stream (s:N),
        608 channel (CC1), 708 service (SERVICE1) or language (fr), else the selection rules do and say which (docs/media.md).
        Exit status: 0 when the file was read (diagnostics may still be reported), 1 when it could
        not be read at all, 2 for a usage error.
        """
    static let options: [OptionSpec] = debugViews.flatMap { view in
        [OptionSpec(view.name, help: view.help)] + view.flags.map { OptionSpec($0.name, help: $0.help) }
    } + [
        OptionSpec("hls-segment", help: "Map cue times onto the media timeline with the segment's X-TIMESTAMP-MAP (WebVTT)."),
        OptionSpec("hls-reference", value: "SECONDS", help: "With --hls-segment: a media time near the segment, to unwrap the 33-bit MPEG-2 clock around."),
    ] + OutputOptions.specs(["text", "json"]) + [InputOptions.trackSpec] + InputOptions.specs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "dump needs a FILE" : "dump takes one FILE")
        }
        let json = try OutputOptions.format(arguments, ["text", "json"]) == "json"
        let views = debugViews.filter { arguments.has($0.name) }
        let outputs = (json ? ["json"] : []) + views.map(\.name)
        if outputs.count > 1 {
            throw UsageError(message: outputs.map { "--" + $0 }.joined(separator: " and ") + " are different outputs; choose one")
        }
        for view in debugViews where !views.contains(where: { $0.name == view.name }) {
            for flag in view.flags where arguments.has(flag.name) { throw UsageError(message: "--\(flag.name) goes with --\(view.name)") }
        }
        let reference = try arguments.time("hls-reference")
        if reference != nil && !arguments.has("hls-segment") { throw UsageError(message: "--hls-reference needs --hls-segment") }
        var input: LoadedInput
        do {
            input = try InputOptions.load(arguments.positionals[0], arguments, io: io, keepsCueViews: json || !views.isEmpty)
        } catch let error as LegibleError where json {
            // The contract: a file that cannot be read still gets its JSON, with the error.
            let named = try InputOptions.forcedFormat(arguments) ?? CaptionFormat.forFileName(arguments.positionals[0])
            try CueJSON.write(error, format: named?.id) { io.writeStandardOutput(Array($0)) }
            throw error
        }
        if arguments.has("hls-segment") {
            guard let note = input.mapOntoMediaTimeline(reference: reference) else {
                throw UsageError(message: "--hls-segment applies to HLS segments (WebVTT); \(input.displayName) is \(input.format.name)")
            }
            if !json { io.error("\(input.displayName): hls: \(note)") }
        }
        if let view = views.first {
            guard let own = input.format.debugViews.first(where: { $0.name == view.name }) else {
                throw UsageError(message: "--\(view.name) \(view.shows); \(input.displayName) is \(input.format.name)")
            }
            let flags = Set(own.flags.map(\.name).filter { arguments.has($0) })
            io.writeStandardOutput(Array(own.render(input.file, input.document, flags).utf8))
            InputOptions.report(input, io: io, arguments)
        } else if json {
            try CueJSON.write(input.file, document: input.document, diagnostics: input.result.diagnostics) { io.writeStandardOutput(Array($0)) }
        } else {
            io.writeStandardOutput(Array(listing(input).utf8))
            InputOptions.report(input, io: io, arguments)
        }
        ProcessLifetime.keepUntilExit(input)
        if input.isUnreadable {
            io.say("\(input.displayName) could not be read")
            return 1
        }
        return 0
    }

    static func listing(_ input: LoadedInput) -> String {
        let document = input.result.value
        let (format, encoding) = input.formatAndEncoding
        var text = "format: \(format)\nencoding: \(encoding)\n"
        for (t, track) in document.tracks.enumerated() {
            text += "track \(track.id ?? "#\(t)"): \(track.kind.rawValue), language \(track.language?.rawValue ?? "unknown"), \(track.cues.count) cue\(track.cues.count == 1 ? "" : "s")\n"
            for (c, cue) in track.cues.enumerated() {
                let end = cue.end.map { clock($0) } ?? "(open)"
                text += "\n\(cue.id ?? "#\(c)")  \(clock(cue.start)) --> \(end)"
                if !cue.layout.isDefault { text += "  [positioned]" }
                text += "\n"
                for line in cue.plainText.split(separator: "\n", omittingEmptySubsequences: false) {
                    text += "  \(line)\n"
                }
            }
        }
        return text
    }

    static func clock(_ time: MediaTime) -> String {
        var out = ByteWriter(capacity: 16)
        out.appendClock(time, separator: UInt8(ascii: "."), signed: true)
        return String(decoding: out.finish(), as: UTF8.self)
    }
}
