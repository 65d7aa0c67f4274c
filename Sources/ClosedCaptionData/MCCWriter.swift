public import TimedText

extension DiagnosticCode {
    /// Warning: a frame before zero or past 99:59:59 (two-digit hours); not written.
    public static let mccTimeOutOfRange: Self = "mcc.time-out-of-range"
    /// Info: frame times not on a frame of the rate, written at the nearest frame (said once).
    public static let mccTimeRounded: Self = "mcc.time-rounded"
    /// Warning: a frame with more than 31 triplets (the most `cc_count` can say); the first 31
    /// are written.
    public static let mccTripletsDropped: Self = "mcc.triplets-dropped"
    /// Info: a frame with more triplets than its rate carries (CEA-708's 9,600 bit/s); written
    /// all the same, though a receiver may not keep up.
    public static let mccOverBandwidth: Self = "mcc.over-bandwidth"
}

/// Writes MCC V2.0 files: MacCaption's header, then one line per frame, each a time code and the
/// frame's Caption Distribution Packet in its ANC packet (`61 01`, data count, the CDP, the ANC
/// checksum), in MCC's hex with its letters.
///
/// Output is deterministic: the UUID and the creation date and time come from the caller. Time
/// codes are written with colons, drop-frame too (the rate line says how they count; FFmpeg's
/// older MCC reader reads only colons); lines end in CR LF, as MacCaption's own files do.
public struct MCCWriter: Sendable {
    /// The header lines the caller chooses.
    public struct Header: Sendable, Hashable {
        /// `UUID=`: the file's identifier, such as `9F6112F4-D9D0-4AAF-AA95-854710D3B57A`.
        public var uuid: String
        /// `Creation Program=`; `Legible` by default.
        public var creationProgram: String
        /// `Creation Date=`, written as given (MacCaption writes `Friday, January 2, 1970`).
        public var creationDate: String
        /// `Creation Time=`, written as given (`HH:MM:SS`).
        public var creationTime: String

        /// Header lines from their values; a line break in one is written as a space.
        public init(uuid: String, creationDate: String, creationTime: String, creationProgram: String = "Legible") {
            self.uuid = uuid
            self.creationDate = creationDate
            self.creationTime = creationTime
            self.creationProgram = creationProgram
        }
    }

    /// One frame to write: where it goes and the triplets it carries.
    public struct Frame: Sendable, Hashable {
        /// Where a frame is on the timeline.
        public enum Position: Sendable, Hashable {
            /// A time, written at the nearest frame of the rate.
            case time(MediaTime)
            /// A frame number, from 00:00:00:00.
            case frameNumber(Int64)
        }

        /// Where the frame is.
        public var position: Position
        /// True to write the packet for the frame's second field (`.1`).
        public var isSecondField: Bool
        /// The `cc_data` triplets of the frame's packet.
        public var triplets: [CCDataTriplet]

        /// A frame at a time.
        public init(time: MediaTime, triplets: [CCDataTriplet], isSecondField: Bool = false) {
            self.init(position: .time(time), triplets: triplets, isSecondField: isSecondField)
        }

        /// A frame by number.
        public init(frameNumber: Int64, triplets: [CCDataTriplet], isSecondField: Bool = false) {
            self.init(position: .frameNumber(frameNumber), triplets: triplets, isSecondField: isSecondField)
        }

        /// A frame as read from a file: its number, field and triplets.
        public init(_ frame: MCCFrame) {
            self.init(position: .frameNumber(frame.frameNumber), triplets: frame.triplets, isSecondField: frame.timecode.isSecondField)
        }

        private init(position: Position, triplets: [CCDataTriplet], isSecondField: Bool) {
            self.position = position
            self.triplets = triplets
            self.isSecondField = isSecondField
        }
    }

    /// The video frame rate, written as each packet's `cdp_frame_rate`.
    public var frameRate: CaptionDistributionPacket.FrameRate
    /// Drop-frame time codes (`30DF`, `60DF`) at 29.97 and 59.94; ignored at other rates.
    public var dropFrame: Bool
    /// The caller's header lines.
    public var header: Header
    /// True (the default) to pad each packet's triplets as `CaptionDistributionPacket.padded`
    /// does; false to write them as given.
    public var padsPackets: Bool

    /// A writer at `frameRate`; drop-frame by default, as 29.97 broadcast time code mostly is.
    public init(frameRate: CaptionDistributionPacket.FrameRate, dropFrame: Bool = true, header: Header, padsPackets: Bool = true) {
        self.frameRate = frameRate
        self.dropFrame = dropFrame
        self.header = header
        self.padsPackets = padsPackets
    }

    /// The `Time Code Rate` written.
    public var timeCodeRate: MCCTimeCodeRate { MCCTimeCodeRate(frameRate: frameRate, dropFrame: dropFrame) }

