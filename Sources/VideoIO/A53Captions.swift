public import TimedText
import Foundation

/// The ATSC A/53 caption data of a video, picture by picture in presentation order: each
/// picture's `cc_data` triplets (`marker(5) cc_valid(1) cc_type(2) cc_data_1 cc_data_2`, A/53
/// Part 4 §6.2.3.1) with its frame-exact time. cc_type 0/1 are CEA-608 fields 1 and 2 (CC1–CC4),
/// 2/3 are CEA-708 DTVCC packet bytes, kept here for a 708 decoder. What the bytes mean is
/// `ClosedCaptionData`'s to say: this is only what ffmpeg gave.
public struct A53CaptionData: Sendable, Hashable {
    /// One picture's caption data.
    public struct Packet: Sendable, Hashable {
        /// The picture's presentation time from the start of the file, on the video's frame grid.
        public var time: MediaTime
        /// Its triplets, three bytes each, as the picture carried them.
        public var triplets: [UInt8]

        /// A packet from its time and triplet bytes.
        public init(time: MediaTime, triplets: [UInt8]) {
            self.time = time
            self.triplets = triplets
        }
    }

    /// The pictures that carried caption data, in presentation order.
    public var packets: [Packet]
    /// Lines of ffprobe's output that could not be read as a packet (0 when all were).
    public var unreadablePackets: Int

    /// Caption data from its packets.
    public init(packets: [Packet], unreadablePackets: Int = 0) {
        self.packets = packets
        self.unreadablePackets = unreadablePackets
    }
}

