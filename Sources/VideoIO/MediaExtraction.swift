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
        case .webVTTPackets: return nil
        }
        return arguments + ["-"]
    }

    /// The text of a subtitle stream, taken out by ffmpeg: SRT, ASS and WebVTT streams as their own
    /// bytes (`-c:s copy`), `mov_text` (tx3g) converted to SRT with its bold, italic, underline and
    /// colour as SRT markup. Throws `.unsupportedFormat` for bitmap subtitles (PGS, DVD, DVB) and
    /// codecs ffmpeg does not know, `.unreadableInput` with ffmpeg's last lines when it fails.
    /// `start` is the container's start time (`MediaInventory.startTime`), from which the packets of
    /// `S_TEXT/WEBVTT` are timed; ffmpeg counts the other streams' times from it itself.
    public func extractText(_ stream: MediaInventory.SubtitleStream, from path: String, start: MediaTime = .zero) throws(LegibleError) -> [UInt8] {
        if stream.extraction == .webVTTPackets { return try webVTTFromPackets(stream, path: path, start: start).text }
        guard let arguments = Self.extractionArguments(stream, path: path) else {
            let what = ["hdmv_pgs_subtitle", "dvd_subtitle", "dvb_subtitle", "xsub"].contains(stream.codec)
                ? "bitmap subtitles (\(stream.codec)): pictures, not text, which Legible does not read"
                : "\(stream.codec), which ffmpeg cannot give as text"
            throw LegibleError(.unsupportedFormat, "stream \(stream.id) of \(path) is \(what)")
        }
        return try run(ffmpegPath, arguments, reading: path)
    }

    /// A Matroska `S_TEXT/WEBVTT` track as a WebVTT file: its header (the track's private data),
    /// then one cue per packet, timed by the packet's time and duration (to the millisecond, as
    /// WebVTT writes times) from the container's `start` (as ffmpeg's own extraction counts),
    /// its payload the cue text. `withAdditions` counts the packets that carried BlockAdditions
    /// (a cue identifier or settings), which ffprobe does not show.
    package func webVTTFromPackets(_ stream: MediaInventory.SubtitleStream, path: String, start: MediaTime = .zero) throws(LegibleError)
        -> (text: [UInt8], withAdditions: Int) {
        let output = try run(ffprobePath, ["-v", "error", "-select_streams", "\(stream.index)", "-show_entries",
                                           "packet=pts_time,duration_time,data:packet_side_data=side_data_type", "-show_data",
                                           "-of", "json", path], reading: path)
        guard let json = try? JSONSerialization.jsonObject(with: Data(output)) as? [String: Any] else {
            throw LegibleError(.unreadableInput, "ffprobe printed no packets for stream \(stream.id) of \(path)")
        }
        var text = stream.codecPrivate ?? Array("WEBVTT".utf8)
        while text.last == 0x0A || text.last == 0x0D { text.removeLast() }
        text += Array("\n\n".utf8)
        var withAdditions = 0
        for packet in json["packets"] as? [[String: Any]] ?? [] {
            guard let time = Self.decimalTime(packet["pts_time"]),
                  let payload = (packet["data"] as? String).flatMap({ FFprobePacketDump.hexDump(Array($0.utf8)) }) else { continue }
            let begin = time - start
            let end = begin + (Self.decimalTime(packet["duration_time"]) ?? .zero)
            if !((packet["side_data_list"] as? [Any]) ?? []).isEmpty { withAdditions += 1 }
            text += Array("\(Self.webVTTTimestamp(begin)) --> \(Self.webVTTTimestamp(end))\n".utf8)
            var body = payload
            while body.last == 0x0A { body.removeLast() }
            text += body + [0x0A, 0x0A]
        }
        return (text, withAdditions)
    }

    /// `hh:mm:ss.ttt`, rounded to the millisecond.
    static func webVTTTimestamp(_ time: MediaTime) -> String {
        let ms = max(0, time.rounded(toTimescale: 1000))
        func pad(_ n: Int64, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return "\(pad(ms / 3_600_000, 2)):\(pad(ms / 60_000 % 60, 2)):\(pad(ms / 1000 % 60, 2)).\(pad(ms % 1000, 3))"
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
