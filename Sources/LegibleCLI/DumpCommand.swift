import Legible

/// `legible dump`: what Legible reads from a caption file, as text or as the JSON of cue-json.md.
enum DumpCommand: Command {
    static let name = "dump"
    static let summary = "Print the cues and diagnostics Legible reads from a caption file."
    static let usage = "legible dump FILE [--format text|json | --json | --cue-tree | --disassemble [--channels]] [--hls-segment [--hls-reference SECONDS]] [--from FORMAT] [--encoding NAME]"
    static let discussion = """
        FILE may be '-' for standard input. With --json the output is the stable JSON form
        documented in docs/cue-json.md (WebVTT cues carry their 'vtt' view); otherwise a readable
        listing, with diagnostics on stderr. --cue-tree prints each WebVTT cue's text as the
        html5lib-style tree the web-platform-tests use. --hls-segment reads the file as an HLS
        WebVTT segment: cue times are mapped onto the media timeline by its X-TIMESTAMP-MAP
        header (RFC 8216 §3.5; without one, cue time 0 is MPEG-2 time 0), unwrapping the 33-bit
        MPEG-2 clock around --hls-reference (the segment's own time by default). --disassemble
        prints an SCC file's lines with their CEA-608 codes spelled out ({RCL}, {1504}, {EOC},
        text), as ttconv's disassembler does; --channels prefixes each code with its channel.
        A media file (MKV, MP4, MPEG-TS...) is read too: --track picks its subtitle stream (s:N),
        608 channel (CC1) or language (fr), else the selection rules do and say which (docs/media.md).
        Exit status: 0 when the file was read (diagnostics may still be reported), 1 when it could
        not be read at all, 2 for a usage error.
        """
    static let options: [OptionSpec] = [
        OptionSpec("cue-tree", help: "Print each WebVTT cue's text as an html5lib-style tree (as the web-platform-tests)."),
        OptionSpec("disassemble", help: "Print an SCC file's CEA-608 codes readably, line by line ({RCL}, {1504}, text)."),
        OptionSpec("channels", help: "With --disassemble: prefix each code with its channel (CC1|, CC2|)."),
        OptionSpec("hls-segment", help: "Map cue times onto the media timeline with the segment's X-TIMESTAMP-MAP (WebVTT)."),
        OptionSpec("hls-reference", value: "SECONDS", help: "With --hls-segment: a media time near the segment, to unwrap the 33-bit MPEG-2 clock around."),
    ] + OutputOptions.specs(["text", "json"]) + [InputOptions.trackSpec] + InputOptions.specs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "dump needs a FILE" : "dump takes one FILE")
        }
        let json = try OutputOptions.format(arguments, ["text", "json"]) == "json"
        let outputs = (json ? ["json"] : []) + ["cue-tree", "disassemble"].filter { arguments.has($0) }
        if outputs.count > 1 {
            throw UsageError(message: outputs.map { "--" + $0 }.joined(separator: " and ") + " are different outputs; choose one")
        }
        if arguments.has("channels") && !arguments.has("disassemble") {
            throw UsageError(message: "--channels goes with --disassemble")
        }
        let reference = try arguments.time("hls-reference")
        if reference != nil && !arguments.has("hls-segment") { throw UsageError(message: "--hls-reference needs --hls-segment") }
        var input: LoadedInput
        do {
            input = try InputOptions.load(arguments.positionals[0], arguments, io: io, keepsCueViews: json || arguments.has("cue-tree"),
                                        selectsTrack: true)
        } catch let error as LegibleError where json {
            // The contract: a file that cannot be read still gets its JSON, with the error.
            let named = try InputOptions.forcedFormat(arguments) ?? CaptionFormat.forFileName(arguments.positionals[0])
            try CueJSON.write(error, format: named?.id) { io.writeStandardOutput(Array($0)) }
            throw error
        }
        if arguments.has("hls-segment") {
            guard input.format == .webVTT else {
                throw UsageError(message: "--hls-segment applies to WebVTT segments; \(input.displayName) is \(input.format.name)")
            }
            input.mapOntoMediaTimeline(reference: reference)
            if !json, let file = input.file.contents as? WebVTTFile {
                // Say which mapping was used: a segment without the header is easy to miss.
                let mapping = file.timestampMap.map {
                    "X-TIMESTAMP-MAP MPEGTS:\($0.mpegts),LOCAL:\(clock($0.local)): cue times mapped onto the media timeline"
                } ?? "no X-TIMESTAMP-MAP: cue time 0 is taken as MPEG-2 time 0 (RFC 8216 §3.5)"
                io.error("\(input.displayName): hls: \(mapping)")
            }
        }
        if arguments.has("disassemble") {
            guard input.format == .scc else {
                throw UsageError(message: "--disassemble shows SCC codes; \(input.displayName) is \(input.format.name)")
            }
            let text = SCCDisassembler.disassemble(input.source, options: .init(showsChannels: arguments.has("channels")))
            io.writeStandardOutput(Array(text.utf8))
            InputOptions.report(input, io: io, arguments)
        } else if arguments.has("cue-tree") {
            guard input.format == .webVTT else {
                throw UsageError(message: "--cue-tree shows WebVTT cue text; \(input.displayName) is \(input.format.name)")
            }
            io.writeStandardOutput(Array(cueTrees(input).utf8))
            InputOptions.report(input, io: io, arguments)
        } else if json {
            try CueJSON.write(input.file, document: input.document, diagnostics: input.result.diagnostics) { io.writeStandardOutput(Array($0)) }
        } else {
            io.writeStandardOutput(Array(listing(input).utf8))
            InputOptions.report(input, io: io, arguments)
        }
        ProcessLifetime.keepUntilExit(input)
        if input.isUnreadable {
            io.error("legible: \(input.displayName) could not be read")
            return 1
        }
        return 0
    }

    static func listing(_ input: LoadedInput) -> String {
        let document = input.result.value
        var text = "format: \(document.format.rawValue)\nencoding: \(document.encoding ?? "unknown")"
        if input.source.encodingSource == .detected { text += " (detected, confidence \(input.source.confidence)%)" }
        text += "\n"
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

    /// Each cue's identifier and times, then its cue text tree (W3C WebVTT §6.4, html5lib form).
    static func cueTrees(_ input: LoadedInput) -> String {
        var text = ""
        for (c, cue) in (input.result.value.tracks.first?.cues ?? []).enumerated() {
            if c > 0 { text += "\n" }
            text += "cue \(cue.id ?? "#\(c)")  \(clock(cue.start)) --> \(cue.end.map(clock) ?? "(open)")\n"
            text += WebVTTCueTree.dump(cue.content) + "\n"
        }
        return text
    }

    static func clock(_ time: MediaTime) -> String {
        var out = ByteWriter(capacity: 16)
        out.appendClock(time, separator: UInt8(ascii: "."), signed: true)
        return String(decoding: out.finish(), as: UTF8.self)
    }
}