/// ffprobe's compact output (`-of compact`) of packets with their data
/// (`-show_entries packet=pts,pts_time,size,data -show_data`): one line a packet,
/// `packet|pts=129003|size=6|data=\n00000000: fc94 d0fd 8080   ......\n`, the data a hex dump
/// whose line ends are written `\n`. Pure functions: no program is run.
package enum FFprobePacketDump {
    /// One parsed line: a packet (`pts`, data) or the stream's time base (`stream|time_base=1/90000`).
    package enum Line: Sendable, Hashable {
        /// A packet: its presentation time in time-base units, and its bytes.
        case packet(pts: Int64, data: [UInt8])

        /// The stream section's time base.
        case timeBase(Fraction)
    }

    /// Reads one line (without its line end); nil when it is neither a well-formed packet line
    /// nor a time base (a damaged hex dump, a size that disagrees with the dump, no `pts`).
    package static func parse(line: some Collection<UInt8>) -> Line? {
        parseFields(line).line
    }

    /// The line read, and the `pts_time` printed with a packet.
    static func parseFields(_ line: some Collection<UInt8>) -> (line: Line?, ptsTime: MediaTime?) {
        let fields = split(Array(line))
        var ptsTime: MediaTime?
        for field in fields.dropFirst() where field.starts(with: Array("pts_time=".utf8)) {
            if let f = Fraction(decimal: field.dropFirst(9)) { ptsTime = MediaTime(value: f.numerator, timescale: f.denominator) }
        }
        return (parseLine(fields), ptsTime)
    }

    private static func parseLine(_ fields: [[UInt8]]) -> Line? {
        guard let section = fields.first else { return nil }
        var values: [String: [UInt8]] = [:]
        for field in fields.dropFirst() {
            // A nested section's name (`side_data`), or the empty field a continuation starts with.
            guard let eq = field.firstIndex(of: UInt8(ascii: "=")) else { continue }
            values[String(decoding: field[..<eq], as: UTF8.self)] = Array(field[(eq + 1)...])
        }
        switch String(decoding: section, as: UTF8.self) {
        case "stream":
            guard let text = values["time_base"] else { return nil }
            let parts = text.split(separator: UInt8(ascii: "/"))
            guard parts.count == 2, let n = Int64(String(decoding: parts[0], as: UTF8.self)),
                  let d = Int64(String(decoding: parts[1], as: UTF8.self)), n > 0, d > 0 else { return nil }
            return .timeBase(Fraction(n, d))
        case "packet":
            guard let ptsText = values["pts"], let pts = Int64(String(decoding: ptsText, as: UTF8.self)),
                  let dump = values["data"], let data = hexDump(dump) else { return nil }
            if let sizeText = values["size"] {
                guard let size = Int(String(decoding: sizeText, as: UTF8.self)), size == data.count else { return nil }
            }
            return .packet(pts: pts, data: data)
        default:
            return nil
        }
    }

    /// Splits a compact line at the `|` that are not escaped, undoing the escapes (`\n`, `\r`,
    /// `\\`, `\|`, `\b`, `\f`) in each field.
    static func split(_ line: [UInt8]) -> [[UInt8]] {
        var fields: [[UInt8]] = []
        var current: [UInt8] = []
        var i = 0
        while i < line.count {
            let byte = line[i]
            if byte == UInt8(ascii: "\\"), i + 1 < line.count {
                let next = line[i + 1]
                switch next {
                case UInt8(ascii: "n"): current.append(0x0A)
                case UInt8(ascii: "r"): current.append(0x0D)
                case UInt8(ascii: "b"): current.append(0x08)
                case UInt8(ascii: "f"): current.append(0x0C)
                default: current.append(next)
                }
                i += 2
                continue
            }
            if byte == UInt8(ascii: "|") {
                fields.append(current)
                current = []
            } else {
                current.append(byte)
            }
            i += 1
        }
        fields.append(current)
        return fields
    }

    /// ffprobe's hex dump (`writer_print_data`): a line end, then per 16 bytes
    /// `%08x: ` + the bytes as hex, a space after each second one, padded to 41 columns, + the bytes
    /// as ASCII ('.' for the unprintable) + a line end. Nil when a line breaks that form or its
    /// offset is not the count of bytes before it.
    package static func hexDump(_ text: [UInt8]) -> [UInt8]? {
        var bytes: [UInt8] = []
        let lines = text.split(separator: 0x0A, omittingEmptySubsequences: true)
        for line in lines {
            let l = Array(line)
            guard l.count >= 10, l[8] == UInt8(ascii: ":"), l[9] == UInt8(ascii: " "),
                  let offset = hexNumber(l[0..<8]), offset == bytes.count else { return nil }
            let area = l[10...].prefix(41)
            var count = 0
            var k = area.startIndex
            // Pairs of hex digits, a space after every second byte, then spaces only.
            while k + 1 < area.endIndex, let high = hexDigit(area[k]), let low = hexDigit(area[k + 1]) {
                bytes.append(high << 4 | low)
                count += 1
                k += 2
                if count % 2 == 0 {
                    guard k < area.endIndex, area[k] == UInt8(ascii: " ") else { return nil }
                    k += 1
                }
            }
            guard count > 0, count <= 16, area[k...].allSatisfy({ $0 == UInt8(ascii: " ") }), area.count == 41 else { return nil }
            // The ASCII column repeats the bytes: it must be as long as they are.
            guard l.count - 10 - 41 == count else { return nil }
        }
        return bytes
    }

    private static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func hexNumber(_ digits: ArraySlice<UInt8>) -> Int? {
        var n = 0
        for c in digits {
            guard let d = hexDigit(c) else { return nil }
            n = n << 4 | Int(d)
        }
        return n
    }

    /// The A/53 caption data in a whole compact dump of the `subcc` stream: packets put in
    /// presentation order, their times `pts × time_base − start`, moved to the nearest frame of
    /// `frameRate` when it is known (ffmpeg rescales times to the filter's time base, which can
    /// leave them a tick off the frame). A packet whose data is not whole triplets keeps its whole
    /// triplets; unreadable lines are counted.
    package static func captionData(_ output: [UInt8], start: MediaTime, frameRate: Fraction?) -> A53CaptionData {
        var collector = Collector()
        collector.add(chunk: output)
        return collector.finish(start: start, frameRate: frameRate)
    }

    /// Gathers lines as they arrive (ffprobe's output read in chunks), then times the packets.
    struct Collector {
        var raw: [(pts: Int64, data: [UInt8])] = []
        var timeBase: Fraction?
        var unreadable = 0
        var pending: [UInt8] = []
        /// The `pts_time` of the last packet (for progress: the time base comes after the packets).
        var lastTime: MediaTime?
        /// The last line, held until the next shows whether it continues it: a packet with side
        /// data is printed `packet|…|side_data|` and, on the next line, `|data=…`.
        var held: [UInt8]?

        mutating func add(line: some Collection<UInt8>) {
            guard !line.isEmpty else { return }
            if line.first == UInt8(ascii: "|"), held != nil {
                held! += line
                return
            }
            if let previous = held { parse(previous) }
            held = Array(line)
        }

        private mutating func parse(_ line: [UInt8]) {
            let parsed = FFprobePacketDump.parseFields(line)
            if let t = parsed.ptsTime { lastTime = t }
            switch parsed.line {
            case .packet(let pts, let data)?: raw.append((pts, data))
            case .timeBase(let base)?: timeBase = base
            case nil: unreadable += 1
            }
        }

        /// Feeds a chunk of output; whole lines are parsed, the rest kept for the next chunk.
        mutating func add(chunk: [UInt8]) {
            pending += chunk
            guard let last = pending.lastIndex(of: 0x0A) else { return }
            for line in pending[..<last].split(separator: 0x0A) { add(line: line) }
            pending.removeSubrange(...last)
        }

        mutating func finish(start: MediaTime, frameRate: Fraction?) -> A53CaptionData {
            if !pending.isEmpty { add(line: pending); pending = [] }
            if let last = held { parse(last); held = nil }
            let base = timeBase ?? Fraction(1, 90000)
            let sorted = raw.enumerated().sorted { ($0.element.pts, $0.offset) < ($1.element.pts, $1.offset) }
            let packets = sorted.map { item -> A53CaptionData.Packet in
                let data = item.element.data
                let time = FFprobePacketDump.time(pts: item.element.pts, timeBase: base, start: start, frameRate: frameRate)
                return .init(time: time, triplets: Array(data.prefix(data.count - data.count % 3)))
            }
            return A53CaptionData(packets: packets, unreadablePackets: unreadable)
        }
    }

    /// `pts × timeBase − start`, moved onto the frame grid of `frameRate` when given and the time
    /// is within a millisecond of a frame (a rescaling tick off it); a time further off the grid (a
    /// variable-frame-rate file, whose `r_frame_rate` is a guess) is kept as it is.
    package static func time(pts: Int64, timeBase: Fraction, start: MediaTime, frameRate: Fraction?) -> MediaTime {
        let raw = MediaTime(value: pts.multipliedReportingOverflow(by: timeBase.numerator).partialValue, timescale: timeBase.denominator) - start
        guard let rate = frameRate, rate.numerator > 0, rate.denominator > 0 else { return raw }
        // Frame n starts at n × den/num: round the time, counted in 1/num ticks, to whole frames.
        // A damaged dump can give a pts near the end of Int64: such a time stays as it is.
        let ticks = raw.rounded(toTimescale: rate.numerator)
        let half = rate.denominator / 2
        let (nudged, past) = ticks >= 0 ? ticks.addingReportingOverflow(half) : ticks.subtractingReportingOverflow(half)
        guard !past else { return raw }
        let (value, over) = (nudged / rate.denominator).multipliedReportingOverflow(by: rate.denominator)
        guard !over else { return raw }
        let snapped = MediaTime(value: value, timescale: rate.numerator)
        let off = snapped < raw ? raw - snapped : snapped - raw
        return off <= MediaTime(milliseconds: 1) ? snapped : raw
    }
}

