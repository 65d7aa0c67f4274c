import Foundation

/// Small real media files made at test time with the real ffmpeg (Debian package `ffmpeg`,
/// installed by scripts/setup.sh): a test that needs one fails, with this message, when ffmpeg is
/// missing — it is never skipped.
///
/// ffmpeg cannot write A/53 captions from a caption file, so `a53Video` writes them itself: an
/// H.264 (or HEVC) stream is encoded by libx264 (libx265), and before the first slice of every
/// picture an SEI NAL unit is put, `user_data_registered_itu_t_t35` (payload type 4)
/// with ATSC's `GA94` identifier and `cc_data` (A/53 Part 4 §6.2.3, ANSI/SCTE 128-1 §8.1), as
/// broadcast encoders do; the stream is then put in a container by ffmpeg.
public enum MediaFixtures {
    /// What went wrong making a fixture.
    public struct Failure: Error, CustomStringConvertible {
        /// Why.
        public var description: String
    }

    /// The path of a program on `PATH`, or a failure naming the Debian package.
    public static func program(_ name: String) throws -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw Failure(description: "\(name) is not installed: these tests need the real ffmpeg (Debian package ffmpeg; run scripts/setup.sh)")
    }

    /// Runs ffmpeg with `arguments`; its standard output. Fails with its last lines.
    @discardableResult
    public static func run(_ arguments: [String]) throws -> [UInt8] { try run(program: "ffmpeg", arguments) }

    /// Runs ffprobe with `arguments`; its standard output.
    public static func probe(_ arguments: [String]) throws -> [UInt8] { try run(program: "ffprobe", arguments) }

    static func run(program name: String, _ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try program(name))
        process.arguments = arguments
        let out = Pipe()
        // Standard error into a file: read once the program has ended, it cannot fill a pipe.
        let errorPath = NSTemporaryDirectory() + "legible-media-\(UUID().uuidString)-stderr"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let errorFile = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = out
        process.standardError = errorFile
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? errorFile.close()
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")) failed: \(errors.suffix(600))")
        }
        return [UInt8](output)
    }

    /// A fresh directory for one test's files.
    public static func directory(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "legible-media-\(getpid())-\(name)"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `text` to `path`.
    public static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// A 64×36 black H.264 video of `frames` frames at `rate` fps (30000/1001 unless told) in `path`
    /// (its extension picks the container: mp4, ts, mkv), whose picture shown n-th carries `captions(n)`, each
    /// triplet as (cc_valid|cc_type header byte such as 0xFC, byte 1, byte 2). With `bFrames` the
    /// pictures are coded out of order (three B-frames), so that the data of each picture comes
    /// out of the decoder in presentation order only if the reordering is done (`frames` should
    /// then be 4k + 1, whole groups).
    /// With `hevc` the video is H.265 (libx265; SEI in a prefix SEI NAL unit), without B-frames.
    public static func a53Video(_ path: String, frames: Int, rate: (frames: Int, seconds: Int) = (30000, 1001), bFrames: Bool = false,
                                hevc: Bool = false, captions: (Int) -> [(UInt8, UInt8, UInt8)]) throws {
        precondition(!(hevc && bFrames), "HEVC fixtures are made without B-frames")
        let work = path + ".work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let coded = work + "/coded.mp4", raw = work + "/coded.es", withCaptions = work + "/captions.es"
        // One thread: the suite runs beside timing-sensitive tests (the readers' growth checks).
        let encoder = hevc
            ? ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "aud=1:bframes=0:scenecut=0:keyint=600:log-level=error:pools=1:frame-threads=1"]
            : ["-c:v", "libx264", "-preset", "ultrafast", "-threads", "1", "-bf", bFrames ? "3" : "0",
               // A fixed coding order (I0 P4 B1 B2 B3 P8 B5 …), which the time stamps below restore.
               "-x264-params", "aud=1:scenecut=0:keyint=600:b-adapt=0:b-pyramid=none"]
        let fps = "\(rate.frames)/\(rate.seconds)"
        try run(["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=black:s=64x36:r=\(fps)", "-frames:v", "\(frames)"]
                + encoder + ["-pix_fmt", "yuv420p", coded])
        // Each coded picture's presentation place, from its time stamp, in coding order.
        let times = String(decoding: try probe(["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts",
                                                            "-of", "csv=p=0", coded]), as: UTF8.self)
            .split(whereSeparator: \.isNewline).compactMap { Int($0) }
        let sorted = times.sorted()
        let duration = sorted.count > 1 ? sorted[1] - sorted[0] : 1
        let places = times.map { ($0 - sorted[0]) / max(duration, 1) }
        try run(["-nostdin", "-v", "error", "-y", "-i", coded, "-c", "copy", "-bsf:v", hevc ? "hevc_mp4toannexb" : "h264_mp4toannexb",
                 "-f", hevc ? "hevc" : "h264", raw])
        let stream = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        var out: [UInt8] = []
        var picture = -1
        for unit in nalUnits(stream) {
            // A picture's first slice: H.264 types 1 and 5 with first_mb_in_slice 0 (ue(v) '1');
            // HEVC VCL types (below 32) with first_slice_segment_in_pic_flag. The first picture's
            // access unit delimiter is not always kept by the MP4 round trip, so slices are counted.
            let type = hevc ? (unit[0] >> 1) & 0x3F : unit[0] & 0x1F
            let isSlice = hevc ? type < 32 : (type == 1 || type == 5)
            let firstSlice = isSlice && unit.count > (hevc ? 2 : 1) && unit[hevc ? 2 : 1] & 0x80 != 0
            if firstSlice {
                picture += 1
                if picture < places.count { out += [0, 0, 0, 1] + sei(captions(places[picture]), hevc: hevc) }
            }
            out += [0, 0, 0, 1] + unit
        }
        try Data(out).write(to: URL(fileURLWithPath: withCaptions))
        // A raw stream has no time stamps: each picture's is set from the coding order above.
        let frame = "\(rate.seconds)/(\(rate.frames)*TB)"
        let timestamps = bFrames
            ? "setts=pts='if(eq(N,0),0,if(eq(mod(N-1,4),0),4*(floor((N-1)/4)+1),4*floor((N-1)/4)+mod(N-1,4)))*\(frame)':dts='(N-1)*\(frame)'"
            : "setts=pts='N*\(frame)':dts='N*\(frame)'"
        // Into MP4 first: the time stamps are set in its time base, then copied into any container.
        let timed = work + "/timed.mp4"
        try run(["-nostdin", "-v", "error", "-y", "-framerate", fps, "-f", hevc ? "hevc" : "h264", "-i", withCaptions,
                 "-c", "copy", "-bsf:v", timestamps, timed])
        try run(["-nostdin", "-v", "error", "-y", "-i", timed, "-c", "copy", path])
    }

    /// A film broadcast's CEA-608 as a real 23.976 fps MPEG-TS carried it: `frames` 110 of H.264 at
    /// 24000/1001 fps whose pictures carry, in order, a field-1 pair, a field-2 pair, then one more
    /// slot of each field holding padding (and, in picture 5, 708 data). Each field holds two
    /// pop-on captions whose EOC is sent once a picture in two consecutive pictures, the copy after
    /// the field's padding and the other field's pair: CC1 "I'M ON THE AIR" then "OK", CC3
    /// "-ESO ES TODO." then "-SI." (field 2's miscellaneous codes with first byte 0x15), shown at
    /// pictures `eocPictures` and erased by EDM at `edmPicture`. The second caption of each is
    /// shorter than the first on the same row: a decoder that acts on both copies swaps the first
    /// back off screen after one picture and loads the second over its text.
    public static func doubledEOCBroadcast(_ path: String) throws {
        func odd(_ b: UInt8) -> UInt8 { b.nonzeroBitCount % 2 == 0 ? b | 0x80 : b }
        func field(_ misc: UInt8, _ first: String, _ second: String) -> [Int: (UInt8, UInt8)] {
            var pairs: [Int: (UInt8, UInt8)] = [:]
            func load(_ text: String, from picture: Int, eoc: Int) {
                for (k, code) in [(misc, 0x20), (misc, 0x20), (0x14, 0x70), (0x14, 0x70)].enumerated() {
                    pairs[picture + k] = (odd(code.0), odd(UInt8(code.1)))   // RCL RCL, PAC row 15 twice
                }
                var bytes = Array(text.utf8)
                if bytes.count % 2 == 1 { bytes.append(0) }
                for k in stride(from: 0, to: bytes.count, by: 2) { pairs[picture + 4 + k / 2] = (odd(bytes[k]), odd(bytes[k + 1])) }
                pairs[eoc] = (odd(misc), odd(0x2F))
                pairs[eoc + 1] = (odd(misc), odd(0x2F))
            }
            load(first, from: 10, eoc: eocPictures[0])
            load(second, from: 60, eoc: eocPictures[1])
            pairs[edmPicture] = (odd(misc), odd(0x2C))
            pairs[edmPicture + 1] = (odd(misc), odd(0x2C))
            return pairs
        }
        let field1 = field(0x14, "I'M ON THE AIR", "OK"), field2 = field(0x15, "-ESO ES TODO.", "-SI.")
        try a53Video(path, frames: 110, rate: (24000, 1001)) { n in
            let one = field1[n] ?? (0x80, 0x80), two = field2[n] ?? (0x80, 0x80)
            var triplets: [(UInt8, UInt8, UInt8)] = [(0xFC, one.0, one.1), (0xFD, two.0, two.1), (0xFC, 0x80, 0x80), (0xFD, 0x80, 0x80)]
            if n == 5 { triplets += [(0xFF, 0x02, 0x42), (0xFE, 0x41, 0x42)] }
            return triplets
        }
    }

    /// The pictures where `doubledEOCBroadcast`'s captions are shown: each EOC's first copy (the
    /// second is in the next picture). 28 × 1001/24000 is 1.168 s, 83 × 1001/24000 3.462 s.
    public static let eocPictures = [28, 83]
    /// The picture where `doubledEOCBroadcast`'s EDM (sent twice, in it and the next) erases them.
    public static let edmPicture = 100

    /// The NAL units of an Annex B byte stream, without their start codes.
    static func nalUnits(_ bytes: [UInt8]) -> [[UInt8]] {
        var starts: [Int] = []
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0 && bytes[i + 1] == 0 && bytes[i + 2] == 1 { starts.append(i + 3); i += 3 } else { i += 1 }
        }
        return starts.enumerated().map { k, start in
            var end = k + 1 < starts.count ? starts[k + 1] - 3 : bytes.count
            while k + 1 < starts.count && end > start && bytes[end - 1] == 0 { end -= 1 }  // a 4-byte start code's zero
            return Array(bytes[start..<end])
        }
    }

    /// An SEI NAL unit (H.264 type 6; HEVC prefix SEI, type 39) with one
    /// `user_data_registered_itu_t_t35` message carrying `cc_data`.
    static func sei(_ triplets: [(UInt8, UInt8, UInt8)], hevc: Bool = false) -> [UInt8] {
        var ccData: [UInt8] = [0x40 | UInt8(triplets.count), 0xFF]  // process_cc_data_flag, cc_count; em_data
        for t in triplets { ccData += [t.0, t.1, t.2] }
        ccData.append(0xFF)  // marker_bits
        // country code USA, provider ATSC, user_identifier GA94, user_data_type_code 3 (cc_data).
        let payload: [UInt8] = [0xB5, 0x00, 0x31] + Array("GA94".utf8) + [0x03] + ccData
        let body: [UInt8] = [4, UInt8(payload.count)] + payload + [0x80]  // rbsp_trailing_bits
        // Emulation prevention: no 00 00 0x (x ≤ 3) inside a NAL unit.
        var escaped: [UInt8] = hevc ? [0x4E, 0x01] : [0x06]
        var zeros = 0
        for byte in body {
            if zeros >= 2 && byte <= 3 { escaped.append(3); zeros = 0 }
            escaped.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return escaped
    }

    /// The byte pairs of a Scenarist SCC text with non-drop-frame timecodes, by frame from the
    /// first timecode of hour `hour` (01:00:00:00 is frame 0 with `hour` 1): the k-th pair of a
    /// line at the line's frame + k, as SCC readers place them.
    public static func sccPairs(_ text: String, hour: Int = 1) -> [Int: (UInt8, UInt8)] {
        var pairs: [Int: (UInt8, UInt8)] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let code = fields.first, code.count == 11, code.contains(":") else { continue }
            let n = code.split(whereSeparator: { $0 == ":" || $0 == ";" }).compactMap { Int($0) }
            guard n.count == 4 else { continue }
            let frame = ((n[0] - hour) * 3600 + n[1] * 60 + n[2]) * 30 + n[3]
            for (k, word) in fields.dropFirst().enumerated() {
                guard word.count == 4, let value = UInt16(word, radix: 16) else { continue }
                pairs[frame + k] = (UInt8(value >> 8), UInt8(value & 0xFF))
            }
        }
        return pairs
    }
}
