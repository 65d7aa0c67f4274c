public import TimedText
import Foundation

extension FFmpeg {
    /// The arguments that write subtitle stream `stream` of `path` to standard output as text,
    /// the way `how` says; nil for `.packets`.
    package static func extractionArguments(_ stream: MediaInventory.SubtitleStream, path: String, how: SubtitleExtraction) -> [String]? {
        var arguments = ["-nostdin", "-v", "error", "-i", path, "-map", "0:\(stream.index)"]
        switch how {
        case .copy(let muxer): arguments += ["-c:s", "copy", "-f", muxer]
        case .convert(let encoder, let muxer): arguments += ["-c:s", encoder, "-f", muxer]
        case .packets: return nil
        }
        return arguments + ["-"]
    }

    /// The text of a subtitle stream, taken out by ffmpeg as `how` says (`.copy` for a stream in
    /// a format Legible reads, `.convert` for one ffmpeg turns into such a format). Throws
    /// `.unsupportedFormat` for `.packets` (use `subtitlePackets`), `.unreadableInput` with
    /// ffmpeg's last lines when it fails.
    public func extractText(_ stream: MediaInventory.SubtitleStream, from path: String, how: SubtitleExtraction) throws(LegibleError) -> [UInt8] {
        guard let arguments = Self.extractionArguments(stream, path: path, how: how) else {
            throw LegibleError(.unsupportedFormat, "stream \(stream.id) of \(path) is read packet by packet (subtitlePackets), not as text")
        }
        return try run(ffmpegPath, arguments, reading: path)
    }

    /// The packets of a subtitle stream, through ffprobe: each one's times from the container's
    /// `start` (`MediaInventory.startTime`, from which ffmpeg counts the other streams' times
    /// itself) and its payload; `withAdditions` counts the packets that carried side data
    /// (Matroska BlockAdditions: a WebVTT cue's identifier or settings), which ffprobe does not show.
    package func subtitlePackets(_ stream: MediaInventory.SubtitleStream, path: String, start: MediaTime = .zero) throws(LegibleError)
        -> (packets: [(start: MediaTime, end: MediaTime, payload: [UInt8])], withAdditions: Int) {
        let output = try run(ffprobePath, ["-v", "error", "-select_streams", "\(stream.index)", "-show_entries",
                                           "packet=pts_time,duration_time,data:packet_side_data=side_data_type", "-show_data",
                                           "-of", "json", path], reading: path)
        guard let json = try? JSONSerialization.jsonObject(with: Data(output)) as? [String: Any] else {
            throw LegibleError(.unreadableInput, "ffprobe printed no packets for stream \(stream.id) of \(path)")
        }
        var packets: [(start: MediaTime, end: MediaTime, payload: [UInt8])] = []
        var withAdditions = 0
        for packet in json["packets"] as? [[String: Any]] ?? [] {
            guard let time = Self.decimalTime(packet["pts_time"]),
                  let payload = (packet["data"] as? String).flatMap({ FFprobePacketDump.hexDump(Array($0.utf8)) }) else { continue }
            let begin = time - start
            if !((packet["side_data_list"] as? [Any]) ?? []).isEmpty { withAdditions += 1 }
            packets.append((begin, begin + (Self.decimalTime(packet["duration_time"]) ?? .zero), payload))
        }
        return (packets, withAdditions)
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