extension FFmpeg {
    /// The `movie` filter's source argument for `path`: absolute, its `\ ' : =` escaped for the
    /// filter's options, then `\ ' [ ] , ;` for the filter graph (libavfilter's two levels of
    /// quoting; `movie` resolves a relative name against the working directory).
    package static func movieSource(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        func escape(_ text: String, _ special: String) -> String {
            var out = ""
            for c in text {
                if special.contains(c) { out.append("\\") }
                out.append(c)
            }
            return out
        }
        return escape(escape(absolute, "\\':="), "\\'[],;")
    }

    /// The arguments of the A/53 scan: ffmpeg's `movie` source with the `subcc` pad, which decodes
    /// the video stream `index` (nil: the one ffmpeg finds best) and gives each picture's `cc_data`
    /// in presentation order (B-frames reordered by the decoder), printed one packet a line.
    package static func a53Arguments(_ path: String, videoStream index: Int?) -> [String] {
        let stream = index.map { ":si=\($0)" } ?? ""
        return ["-v", "error", "-f", "lavfi", "-i", "movie=\(movieSource(path))\(stream)[out0+subcc]", "-select_streams", "s",
                "-show_entries", "packet=pts,pts_time,size,data:stream=time_base", "-show_data", "-of", "compact"]
    }

    /// Decodes the video of `path` (its first stream that can carry captions) and collects its A/53 caption data (every picture's `cc_data`,
    /// 608 and 708) with frame-exact times from the file's start. `progress` is called with the
    /// time reached, about every second of video. Throws `.unreadableInput` with ffprobe's last
    /// lines when it fails (a file with no video stream fails so).
    public func scanA53(_ path: String, inventory: MediaInventory, progress: ((MediaTime) -> Void)? = nil) throws(LegibleError) -> A53CaptionData {
        var collector = FFprobePacketDump.Collector()
        var reported = MediaTime(value: -1, timescale: 1)
        let start = inventory.startTime
        let rate = (inventory.captionVideoStream ?? inventory.videoStreams.first)?.frameRate
        let video = inventory.captionVideoStream ?? inventory.videoStreams.first
        try run(ffprobePath, Self.a53Arguments(path, videoStream: video?.index), reading: path) { chunk in
            collector.add(chunk: chunk)
            if let progress, let last = collector.lastTime {
                let t = last - start
                if t - reported >= MediaTime(seconds: 1) {
                    reported = t
                    progress(t)
                }
            }
        }
        return collector.finish(start: start, frameRate: rate)
    }
}
