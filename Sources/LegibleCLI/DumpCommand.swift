import Legible

/// `legible dump`: what Legible reads from a caption file, as text or as the JSON of cue-json.md.
enum DumpCommand: Command {
    static let name = "dump"
    static let summary = "Print the cues and diagnostics Legible reads from a caption file."
    static let usage = "legible dump FILE [--json | --cue-tree | --disassemble [--channels]] [--hls-segment [--hls-reference SECONDS]] [--format FORMAT] [--encoding NAME]"
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
        Exit status: 0 when the file was read (diagnostics may still be reported), 1 when it could
        not be read at all, 2 for a usage error.
        """
    static let options: [OptionSpec] = [
        OptionSpec("json", help: "Print JSON (the contract in docs/cue-json.md)."),
        OptionSpec("cue-tree", help: "Print each WebVTT cue's text as an html5lib-style tree (as the web-platform-tests)."),
        OptionSpec("disassemble", help: "Print an SCC file's CEA-608 codes readably, line by line ({RCL}, {1504}, text)."),
        OptionSpec("channels", help: "With --disassemble: prefix each code with its channel (CC1|, CC2|)."),
        OptionSpec("hls-segment", help: "Map cue times onto the media timeline with the segment's X-TIMESTAMP-MAP (WebVTT)."),
        OptionSpec("hls-reference", value: "SECONDS", help: "With --hls-segment: a media time near the segment, to unwrap the 33-bit MPEG-2 clock around."),
    ] + InputOptions.specs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "dump needs a FILE" : "dump takes one FILE")
        }
        let outputs = ["json", "cue-tree", "disassemble"].filter { arguments.has($0) }
        if outputs.count > 1 {
            throw UsageError(message: outputs.map { "--" + $0 }.joined(separator: " and ") + " are different outputs; choose one")
        }
        if arguments.has("channels") && !arguments.has("disassemble") {
            throw UsageError(message: "--channels goes with --disassemble")
        }
        var reference: MediaTime?
        if let text = arguments.value("hls-reference") {
            guard arguments.has("hls-segment") else { throw UsageError(message: "--hls-reference needs --hls-segment") }
            guard let seconds = Fraction(decimal: text.utf8) else {
                throw UsageError(message: "--hls-reference takes seconds, such as 95443.7 (got '\(text)')")
            }
            reference = MediaTime(value: seconds.numerator, timescale: seconds.denominator)
        }
        var input: LoadedInput
        do {
            input = try InputOptions.load(arguments.positionals[0], arguments, io: io,
                                          details: arguments.has("json") || arguments.has("cue-tree"))
        } catch let failure as InputFailure where arguments.has("json") {
            // The contract: a file that cannot be read still gets its JSON, with the error.
            io.writeStandardOutput(DumpJSON.failure(failure).serialized())
            throw failure
        }
        if arguments.has("hls-segment") {
            guard input.format == .webVTT else {
                throw UsageError(message: "--hls-segment applies to WebVTT segments; \(input.displayName) is \(input.format.rawValue)")
            }
            input.mapOntoMediaTimeline(reference: reference)
            if !arguments.has("json"), case .webVTT(let file)? = input.details {
                // Say which mapping was used: a segment without the header is easy to miss.
                let mapping = file.timestampMap.map {
                    "X-TIMESTAMP-MAP MPEGTS:\($0.mpegts),LOCAL:\(clock($0.local)): cue times mapped onto the media timeline"
                } ?? "no X-TIMESTAMP-MAP: cue time 0 is taken as MPEG-2 time 0 (RFC 8216 §3.5)"
                io.error("\(input.displayName): hls: \(mapping)")
            }
        }
        if arguments.has("disassemble") {
            guard input.format == .scc else {
                throw UsageError(message: "--disassemble shows SCC codes; \(input.displayName) is \(input.format.rawValue)")
            }
            let text = SCCDisassembler.disassemble(input.source, options: .init(showsChannels: arguments.has("channels")))
            io.writeStandardOutput(Array(text.utf8))
            InputOptions.report(input, io: io, minimum: .info)
        } else if arguments.has("cue-tree") {
            guard input.format == .webVTT else {
                throw UsageError(message: "--cue-tree shows WebVTT cue text; \(input.displayName) is \(input.format.rawValue)")
            }
            io.writeStandardOutput(Array(cueTrees(input).utf8))
            InputOptions.report(input, io: io, minimum: .info)
        } else if arguments.has("json") {
            io.writeStandardOutput(DumpJSON.document(input).serialized())
        } else {
            io.writeStandardOutput(Array(listing(input).utf8))
            InputOptions.report(input, io: io, minimum: .info)
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
            text += "track \(track.id ?? "#\(t)"): \(track.kind.rawValue), language \(track.language ?? "unknown"), \(track.cues.count) cue\(track.cues.count == 1 ? "" : "s")\n"
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

/// The JSON of `legible dump --json` (docs/cue-json.md).
enum DumpJSON {
    static func document(_ input: LoadedInput) -> JSON {
        let document = input.result.value
        return .object([
            ("format", .string(document.format.rawValue)),
            ("encoding", .optional(document.encoding)),
            ("encodingConfidence", .int(input.source.confidence)),
            ("tracks", .array(input.isUnreadable ? [] : document.tracks.indices.map {
                track(document.tracks[$0], index: $0, details: input.details)
            })),
            ("diagnostics", .array(input.result.diagnostics.map(diagnostic))),
        ])
    }

    static func failure(_ failure: InputFailure) -> JSON {
        .object([
            ("format", .optional(failure.format)),
            ("encoding", .null),
            ("tracks", .array([])),
            ("diagnostics", .array([.object([
                ("severity", .string("error")), ("code", .string(failure.code)), ("message", .string(failure.message)),
                ("line", .null), ("column", .null),
            ])])),
        ])
    }

    static func track(_ track: Track, index: Int = 0, details: Formats.FormatDetails? = nil) -> JSON {
        var members: [(String, JSON)] = [
            ("id", .optional(track.id)),
            ("language", .optional(track.language)),
            ("kind", .string(track.kind.rawValue)),
        ]
        if let label = track.label { members.append(("label", .string(label))) }
        if case .webVTT(let file)? = details, file.cueValues.count == track.cues.count {
            members.append(("cues", .array(zip(track.cues, file.cueValues).map { cue($0, vtt: vtt($1, regions: file.regionValues)) })))
        } else if case .scc(let file)? = details, index < file.captions.count, file.captions[index].count == track.cues.count {
            members.append(("cues", .array(zip(track.cues, file.captions[index]).map { cue($0, cea608: cea608(CEA608CueValues($1))) })))
        } else {
            members.append(("cues", .array(track.cues.map { cue($0) })))
        }
        members.append(("regions", .array(track.regions.map(region))))
        return .object(members)
    }

    static func cue(_ cue: Cue, vtt: JSON? = nil, cea608: JSON? = nil) -> JSON {
        var members: [(String, JSON)] = [
            ("id", .optional(cue.id)),
            ("start", .number(cue.start.secondsText)),
            ("end", cue.end.map { .number($0.secondsText) } ?? .null),
            ("text", .string(cue.plainText)),
        ]
        if let vtt { members.append(("vtt", vtt)) }
        if let cea608 { members.append(("cea608", cea608)) }
        if !cue.hasDefaultLayout { members.append(("layout", layout(cue.layout))) }
        return .object(members)
    }

    /// The `cea608` view of docs/cue-json.md: channel, mode, and each displayed row.
    static func cea608(_ values: CEA608CueValues) -> JSON {
        .object([
            ("channel", .string(values.channel.rawValue)),
            ("mode", .string(values.mode.description)),
            ("rows", .array(values.rows.map { row in
                .object([("row", .int(row.row)), ("column", .int(row.column)), ("text", .string(row.text))])
            })),
        ])
    }

    /// The `vtt` view of docs/cue-json.md: the cue as the `VTTCue` API shows it.
    static func vtt(_ values: WebVTTCueValues, regions: [WebVTTRegionValues]) -> JSON {
        var region = JSON.null
        if let index = values.regionIndex {
            let r = regions[index]
            region = .object([
                ("id", .string(r.id)), ("width", number(r.width)), ("lines", number(r.lines)),
                ("regionAnchorX", number(r.regionAnchorX)), ("regionAnchorY", number(r.regionAnchorY)),
                ("viewportAnchorX", number(r.viewportAnchorX)), ("viewportAnchorY", number(r.viewportAnchorY)),
                ("scroll", .string(r.scroll)),
            ])
        }
        return .object([
            ("text", .string(values.text)),
            ("vertical", .string(values.vertical)),
            ("snapToLines", .bool(values.snapToLines)),
            ("line", values.line.map(number) ?? .string("auto")),
            ("lineAlign", .string(values.lineAlignment.rawValue)),
            ("position", values.position.map(number) ?? .string("auto")),
            ("positionAlign", .string(values.positionAlignment.rawValue)),
            ("size", number(values.size)),
            ("align", .string(values.textAlignment.rawValue)),
            ("region", region),
        ])
    }

    /// A double as JavaScript would print it: integers without a fraction, others in the shortest
    /// form that reads back to the same double (`1.5`, `1e+34`, `5e-324`).
    static func number(_ value: Double) -> JSON {
        if value == value.rounded(), abs(value) < 1e21 {
            return .number(abs(value) < 9e15 ? String(Int64(value)) : String(format: "%.0f", value))
        }
        var text = "\(value)"
        if let e = text.firstIndex(of: "e"), text[text.index(after: e)] != "-" && text[text.index(after: e)] != "+" {
            text.insert("+", at: text.index(after: e))
        }
        return .number(text)
    }

    /// A positioned cue's layout (an addition to the contract, present only when not the default):
    /// names as WebVTT's cue settings, proportions as percentages.
    static func layout(_ layout: CueLayout) -> JSON {
        func percent(_ f: Fraction) -> JSON { .number(f.percent.decimalText(maximumFractionDigits: 6)) }
        var members: [(String, JSON)] = []
        switch layout.writingDirection {
        case .horizontal: members.append(("vertical", .string("")))
        case .verticalRightToLeft, .verticalLeftToRight: members.append(("vertical", .string(layout.writingDirection.rawValue)))
        }
        switch layout.line {
        case .auto: members.append(("line", .string("auto")))
        case .number(let n): members.append(("line", .int(n)))
        case .fraction(let f): members.append(("line", percent(f)))
        }
        members.append(("lineAlign", .string(layout.lineAlignment.rawValue)))
        members.append(("position", layout.position.map(percent) ?? .string("auto")))
        members.append(("positionAlign", .string(layout.positionAlignment.rawValue)))
        members.append(("size", percent(layout.size)))
        members.append(("align", .string(layout.textAlignment.rawValue)))
        members.append(("region", .optional(layout.regionID)))
        if let box = layout.box {
            members.append(("box", .object([("x", percent(box.x)), ("y", percent(box.y)),
                                            ("width", percent(box.width)), ("height", percent(box.height))])))
        }
        return .object(members)
    }

    /// A region: its id, and what it states of its place (percentages of the frame) and look.
    static func region(_ region: Region) -> JSON {
        func percent(_ f: Fraction) -> JSON { .number(f.percent.decimalText(maximumFractionDigits: 6)) }
        func point(_ p: Point) -> JSON { .array([percent(p.x), percent(p.y)]) }
        var members: [(String, JSON)] = [("id", .string(region.id))]
        if let origin = region.origin { members.append(("origin", point(origin))) }
        if let extent = region.extent { members.append(("extent", point(extent))) }
        if let width = region.width { members.append(("width", percent(width))) }
        if let lines = region.lines { members.append(("lines", .int(lines))) }
        if let anchor = region.regionAnchor { members.append(("regionAnchor", point(anchor))) }
        if let anchor = region.viewportAnchor { members.append(("viewportAnchor", point(anchor))) }
        if region.scrollUp { members.append(("scroll", .string("up"))) }
        if region.origin != nil || region.extent != nil {
            members.append(("displayAlign", .string(region.displayAlignment.rawValue)))
            members.append(("writingDirection", .string(region.writingDirection.rawValue)))
        }
        if let padding = region.padding {
            members.append(("padding", .array([percent(padding.top), percent(padding.right), percent(padding.bottom), percent(padding.left)])))
        }
        if let color = region.style.backgroundColor { members.append(("backgroundColor", .string(color.description))) }
        return .object(members)
    }

    static func diagnostic(_ d: Diagnostic) -> JSON {
        .object([
            ("severity", .string(d.severity.rawValue)),
            ("code", .string(d.code.rawValue)),
            ("message", .string(d.message)),
            ("line", d.location.map { .int($0.line) } ?? .null),
            ("column", d.location.map { .int($0.column) } ?? .null),
        ])
    }
}
