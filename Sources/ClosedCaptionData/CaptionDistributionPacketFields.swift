public import TimedText

extension CaptionDistributionPacket {
    /// `cdp_frame_rate` (SMPTE ST 334-2): the video frame rate the packet is made for, one packet
    /// a frame. Codes 0 and 9–15 are forbidden or reserved.
    public enum FrameRate: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// 24000/1001 frames a second.
        case fps23_976 = 1
        /// 24 frames a second.
        case fps24 = 2
        /// 25 frames a second.
        case fps25 = 3
        /// 30000/1001 frames a second (NTSC).
        case fps29_97 = 4
        /// 30 frames a second.
        case fps30 = 5
        /// 50 frames a second.
        case fps50 = 6
        /// 60000/1001 frames a second.
        case fps59_94 = 7
        /// 60 frames a second.
        case fps60 = 8

        /// The whole number of frames a time code counts each second: 24, 25, 30, 50 or 60.
        public var nominalFramesPerSecond: Int {
            switch self {
            case .fps23_976, .fps24: 24
            case .fps25: 25
            case .fps29_97, .fps30: 30
            case .fps50: 50
            case .fps59_94, .fps60: 60
            }
        }

        /// True for the rates 1000/1001 of a whole number (23.976, 29.97, 59.94).
        public var isFractional: Bool { self == .fps23_976 || self == .fps29_97 || self == .fps59_94 }

        /// The exact length of one frame: 1001/30000 s at 29.97, 1/25 s at 25.
        public var frameDuration: MediaTime {
            let n = Int64(nominalFramesPerSecond)
            return isFractional ? MediaTime(value: 1001, timescale: n * 1000) : MediaTime(value: 1, timescale: n)
        }

        /// How many `cc_data` triplets a packet carries at this rate: the caption channel's 9,600
        /// bit/s is 600 byte pairs a second (CEA-708), so 600 / frames a second, rounded down:
        /// 25 at 23.976 and 24, 24 at 25, 20 at 29.97 and 30, 12 at 50, 10 at 59.94 and 60.
        public var tripletsPerFrame: Int { 600 / nominalFramesPerSecond }

        /// The rate with `nominal` frames a second counted, fractional (1000/1001) or not; nil
        /// when no CDP rate has that count (23.976, 29.97 and 59.94 are the fractional ones).
        public init?(nominalFramesPerSecond nominal: Int, fractional: Bool) {
            switch (nominal, fractional) {
            case (24, true): self = .fps23_976
            case (24, false): self = .fps24
            case (25, false): self = .fps25
            case (30, true): self = .fps29_97
            case (30, false): self = .fps30
            case (50, false): self = .fps50
            case (60, true): self = .fps59_94
            case (60, false): self = .fps60
            default: return nil
            }
        }

