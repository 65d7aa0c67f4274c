internal import TimedText
import TextScanning
public import SubRip

extension CaptionFormat {
    /// SubRip (`.srt`): recognised by a timing line in its first 40 lines; reads one track (the
    /// contents are the `Document`), writes the first, placing cues at the nearest `{\an}` position.
    public static let subRip: CaptionFormat = {
        var format = CaptionFormat(id: .subRip, name: "SubRip", layoutFamily: .cueBoxes)
        format.aliases = ["subrip", "srt"]
        format.fileExtensions = ["srt"]
        format.timeStep = MediaTime(milliseconds: 1)
        format.mimeTypes = ["application/x-subrip", "text/srt"]
        format.containerCodecs = ["subrip", "srt"]
        // tx3g: ffmpeg's mov_text decoder turns its style records (bold, italic, underline,
        // colour, size) into ASS tags, which its SubRip encoder writes as SRT markup.
        format.convertedFromCodecs = ["mov_text", "text"]
        format.ffmpegMuxer = "srt"
        format.recognises = SubRipReader.looksLike
        format.reader = { text, options in
            SubRipReader(options: options.formats[SubRipReader.Options.self]).read(text).erased
        }
        format.writer = { document, options, sink in
            var srt = options.formats[SubRipWriter.Options.self]
            srt.openEnds = options.openEnds
            return try SubRipWriter(options: srt).write(document, to: sink)
        }
        format.writerSettings = [
            FormatSetting(name: "crlf", help: "SRT output: end lines with CRLF.") { _, options in
                options[SubRipWriter.Options.self].crlf = true
            },
        ]
        // The 100,000-cue benchmark file's convert, 40 interleaved rounds: 119.1 ms median with
        // none populated, 113.3 ms with twice the input (5 times: no better than none).
        format.heapFilledPerInputByte = 2
        return format
    }()
}

extension SubRipReader.Options: FormatSpecificOptions {}
extension SubRipWriter.Options: FormatSpecificOptions {}
