import Legible

/// `legible dump`: what Legible reads from a caption file, as text or as the JSON of cue-json.md.
enum DumpCommand: Command {
    static let name = "dump"
    static let summary = "Print the cues and diagnostics Legible reads from a caption file."
    static let usage = "legible dump FILE [--json] [--format FORMAT] [--encoding NAME]"
    static let discussion = """
        FILE may be '-' for standard input. With --json the output is the stable JSON form
        documented in docs/cue-json.md; otherwise a readable listing, with diagnostics on stderr.
        Exit status: 0 when the file was read (diagnostics may still be reported), 1 when it could
        not be read at all, 2 for a usage error.
        """
    static let options: [OptionSpec] = [
        OptionSpec("json", help: "Print JSON (the contract in docs/cue-json.md)."),
    ] + InputOptions.specs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "dump needs a FILE" : "dump takes one FILE")
        }
        let input: LoadedInput
        do {
            input = try InputOptions.load(arguments.positionals[0], arguments, io: io)
        } catch let failure as InputFailure where arguments.has("json") {
            // The contract: a file that cannot be read still gets its JSON, with the error.
            io.writeStandardOutput(DumpJSON.failure(failure).serialized())
            throw failure
        }
        if arguments.has("json") {
            io.writeStandardOutput(DumpJSON.document(input).serialized())
        } else {
            io.writeStandardOutput(Array(listing(input).utf8))
            InputOptions.report(input, io: io, minimum: .info)
        }
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
            ("tracks", .array(input.isUnreadable ? [] : document.tracks.map(track))),
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

    static func track(_ track: Track) -> JSON {
        var members: [(String, JSON)] = [
            ("id", .optional(track.id)),
            ("language", .optional(track.language)),
            ("kind", .string(track.kind.rawValue)),
        ]
        if let label = track.label { members.append(("label", .string(label))) }
        members.append(("cues", .array(track.cues.map(cue))))
        members.append(("regions", .array(track.regions.map { .object([("id", .string($0.id))]) })))
        return .object(members)
    }

    static func cue(_ cue: Cue) -> JSON {
        var members: [(String, JSON)] = [
            ("id", .optional(cue.id)),
            ("start", .number(cue.start.secondsText)),
            ("end", cue.end.map { .number($0.secondsText) } ?? .null),
            ("text", .string(cue.plainText)),
        ]
        if !cue.hasDefaultLayout { members.append(("layout", layout(cue.layout))) }
        return .object(members)
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
