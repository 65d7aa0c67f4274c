internal import TimedText
import TextScanning
internal import ClosedCaptionData
public import CEA708

extension CaptionFormat {
    /// CEA-708 (DTVCC) caption services: decoded from a video's A/53 caption data into one track
    /// a service (`SERVICE1`…`SERVICE63`, as HLS names them), each window state a cue in its
    /// window's region. There is no 708 file format of its own (MCC carries it).
    public static let cea708: CaptionFormat = {
        var format = CaptionFormat(id: .cea708, name: "CEA-708 (DTVCC)", layoutFamily: .cea708Windows)
        format.aliases = ["cea708", "cea-708", "dtvcc"]
        format.containerCodecs = []
        format.documentation = "docs/cea708.md"
        format.readerSettings = [
            FormatSetting(name: "cea708-encoding", valueName: "N=NAME",
                          help: "CEA-708: read service N's text in this encoding (an ICU name, e.g. 1=EUC-KR for Korean broadcasts) instead of ISO 8859-1.") { value, options throws(LegibleError) in
                let parts = (value ?? "").split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let service = Int(parts[0]), (1...63).contains(service), !parts[1].isEmpty else {
                    throw LegibleError(.invalidArgument, "--cea708-encoding wants SERVICE=ENCODING (1=EUC-KR), not '\(value ?? "")'")
                }
                options[CEA708Settings.self].decoder.serviceEncodings[service] = parts[1]
            },
        ]
        format.debugViews = [
            DebugView(name: "disassemble", help: "", shows: "shows closed-caption codes") { file, _, _ in
                guard let contents = file.contents as? CEA708File else { return "" }
                return CEA708Disassembler.disassemble(contents.packets, services: [contents.service])
            },
        ]
        format.closedCaptionEncoder = (trackPrefix: "SERVICE", encode: { document, options in
            CEA708Writer(service: 1).framePictures(document)
        })
        format.closedCaptions = { pictures, options in
            let settings = options[CEA708Settings.self]
            var decoder = CEA708Decoder(options: settings.decoder)
            var packets: [DTVCCPacket] = []
            var assembler = DTVCCPacketAssembler()
            for picture in pictures {
                let triplets = CCData.triplets(picture.triplets)
                for packet in assembler.feed(triplets, at: picture.time) {
                    packets.append(packet)
                    decoder.feed(packet)
                }
            }
            if let last = assembler.finish() {
                packets.append(last)
                decoder.feed(last)
            }
            decoder.finish()
            // The programme's 608 (CC1), which `validate` compares the services with: decoded by
            // the registry's other closed-caption formats.
            let cea608 = decoder.servicesWithCaptions.isEmpty ? [] : CaptionFormat.all
                .filter { $0.id != .cea708 && $0.closedCaptionEncoder?.trackPrefix == "CC" }
                .flatMap { $0.closedCaptions?(pictures, options) ?? [] }
                .first { $0.id == "CC1" }?.file.document.tracks.first?.cues ?? []
            let shown = decoder.servicesWithCaptions
            return shown.map { number in
                let captions = decoder.captions(service: number) ?? []
                var builder = CEA708CueBuilder(aspectRatio: settings.aspectRatio)
                let cues = captions.flatMap { builder.cues(for: $0) }
                let id = "SERVICE\(number)"
                let track = Track(id: id, kind: .captions, cues: cues, regions: builder.regions)
                let document = Document(format: .cea708, tracks: [track], layoutFamily: .cea708Windows)
                // The service's own diagnostics; those about the packets go with the first
                // service only, so that each is said once.
                let own = decoder.diagnostics(service: number) + (number == shown.first ? decoder.streamDiagnostics : [])
                let notes = builder.approximations.sorted { $0.key < $1.key }.map { what, count in
                    Diagnostic(.info, .cea708Approximated, "\(id): \(what), in \(count) caption\(count == 1 ? "" : "s")")
                }
                let contents = CEA708File(document: document, service: number, captions: captions, packets: packets, cea608: cea608)
                let file = CaptionFile(name: nil, format: .cea708, text: SourceText(bytes: []), contents: contents, diagnostics: own + notes)
                return ClosedCaptionTrack(id: id, file: file, codec: "cea_708")
            }
        }
        format.rules = [
            FormatRule(DiagnosticCode.cea708Mismatch608.rawValue, .warning,
                       "A CEA-708 caption says what the programme's CEA-608 captions (CC1) do not, within two seconds of it."),
            FormatRule(DiagnosticCode.cea708TooManyRows.rawValue, .warning,
                       "More than four rows of 708 text are shown at once in a service (the most a decoder must show)."),
            FormatRule(DiagnosticCode.cea708TooManyColumns.rawValue, .warning,
                       "A 708 window has more columns than the screen (42 at 16:9, 32 at 4:3)."),
        ]
        format.checks = { file, _ in
            guard let service = file.contents as? CEA708File else { return FormatCheckResult() }
            let aspect = CEA708Settings.default.aspectRatio
            let found = CEA708Checks.limits(service.captions, aspectRatio: aspect) + CEA708Checks.mismatches(service.captions, cea608: service.cea608)
            return FormatCheckResult(findings: found.map { FormatFinding($0.diagnostic, start: $0.start, end: $0.end) })
        }
        return format
    }()
}

/// How 708 services are decoded from a video: the decoder's options and the screen shape its
/// window anchors are read for.
public struct CEA708Settings: FormatSpecificOptions {
    /// Per-service text encodings.
    public var decoder: CEA708Decoder.Options = .default
    /// 16:9 unless told (HD television's shape).
    public var aspectRatio: CEA708CueBuilder.AspectRatio = .wide

    /// The defaults.
    public init() {}
    /// Every service in the standard code sets, anchors read for 16:9.
    public static let `default` = CEA708Settings()
}
