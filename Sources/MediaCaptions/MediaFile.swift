import Foundation

/// How Legible tells a media file (a video or audio container whose captions ffmpeg takes out)
/// from a caption file. Media files are not `CaptionFormat`s: they are not text, no reader of ours
/// parses them, and their captions come out through `MediaCaptions`. A file is media when its
/// first bytes are a container's signature, or, when they are not, its extension names a
/// container (ffprobe then decides, and says so when it cannot read it).
public enum MediaFile {
    /// The containers recognised by their first bytes.
    public enum Container: String, Sendable, Hashable, CaseIterable {
        /// ISO base media (MP4, MOV, M4V, 3GP): a `ftyp` box first (or `moov`/`mdat`/`free`/`wide`
        /// in old QuickTime files), its type at bytes 4–7.
        case isoBaseMedia = "mp4"
        /// Matroska and WebM: the EBML header, 1A 45 DF A3.
        case matroska = "matroska"
        /// MPEG-2 transport stream: the sync byte 0x47 every 188 bytes (or every 192 with the
        /// 4-byte time code of Blu-ray's M2TS).
        case mpegTransportStream = "mpegts"
        /// MPEG-2 program stream (`.mpg`, `.vob`): the pack start code 00 00 01 BA.
        case mpegProgramStream = "mpegps"
    }

    /// Container file extensions, lower case without the dot.
    public static let fileExtensions: Set<String> = [
        "mp4", "m4v", "mov", "3gp", "mkv", "webm", "mk3d", "ts", "m2ts", "mts", "trp", "tsv", "mpg", "mpeg", "vob", "avi", "flv",
        "mxf", "wmv", "asf", "ogv",
    ]

    /// The container whose signature `head` (a file's first bytes; 600 are enough) starts with, or nil.
    public static func container(ofHead head: [UInt8]) -> Container? {
        if head.count >= 8 {
            let box = String(decoding: head[4..<8], as: UTF8.self)
            if ["ftyp", "moov", "mdat", "free", "wide", "skip"].contains(box) { return .isoBaseMedia }
        }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .matroska }
        if head.starts(with: [0x00, 0x00, 0x01, 0xBA]) { return .mpegProgramStream }
        // Three sync bytes in a row at the packet size: one 0x47 is too common in text to tell.
        for (first, size) in [(0, 188), (4, 192)] where head.count > first + 2 * size {
            if head[first] == 0x47 && head[first + size] == 0x47 && head[first + 2 * size] == 0x47 { return .mpegTransportStream }
        }
        return nil
    }

    /// True when `path` is a media file: its signature, else its extension (`-`, standard input,
    /// is never one: ffprobe needs to seek).
    public static func isMediaFile(_ path: String) -> Bool {
        guard path != "-" else { return false }
        if let handle = FileHandle(forReadingAtPath: path) {
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: 600)).map { [UInt8]($0) } ?? []
            if container(ofHead: head) != nil { return true }
            // Text a caption reader could take is not media whatever its name (`movie.ts` may be
            // TypeScript, but it is certainly not a caption file either: ffprobe reports it).
        }
        let ext = (path as NSString).pathExtension.lowercased()
        return fileExtensions.contains(ext)
    }
}
