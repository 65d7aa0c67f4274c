internal import TimedText
import TextScanning
import ClosedCaptionData

extension CaptionFormat {
    /// MacCaption (`.mcc`): each line a frame's CDP (SMPTE 334-2), read by `MCCReader`; its
    /// `cc_data` goes through the closed-caption decoders of the registry (CEA-608 and CEA-708),
    /// as a video's does, giving a track per 608 channel (`CC1`…) and per 708 service
    /// (`SERVICE1`…) that shows text. Not written yet.
    public static let mcc: CaptionFormat = {
        var format = CaptionFormat(id: .mcc, name: "MacCaption MCC (CEA-608/708)", layoutFamily: .cea608Grid)
        format.aliases = ["mcc", "maccaption"]
        format.fileExtensions = ["mcc"]
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
            var diagnostics = read.diagnostics
            for decoder in CaptionFormat.all where decoder.id != .mcc {
                for channel in decoder.closedCaptions?(pictures, options.formats) ?? [] {
                    tracks += channel.file.document.tracks
                    diagnostics += channel.file.diagnostics
                }
            }
            if tracks.isEmpty && !read.value.frames.isEmpty {
                diagnostics.append(Diagnostic(.warning, "mcc.no-captions",
                                              "\(read.value.frames.count) frames of caption data, but no 608 channel or 708 service shows text"))
            }
            return ParseResult(value: Document(format: .mcc, tracks: tracks, layoutFamily: .cea608Grid), diagnostics: diagnostics).erased
        }
        return format
    }()
}
