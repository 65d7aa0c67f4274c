public import TimedText
import Foundation

extension FFmpeg {
    /// The arguments that write subtitle stream `stream` of `path` to standard output as text.
    package static func extractionArguments(_ stream: MediaInventory.SubtitleStream, path: String) -> [String]? {
        guard let how = stream.extraction else { return nil }
        var arguments = ["-nostdin", "-v", "error", "-i", path, "-map", "0:\(stream.index)"]
        switch how {
        case .copy(let muxer, _): arguments += ["-c:s", "copy", "-f", muxer]
        case .convert(let encoder, let muxer, _): arguments += ["-c:s", encoder, "-f", muxer]
        }
        return arguments + ["-"]
    }

    /// The text of a subtitle stream, taken out by ffmpeg: SRT, ASS and WebVTT streams as their own
    /// bytes (`-c:s copy`), `mov_text` (tx3g) converted to SRT with its bold, italic, underline and
    /// colour as SRT markup. Throws `.unsupportedFormat` for bitmap subtitles (PGS, DVD, DVB) and
    /// codecs ffmpeg does not know, `.unreadableInput` with ffmpeg's last lines when it fails.
    public func extractText(_ stream: MediaInventory.SubtitleStream, from path: String) throws(LegibleError) -> [UInt8] {
        guard let arguments = Self.extractionArguments(stream, path: path) else {
            let what = ["hdmv_pgs_subtitle", "dvd_subtitle", "dvb_subtitle", "xsub"].contains(stream.codec)
                ? "bitmap subtitles (\(stream.codec)): pictures, not text, which Legible does not read"
                : "\(stream.codec), which ffmpeg cannot give as text"
            throw LegibleError(.unsupportedFormat, "stream \(stream.id) of \(path) is \(what)")
        }
        return try run(ffmpegPath, arguments, reading: path)
    }

    /// Writes the font attachments of `path` into `directory` (which must exist), one file each,
    /// named after the attachment (or `attachment-N` when it has no usable name); returns their
    /// paths. ASS tracks name these fonts; the renderer loads them.
    public func extractFonts(_ inventory: MediaInventory, to directory: String) throws(LegibleError) -> [String] {
        let fonts = inventory.attachments.filter(\.isFont)
        guard !fonts.isEmpty else { return [] }
        var arguments = ["-nostdin", "-v", "error", "-y"]
        var paths: [String] = []
        for font in fonts {
            // A name from the file is used only as a plain file name: never a path out of `directory`.
            let given = (font.fileName ?? "").split(separator: "/").last.map(String.init) ?? ""
            let name = given.isEmpty || given.hasPrefix(".") ? "attachment-\(font.index)" : given
            let path = directory + "/" + name
            arguments += ["-dump_attachment:\(font.index)", path]
            paths.append(path)
        }
        // The attachments are written while the input is opened; one frame of nothing ends the run.
        arguments += ["-i", inventory.path, "-map", "0:v:0?", "-frames:v", "1", "-f", "null", "-"]
        _ = try run(ffmpegPath, arguments, reading: inventory.path)
        return paths.filter { FileManager.default.fileExists(atPath: $0) }
    }
}
