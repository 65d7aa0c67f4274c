public import TimedText

/// An MCC (MacCaption) file as `MCCReader` reads it: its header and, per data line, a time code
/// and the Caption Distribution Packet (SMPTE ST 334-2) it carries — CEA-608 and CEA-708 data
/// as `cc_data` triplets, framed and not decoded.
public struct MCCFile: Sendable, Hashable {
    /// A `Key=Value` line of the header, as written (spaces around both trimmed).
    public struct HeaderField: Sendable, Hashable {
        /// The name before `=`, such as `UUID` or `Creation Program`.
        public var key: String
        /// The text after `=`.
        public var value: String

        /// A field from its name and value.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The version after `File Format=MacCaption_MCC V` (`1.0`, `2.0`); nil when the file has no
    /// such line.
    public var version: String?
    /// Every `Key=Value` line, in file order (`Time Code Rate` included).
    public var headerFields: [HeaderField]
    /// How the time codes count: the `Time Code Rate` line, or what the reader took when the file
    /// has none (see `MCCReader`).
    public var timeCodeRate: MCCTimeCodeRate
    /// The exact video frame rate the frames' times are computed at (see `MCCReader` for how it
    /// follows from the rate line and the packets).
    public var frameRate: CaptionDistributionPacket.FrameRate
    /// The data lines that could be read, in file order.
    public var frames: [MCCFrame]

    /// A file from its parts.
    public init(version: String?, headerFields: [HeaderField], timeCodeRate: MCCTimeCodeRate,
                frameRate: CaptionDistributionPacket.FrameRate, frames: [MCCFrame]) {
        self.version = version
        self.headerFields = headerFields
        self.timeCodeRate = timeCodeRate
        self.frameRate = frameRate
        self.frames = frames
    }

    /// The value of the first header field named `key`, compared without regard to case.
    public func value(of key: String) -> String? {
        let wanted = key.lowercased()
        return headerFields.first { $0.key.lowercased() == wanted }?.value
    }

    /// `UUID=`: the file's identifier.
    public var uuid: String? { value(of: "UUID") }
    /// `Creation Program=`: the program that wrote the file.
    public var creationProgram: String? { value(of: "Creation Program") }
    /// `Creation Date=`, as written (MacCaption writes `Friday, January 2, 1970`).
    public var creationDate: String? { value(of: "Creation Date") }
    /// `Creation Time=`, as written (`HH:MM:SS`).
    public var creationTime: String? { value(of: "Creation Time") }

    /// The length of one frame at `frameRate`.
    public var frameDuration: MediaTime { frameRate.frameDuration }
}

/// One data line of an MCC file: when, where, and the packet it carries.
public struct MCCFrame: Sendable, Hashable {
    /// The line's time code, as written.
    public var timecode: MCCTimecode
    /// The frame the time code labels at the file's time code rate, from 00:00:00:00.
    public var frameNumber: Int64
    /// The exact time of the frame (and field): `frameNumber` frames of the file's frame rate,
    /// plus half a frame for the second field.
    public var time: MediaTime
    /// The 1-based line of the file it was read from.
    public var line: Int
    /// The Caption Distribution Packet of the line.
    public var packet: CaptionDistributionPacket

    /// A frame from its parts.
    public init(timecode: MCCTimecode, frameNumber: Int64, time: MediaTime, line: Int, packet: CaptionDistributionPacket) {
        self.timecode = timecode
        self.frameNumber = frameNumber
        self.time = time
        self.line = line
        self.packet = packet
    }

    /// The packet's `cc_data` triplets; empty when it has no `cc_data` section.
    public var triplets: [CCDataTriplet] { packet.triplets ?? [] }
}

extension DiagnosticCode {
    /// Warning: an MCC file carries caption data, but no 608 channel or 708 service in it shows
    /// text.
    public static let mccNoCaptions: Self = "mcc.no-captions"
}

extension CaptionFormatID {
    /// MacCaption MCC: time-coded Caption Distribution Packets carrying CEA-608 and CEA-708.
    public static let mcc: Self = "mcc"
}
