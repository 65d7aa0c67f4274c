internal import TimedText
import TextScanning
internal import ClosedCaptionData
import Foundation

extension CaptionFormat {
    /// MacCaption (`.mcc`): each line a frame's CDP (SMPTE 334-2), read by `MCCReader`; its
    /// `cc_data` goes through the closed-caption decoders of the registry (CEA-608 and CEA-708),
    /// as a video's does, giving a track per 608 channel (`CC1`…) and per 708 service
    /// (`SERVICE1`…) that shows text. Written with 608 (CC1) and 708 (service 1) both.
    public static let mcc: CaptionFormat = {
        var format = CaptionFormat(id: .mcc, name: "MacCaption MCC (CEA-608/708)", layoutFamily: .cea608Grid)
        format.aliases = ["mcc", "maccaption"]
        format.fileExtensions = ["mcc"]
        // Written at 30000/1001 frames a second: captions change on frames.
        format.timeStep = MediaTime(value: 1001, timescale: 30000)
        format.mimeTypes = ["application/x-mcc"]
        format.documentation = "docs/cea708.md"
        format.recognises = { MCCReader.looksLike($0) }
        format.reader = { text, options in
            let read = MCCReader().read(text.bytes)
            let pictures = read.value.frames.map { frame in
                (time: frame.time, triplets: frame.triplets.flatMap { t in
                    [0xF8 | (t.isValid ? 0x04 : 0) | t.kind.rawValue, t.byte1, t.byte2]
                })
            }
            // The registry's closed-caption decoders, as for a video (no format named here).
            var tracks: [Track] = []
            var files: [String: CaptionFile] = [:]
            var diagnostics = read.diagnostics
            for decoder in CaptionFormat.all where decoder.id != .mcc {
                for channel in decoder.closedCaptions?(pictures, options.formats) ?? [] {
                    tracks += channel.file.document.tracks
                    files[channel.id] = channel.file
                    diagnostics += channel.file.diagnostics
                }
            }
            if tracks.isEmpty && !read.value.frames.isEmpty {
                diagnostics.append(Diagnostic(.warning, .mccNoCaptions,
                                              "\(read.value.frames.count) frames of caption data, but no 608 channel or 708 service shows text"))
            }
            let document = Document(format: .mcc, tracks: tracks, layoutFamily: .cea608Grid)
            let lines = read.value.frames.map { (time: $0.time, line: $0.line) }
            return ParseResult(value: MCCContents(document: document, channels: files, frameLines: lines) as any CaptionFileContents,
                               diagnostics: diagnostics)
        }
        // Each channel's and service's own view, as a video's channel shows it.
        format.debugViews = [
            DebugView(name: "disassemble", help: "", shows: "shows closed-caption codes") { file, document, flags in
                guard let contents = file.contents as? MCCContents, let id = document.tracks.first?.id, let channel = contents.channels[id],
                      let view = channel.format.debugViews.first(where: { $0.name == "disassemble" }) else { return "" }
                return view.render(channel, channel.document, flags)
            },
        ]
        // Each channel's and service's own checks (708's limits and its comparison with 608),
        // under the rules their formats declare.
        format.checks = { file, context in
            guard let contents = file.contents as? MCCContents else { return FormatCheckResult() }
            var result = FormatCheckResult()
            for id in contents.channels.keys.sorted() {
                let channel = contents.channels[id]!
                guard let checks = channel.format.checks else { continue }
                let found = checks(channel, context)
                result.specDiagnostics += found.specDiagnostics
                // A finding at a time points at the line of the frame it falls on.
                result.findings += found.findings.map { finding in
                    var diagnostic = finding.diagnostic
                    if diagnostic.location == nil, let start = finding.start, let line = contents.line(at: start) {
                        diagnostic.location = SourceLocation(line: line, column: 1)
                    }
                    return FormatFinding(diagnostic, start: finding.start, end: finding.end)
                }
            }
            return result
        }
        format.writer = { document, options, sink in
            try writeMCC(document, options: options.formats).written(to: sink)
        }
        return format
    }()

    /// The document as MCC at 29.97 fps drop-frame: every closed-caption encoder of the registry
    /// (CEA-608 CC1, CEA-708 service 1) writes the track meant for it (`CC…`, `SERVICE…`), or the
    /// first track when none is, and their frames' triplets share each line's CDP.
    private static func writeMCC(_ document: Document, options: FormatOptions) -> ParseResult<[UInt8]> {
        var frames: [Int64: [CCDataTriplet]] = [:]
        var diagnostics: [Diagnostic] = []
        var written = Set<Int>()
        for format in CaptionFormat.all {
            guard let encoder = format.closedCaptionEncoder else { continue }
            let index = document.tracks.firstIndex { $0.id?.uppercased().hasPrefix(encoder.trackPrefix) ?? false } ?? 0
            guard document.tracks.indices.contains(index) else { continue }
            written.insert(index)
            var one = document
            one.tracks = [document.tracks[index]]
            let encoded = encoder.encode(one, options)
            diagnostics += encoded.diagnostics
            for (frame, triplets) in encoded.value { frames[frame, default: []] += triplets }
        }
        for (k, track) in document.tracks.enumerated() where !written.contains(k) {
            diagnostics.append(Diagnostic(.warning, .trackNotWritten,
                                          "track \(track.id ?? "#\(k)") is not written: MCC here carries one 608 channel (CC1) and one 708 service (1)"))
        }
        // 608's field-1 pair first in each frame, as a CDP's first slot holds it.
        let ordered = frames.keys.sorted().map { frame in
            MCCWriter.Frame(frameNumber: frame, triplets: frames[frame]!.sorted { ($0.kind == .field1 ? 0 : 1) < ($1.kind == .field1 ? 0 : 1) })
        }
        let now = Date()
        let date = now.formatted(.iso8601.year().month().day())
        let time = now.formatted(.iso8601.time(includingFractionalSeconds: false))
        let writer = MCCWriter(frameRate: .fps29_97, dropFrame: true,
                               header: .init(uuid: UUID().uuidString, creationDate: date, creationTime: time))
        let result = writer.write(ordered)
        return ParseResult(value: result.value, diagnostics: diagnostics + result.diagnostics)
    }
}

/// What an MCC file reads to: the tracks, and each one's file as its decoder made it (for its
/// `--disassemble` view).
private struct MCCContents: CaptionFileContents {
    let document: Document
    let channels: [String: CaptionFile]
    /// Each frame's time and the line it was read from, in file order.
    let frameLines: [(time: MediaTime, line: Int)]

    /// The line of the last frame at or before `time` (the first frame's for an earlier time),
    /// by binary search: times only grow in a file that reads cleanly; in one that does not the
    /// answer is a nearby line, never a wrong file.
    func line(at time: MediaTime) -> Int? {
        var lo = 0, hi = frameLines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frameLines[mid].time <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? frameLines[lo - 1].line : frameLines.first?.line
    }
}