    /// The MCC text of `frames`, in the order given (a frame earlier than the one before is
    /// written where it is, and said); each packet's sequence counter is one more than the one
    /// before, from 0.
    public func write(_ frames: some Sequence<Frame>) -> ParseResult<[UInt8]> {
        var log = DiagnosticLog()
        var out: [UInt8] = []
        func line(_ text: String) {
            out += text.utf8
            out += [0x0D, 0x0A]
        }
        func clean(_ value: String) -> String {
            String(value.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        }
        let rate = timeCodeRate
        line("File Format=MacCaption_MCC V2.0")
        line("")
        for text in Self.preamble { line(text) }
        line("")
        line("UUID=" + clean(header.uuid))
        line("Creation Program=" + clean(header.creationProgram))
        line("Creation Date=" + clean(header.creationDate))
        line("Creation Time=" + clean(header.creationTime))
        line("Time Code Rate=" + rate.rawValue)
        line("")

        let duration = frameRate.frameDuration
        // The last frame a two-digit hour can label.
        let lastFrame = MCCTimecode(hours: 99, minutes: 59, seconds: 59, frames: rate.nominalFramesPerSecond - 1).frameNumber(at: rate)
        var counter: UInt16 = 0
        var previous: (frame: Int64, secondField: Bool)?
        var rounded = 0
        var firstRounded: MediaTime?
        for (index, frame) in frames.enumerated() {
            let number: Int64
            switch frame.position {
            case .frameNumber(let n):
                number = n
            case .time(let time):
                // Frames from the time, less half a frame for a second field, to the nearest.
                let shifted = frame.isSecondField ? time - MediaTime(value: duration.value, timescale: 2 * duration.timescale) : time
                let ticks = Int128(shifted.value) * Int128(duration.timescale)
                let per = Int128(shifted.timescale) * Int128(duration.value)
                let (q, r) = ticks.quotientAndRemainder(dividingBy: per)
                let nearest = r * 2 >= per ? q + 1 : (r * 2 < -per ? q - 1 : q)
                number = Int64(clamping: nearest)
                if r != 0 {
                    rounded += 1
                    if firstRounded == nil { firstRounded = time }
                }
            }
            guard number >= 0 && number <= lastFrame else {
                log.report(.warning, .mccTimeOutOfRange, "frame \(index + 1) (frame number \(number)) is outside 00:00:00:00–99:59:59; not written",
                           at: nil)
                continue
            }
            if let previous, (number, frame.isSecondField ? 1 : 0) < (previous.frame, previous.secondField ? 1 : 0) {
                log.report(.warning, .mccTimeNotIncreasing, "frame \(index + 1) is earlier than the frame before it; written in the order given",
                           at: nil)
            }
            previous = (number, frame.isSecondField)
            let (triplets, dropped) = padsPackets ? CaptionDistributionPacket.padding(frame.triplets, for: frameRate)
                : (Array(frame.triplets.prefix(CaptionDistributionPacket.maximumTripletCount)),
                   max(0, frame.triplets.count - CaptionDistributionPacket.maximumTripletCount))
            if dropped > 0 {
                log.report(.warning, .mccTripletsDropped,
                           "frame \(index + 1) has \(dropped) triplet\(dropped == 1 ? "" : "s") more than a packet holds (31); not written",
                           at: nil)
            } else if triplets.count > frameRate.tripletsPerFrame {
                log.report(.info, .mccOverBandwidth,
                           "frame \(index + 1) carries \(triplets.count) triplets; at \(frameRate) fps a frame carries \(frameRate.tripletsPerFrame)",
                           at: nil)
            }
            let cdp = CaptionDistributionPacket(frameRate: frameRate, sequenceCounter: counter, triplets: triplets).encoded()
            counter &+= 1
            var anc: [UInt8] = [0x61, 0x01, UInt8(cdp.count)]
            anc += cdp
            anc.append(anc.reduce(UInt8(0)) { $0 &+ $1 })
            let label = MCCTimecode(frameNumber: number, rate: rate, isSecondField: frame.isSecondField)
            out += label.description.utf8
            out.append(0x09)
            MCCPayload.encode(anc, into: &out)
            out += [0x0D, 0x0A]
        }
        if rounded > 0, let firstRounded {
            log.report(.info, .mccTimeRounded,
                       "\(rounded) frame time\(rounded == 1 ? " is" : "s are") not on a \(frameRate) fps frame (the first \(firstRounded.secondsText) s); written at the nearest frame",
                       at: nil)
        }
        return ParseResult(value: out, diagnostics: log.finished())
    }

    /// The descriptive text MacCaption's format asks every generated file to include, as is
    /// (its condition 2), with V2.0's list of rates.
    static let preamble: [String] = [
        "///////////////////////////////////////////////////////////////////////////////////",
        "// Computer Prompting and Captioning Company",
        "// Ancillary Data Packet Transfer File",
        "//",
        "// Permission to generate this format is granted provided that",
        "//   1. This ANC Transfer file format is used on an as-is basis and no warranty is given, and",
        "//   2. This entire descriptive information text is included in a generated .mcc file.",
        "//",
        "// General file format:",
        "//   HH:MM:SS:FF(tab)[Hexadecimal ANC data in groups of 2 characters]",
        "//     Hexadecimal data starts with the Ancillary Data Packet DID (Data ID defined in S291M)",
        "//       and concludes with the Check Sum following the User Data Words.",
        "//     Each time code line must contain at most one complete ancillary data packet.",
        "//     To transfer additional ANC Data successive lines may contain identical time code.",
        "//     Time Code Rate=[24, 25, 30, 30DF, 50, 60, 60DF]",
        "//",
        "//   ANC data bytes may be represented by one ASCII character according to the following schema:",
        "//     G  FAh 00h 00h",
        "//     H  2 x (FAh 00h 00h)",
        "//     I  3 x (FAh 00h 00h)",
        "//     J  4 x (FAh 00h 00h)",
        "//     K  5 x (FAh 00h 00h)",
        "//     L  6 x (FAh 00h 00h)",
        "//     M  7 x (FAh 00h 00h)",
        "//     N  8 x (FAh 00h 00h)",
        "//     O  9 x (FAh 00h 00h)",
        "//     P  FBh 80h 80h",
        "//     Q  FCh 80h 80h",
        "//     R  FDh 80h 80h",
        "//     S  96h 69h",
        "//     T  61h 01h",
        "//     U  E1h 00h 00h 00h",
        "//     Z  00h",
        "//",
        "///////////////////////////////////////////////////////////////////////////////////",
    ]
}