        /// `23.976`, `24`, `25`, `29.97`, `30`, `50`, `59.94` or `60`.
        public var description: String {
            switch self {
            case .fps23_976: "23.976"
            case .fps24: "24"
            case .fps25: "25"
            case .fps29_97: "29.97"
            case .fps30: "30"
            case .fps50: "50"
            case .fps59_94: "59.94"
            case .fps60: "60"
            }
        }
    }

    /// The header's flags byte (SMPTE ST 334-2): which sections follow, and the state of the
    /// caption service information. Bit 0 is reserved and always written as 1.
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `time_code_present`: a time code section follows the header.
        public static let timeCodePresent = Flags(rawValue: 0x80)
        /// `ccdata_present`: a `cc_data` section follows.
        public static let ccDataPresent = Flags(rawValue: 0x40)
        /// `svcinfo_present`: a caption service information section follows.
        public static let serviceInfoPresent = Flags(rawValue: 0x20)
        /// `svc_info_start`: the service information starts a new description (its first packet).
        public static let serviceInfoStart = Flags(rawValue: 0x10)
        /// `svc_info_change`: the service information describes a change.
        public static let serviceInfoChange = Flags(rawValue: 0x08)
        /// `svc_info_complete`: this packet completes the service description.
        public static let serviceInfoComplete = Flags(rawValue: 0x04)
        /// `caption_service_active`: a caption service is being carried.
        public static let captionServiceActive = Flags(rawValue: 0x02)

        /// The three flags that say which sections follow: they are set from the packet's content
        /// when it is encoded.
        public static let sectionsPresent: Flags = [.timeCodePresent, .ccDataPresent, .serviceInfoPresent]
    }

    /// The time code section (`0x71`): the SMPTE ST 12-1 time code of the frame, in BCD.
    public struct TimeCode: Sendable, Hashable {
        /// Hours, 0–39 as the BCD digits can say it (0–23 in a valid time code).
        public var hours: Int
        /// Minutes, 0–79 as the digits can say it (0–59 in a valid time code).
        public var minutes: Int
        /// Seconds, 0–79 as the digits can say it (0–59 in a valid time code).
        public var seconds: Int
        /// Frames, 0–39 as the digits can say it.
        public var frames: Int
        /// `tc_field_flag`: the second field of the frame (or the second frame of a pair above 30
        /// frames a second).
        public var isFieldFlagSet: Bool
        /// `drop_frame_flag`: the time code counts drop-frame.
        public var isDropFrame: Bool

        /// A time code from its fields; each is written in as many BCD bits as the section has.
        public init(hours: Int, minutes: Int, seconds: Int, frames: Int, isFieldFlagSet: Bool = false, isDropFrame: Bool = false) {
            self.hours = hours
            self.minutes = minutes
            self.seconds = seconds
            self.frames = frames
            self.isFieldFlagSet = isFieldFlagSet
            self.isDropFrame = isDropFrame
        }

        /// Decodes the section's four bytes after its id:
        /// `'11' tc_10hrs(2) tc_1hrs(4)`, `'1' tc_10min(3) tc_1min(4)`,
        /// `tc_field_flag tc_10sec(3) tc_1sec(4)`, `drop_frame_flag '0' tc_10fr(2) tc_1fr(4)`.
        init(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8) {
            hours = Int((b0 >> 4) & 0x3) * 10 + Int(b0 & 0xF)
            minutes = Int((b1 >> 4) & 0x7) * 10 + Int(b1 & 0xF)
            seconds = Int((b2 >> 4) & 0x7) * 10 + Int(b2 & 0xF)
            frames = Int((b3 >> 4) & 0x3) * 10 + Int(b3 & 0xF)
            isFieldFlagSet = b2 & 0x80 != 0
            isDropFrame = b3 & 0x80 != 0
        }

        /// The four bytes of the section after its id, reserved bits set; each field is reduced
        /// to what its digits can hold (never a trap on a field out of range).
        var encoded: [UInt8] {
            func digits(_ value: Int, tensBits: UInt8) -> UInt8 {
                let v = max(0, value)
                return (UInt8(truncatingIfNeeded: (v / 10) % 10) & tensBits) << 4 | UInt8(v % 10)
            }
            return [0xC0 | digits(hours, tensBits: 0x3),
                    0x80 | digits(minutes, tensBits: 0x7),
                    (isFieldFlagSet ? 0x80 : 0) | digits(seconds, tensBits: 0x7),
                    (isDropFrame ? 0x80 : 0) | digits(frames, tensBits: 0x3)]
        }
    }

    /// The caption service information section (`0x73`), kept as read: this module frames
    /// packets and leaves the service descriptors (CEA-708 caption service descriptors) to
    /// whoever reads them.
    public struct ServiceInformation: Sendable, Hashable {
        /// The section after its id: `reserved(1) svc_info_start svc_info_change
        /// svc_info_complete svc_count(4)`, then `svc_count` descriptors of 7 bytes each.
        public var bytes: [UInt8]

        /// The section from its bytes after the id.
        public init(bytes: [UInt8]) { self.bytes = bytes }

        /// `svc_count`: how many 7-byte service descriptors follow the first byte.
        public var serviceCount: Int { Int((bytes.first ?? 0) & 0x0F) }
        /// `svc_info_start`.
        public var isStart: Bool { (bytes.first ?? 0) & 0x40 != 0 }
        /// `svc_info_change`.
        public var isChange: Bool { (bytes.first ?? 0) & 0x20 != 0 }
        /// `svc_info_complete`.
        public var isComplete: Bool { (bytes.first ?? 0) & 0x10 != 0 }
        /// The service descriptors, 7 bytes each (`reserved csn_size caption_service_number(6)`
        /// and six bytes of the CEA-708 caption service descriptor).
        public var descriptors: [[UInt8]] {
            (0..<serviceCount).compactMap { k in
                let start = 1 + 7 * k
                return start + 7 <= bytes.count ? Array(bytes[start..<(start + 7)]) : nil
            }
        }
    }
}
