internal import TimedText
import TextScanning
internal import ClosedCaptionData
public import CEA608

extension CaptionFormat {
    /// Scenarist SCC (`.scc`), CEA-608 in byte pairs: recognised by `Scenarist_SCC`; reads a track per
    /// caption channel (contents are an `SCCFile`), writes the first track as pop-on CC1. Its
    /// decoder also reads the 608 channels of a video's A/53 caption data (`closedCaptions`).
    public static let scc: CaptionFormat = {
        var format = CaptionFormat(id: .scc, name: "Scenarist SCC (CEA-608)", layoutFamily: .cea608Grid)
        format.aliases = ["scc", "cea608", "cea-608"]
        format.fileExtensions = ["scc"]
        // One byte pair a frame at 30000/1001 frames a second: captions change on frames.
        format.timeStep = MediaTime(value: 1001, timescale: 30000)
        format.mimeTypes = ["text/x-scc"]
        format.containerCodecs = ["eia_608"]
        format.documentation = "docs/cea608.md"
        format.recognises = SCCReader.looksLike
        format.reader = { text, options in
            SCCReader(options: options.formats[SCCReader.Options.self]).readFile(text).erased
        }
        format.writer = { document, options, sink in
            try SCCWriter(options: options.formats[SCCWriter.Options.self]).write(document).written(to: sink)
        }
        let fallbacks = SCCWriter.Options.Fallback.allCases.map(\.rawValue).joined(separator: ", ")
        format.writerSettings = [
            FormatSetting(name: "scc-fallback", valueName: "MODE",
                          help: "SCC output: a caption that cannot be loaded before its start is painted on (paint-on, the default), rolled up (roll-up) or shown late (late); each one is reported.") { value, options throws(LegibleError) in
                guard let value, let fallback = SCCWriter.Options.Fallback(rawValue: value) else {
                    throw LegibleError(.invalidArgument, "unknown --scc-fallback '\(value ?? "")' (\(fallbacks))")
                }
                options[SCCWriter.Options.self].fallback = fallback
            },
            FormatSetting(name: "drop-frame", help: "SCC output: drop-frame timecodes (HH:MM:SS;FF).") { _, options in
                options[SCCWriter.Options.self].dropFrame = true
            },
        ]
        format.cueJSONView = { contents, track, count in
            guard let file = contents as? SCCFile, track < file.captions.count, file.captions[track].count == count else { return nil }
            return CEA608CueJSONView(captions: file.captions[track])
        }
        format.debugViews = [
            DebugView(name: "disassemble",
                      help: "Print closed-caption codes readably: an SCC file's CEA-608 codes line by line ({RCL}, {1504}, text); for a video's 608 channel, its field's byte pairs picture by picture; for a 708 service, its DTVCC packets' commands ({DF0:...}{SPL:R1-C0}\"text\"), with their times.",
                      shows: "shows closed-caption codes", flags: [("channels", "With --disassemble: prefix each code with its channel (CC1|, CC2|).")]) { file, _, flags in
                let options = SCCDisassembler.Options(showsChannels: flags.contains("channels"))
                // A channel decoded from a video has no SCC text: its field's pairs were kept.
                if let pairs = (file.contents as? SCCFile)?.fieldPairs { return SCCDisassembler.disassemble(pairs, options: options) }
                return SCCDisassembler.disassemble(file.text, options: options)
            },
        ]
        format.closedCaptionEncoder = (trackPrefix: "CC", encode: { document, options in
            let pairs = SCCWriter(options: options[SCCWriter.Options.self]).framePairs(document)
            return ParseResult(value: pairs.value.map { ($0.frame, [CCDataTriplet(isValid: true, kind: .field1, byte1: $0.byte1, byte2: $0.byte2)]) },
                               diagnostics: pairs.diagnostics)
        })
        format.closedCaptions = { pictures, options in
            var decoder = CCDataDecoder(channels: CEA608Channel.allCases, options: options[CEA608Decoder.Options.self])
            // Each field's pairs, for `dump --disassemble`.
            var fields = [CEA608FieldPairs(field: 1), CEA608FieldPairs(field: 2)]
            for picture in pictures {
                let triplets = CCData.triplets(picture.triplets)
                decoder.feed(triplets, at: picture.time)
                for f in fields.indices { fields[f].append(triplets, at: picture.time) }
            }
            decoder.finish()
            return decoder.decoders.filter { !$0.captions.isEmpty }.map { channel in
                var builder = CEA608CueBuilder()
                let cues = channel.captions.map { builder.cue(for: $0) }
                let document = Document(format: .scc, tracks: [Track(id: channel.channel.rawValue, kind: .captions, cues: cues)],
                                        layoutFamily: .cea608Grid)
                let contents = SCCFile(document: document, captions: [channel.captions], fieldPairs: fields[channel.channel.field - 1])
                let file = CaptionFile(name: nil, format: .scc, text: SourceText(bytes: []), contents: contents, diagnostics: channel.diagnostics)
                return ClosedCaptionTrack(id: channel.channel.rawValue, file: file)
            }
        }
        return format
    }()
}

extension SCCReader.Options: FormatSpecificOptions {}
extension SCCWriter.Options: FormatSpecificOptions {}
extension CEA608Decoder.Options: FormatSpecificOptions {}

/// The `cea608` view of docs/cue-json.md: channel, mode, and each displayed row.
private struct CEA608CueJSONView: CueJSONView {
    let captions: [CEA608Caption]

    mutating func write(cue index: Int, to out: inout JSONStreamWriter) {
        let values = CEA608CueValues(captions[index])
        out.key("cea608")
        out.value(.object([
            ("channel", .string(values.channel.rawValue)),
            ("mode", .string(values.mode.description)),
            ("rows", .array(values.rows.map { row in
                .object([("row", .int(row.row)), ("column", .int(row.column)), ("text", .string(row.text))])
            })),
        ]))
    }
}
