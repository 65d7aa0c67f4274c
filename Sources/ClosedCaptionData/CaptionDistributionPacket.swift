/// A Caption Distribution Packet (SMPTE ST 334-2): one video frame's closed-caption data as SDI
/// ancillary data and MCC files carry it: a header (`cdp_identifier` 0x9669, `cdp_length`,
/// `cdp_frame_rate`, flags, `cdp_hdr_sequence_cntr`), optional sections (time code 0x71,
/// `cc_data` 0x72, caption service information 0x73, future sections 0x75–0xEF) and a footer
/// (0x74, `cdp_ftr_sequence_cntr`, `packet_checksum`).
///
/// Future sections (`future_section_id`, an 8-bit length, that many bytes) are skipped when
/// read and not kept: nothing defines them yet.
public struct CaptionDistributionPacket: Sendable, Hashable {
    /// The frame rate the packet says it is for; nil when its `cdp_frame_rate` code is forbidden
    /// or reserved (encoded as 0).
    public var frameRate: FrameRate?
    /// The header's flags. The three presence flags are set from the sections the packet has
    /// when it is encoded; the others are written as they are.
    public var flags: Flags
    /// `cdp_hdr_sequence_cntr`, which the footer repeats: each packet's is the previous one's plus
    /// one (wrapping at 65,536), so a jump means packets were lost.
    public var sequenceCounter: UInt16
    /// The time code section, if the packet has one.
    public var timeCode: TimeCode?
    /// The `cc_data` section's triplets; nil when the packet has no `cc_data` section (empty when
    /// it has one with `cc_count` 0).
    public var triplets: [CCDataTriplet]?
    /// The caption service information section, if the packet has one.
    public var serviceInformation: ServiceInformation?

    /// The largest `cc_count` a `cc_data` section can say (five bits).
    public static let maximumTripletCount = 31

    /// A packet from its parts. `flags` defaults to `caption_service_active`, as a packet carrying
    /// captions says; the presence flags follow from the sections given.
    public init(frameRate: FrameRate?, sequenceCounter: UInt16, triplets: [CCDataTriplet]?, timeCode: TimeCode? = nil,
                serviceInformation: ServiceInformation? = nil, flags: Flags = [.captionServiceActive]) {
        self.frameRate = frameRate
        self.sequenceCounter = sequenceCounter
        self.triplets = triplets
        self.timeCode = timeCode
        self.serviceInformation = serviceInformation
        self.flags = flags
    }

    /// The packet's bytes, `cdp_length` and `packet_checksum` computed. The presence flags are
    /// set from the sections present; `cc_count` is at most 31, so triplets past the 31st are not
    /// written (`padded(_:for:)` never gives more), and the service information is written as
    /// `svc_count` says, cut or zero-filled to that length.
    public func encoded() -> [UInt8] {
        var presence: Flags = []
        if timeCode != nil { presence.insert(.timeCodePresent) }
        if triplets != nil { presence.insert(.ccDataPresent) }
        if serviceInformation != nil { presence.insert(.serviceInfoPresent) }
        let flagsByte = (flags.subtracting(Flags.sectionsPresent).union(presence)).rawValue | 0x01

        var b: [UInt8] = [0x96, 0x69, 0, ((frameRate?.rawValue ?? 0) << 4) | 0x0F, flagsByte,
                          UInt8(sequenceCounter >> 8), UInt8(sequenceCounter & 0xFF)]
        if let timeCode {
            b.append(0x71)
            b += timeCode.encoded
        }
        if let triplets {
            let written = triplets.prefix(Self.maximumTripletCount)
            b.append(0x72)
            b.append(0xE0 | UInt8(written.count))
            for t in written {
                b += [0xF8 | (t.isValid ? 0x04 : 0) | t.kind.rawValue, t.byte1, t.byte2]
            }
        }
        if let info = serviceInformation {
            let count = info.serviceCount
            b.append(0x73)
            for k in 0..<(1 + 7 * count) { b.append(k < info.bytes.count ? info.bytes[k] : 0) }
        }
        b += [0x74, UInt8(sequenceCounter >> 8), UInt8(sequenceCounter & 0xFF), 0]
        // At most 7 + 5 + 95 + 107 + 4 = 218 bytes: cdp_length (8 bits) always holds it.
        b[2] = UInt8(b.count)
        let sum = b.reduce(UInt8(0)) { $0 &+ $1 }
        b[b.count - 1] = 0 &- sum
        return b
    }

    /// The triplets for one packet at `frameRate`, as the writer sends them: CEA-608's two slots
    /// first, then the caller's other triplets, then padding up to `frameRate.tripletsPerFrame`.
    ///
    /// The choice, documented: slot 0 holds a field-1 triplet and slot 1 a field-2 triplet, as
    /// CEA-708 streams put 608 data ahead of DTVCC data (FFmpeg's and MacCaption's MCC output do
    /// the same). When the caller's triplets do not start that way, the 608 padding
    /// `0xFC 0x80 0x80` (field 1) or `0xFD 0x80 0x80` (field 2) is put in the slot — valid pairs
    /// of two nulls, which keep a 608 decoder's field clock running — and the caller's triplets
    /// follow in their order. The remaining slots get DTVCC padding `0xFA 0x00 0x00`
    /// (`cc_valid` 0). More triplets than the rate carries are kept (up to 31, the most
    /// `cc_count` can say; the rest are cut). Padding a padded list changes nothing.
    public static func padded(_ triplets: [CCDataTriplet], for frameRate: FrameRate) -> [CCDataTriplet] {
        padding(triplets, for: frameRate).triplets
    }

    /// `padded(_:for:)`, and how many of the caller's triplets did not fit in 31.
    static func padding(_ triplets: [CCDataTriplet], for frameRate: FrameRate) -> (triplets: [CCDataTriplet], dropped: Int) {
        var result: [CCDataTriplet] = []
        result.reserveCapacity(max(frameRate.tripletsPerFrame, triplets.count + 2))
        var rest = triplets[...]
        if let first = rest.first, first.kind == .field1 {
            result.append(first)
            rest = rest.dropFirst()
        } else {
            result.append(CCDataTriplet(isValid: true, kind: .field1, byte1: 0x80, byte2: 0x80))
        }
        if let second = rest.first, second.kind == .field2 {
            result.append(second)
            rest = rest.dropFirst()
        } else {
            result.append(CCDataTriplet(isValid: true, kind: .field2, byte1: 0x80, byte2: 0x80))
        }
        result += rest
        while result.count < frameRate.tripletsPerFrame {
            result.append(CCDataTriplet(isValid: false, kind: .dtvccData, byte1: 0, byte2: 0))
        }
        // Only the caller's triplets can be past the 31st: padding never reaches it.
        let dropped = max(0, result.count - maximumTripletCount)
        return (Array(result.prefix(maximumTripletCount)), dropped)
    }
}

extension CaptionDistributionPacket {
    /// Something wrong with a packet's bytes. Parsing never stops at the first: a packet with a
    /// wrong checksum still gives its triplets, with the problem beside them.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The bytes do not start with `cdp_identifier` 0x96 0x69: not a packet, nothing read.
        case badIdentifier
        /// The bytes end before the footer (or before the 7-byte header, when nothing is read).
        case truncated
        /// `cdp_length` differs from the length of the packet up to its footer.
        case lengthMismatch(declared: Int, found: Int)
        /// Bytes after the footer's checksum.
        case bytesAfterFooter(count: Int)
        /// The bytes of the packet do not sum to 0 modulo 256; `expected` is the checksum byte
        /// that would make them.
        case badChecksum(expected: UInt8, found: UInt8)
        /// `cdp_ftr_sequence_cntr` differs from `cdp_hdr_sequence_cntr`.
        case sequenceMismatch(header: UInt16, footer: UInt16)
        /// `cdp_frame_rate` is 0 (forbidden) or 9–15 (reserved).
        case reservedFrameRate(code: UInt8)
        /// A section id that is none of 0x71–0xEF at `offset`: the sections after it cannot be
        /// found (a future section's length is only known for 0x75–0xEF).
        case unknownSection(id: UInt8, offset: Int)
        /// The header's presence flags say other sections than the packet has.
        case presenceFlagsDisagree(flags: Flags, sections: Flags)

        /// One sentence saying what is wrong, for a diagnostic.
        public var description: String {
            switch self {
            case .badIdentifier:
                "the bytes do not start with a CDP's identifier 96 69"
            case .truncated:
                "the packet ends before its footer"
            case let .lengthMismatch(declared, found):
                "cdp_length says \(declared) bytes, but the packet up to its footer has \(found)"
            case let .bytesAfterFooter(count):
                "\(count) byte\(count == 1 ? "" : "s") after the packet's footer"
            case let .badChecksum(expected, found):
                "packet_checksum is \(hex(found)), but the bytes need \(hex(expected)) to sum to 0"
            case let .sequenceMismatch(header, footer):
                "the footer's sequence counter \(footer) differs from the header's \(header)"
            case let .reservedFrameRate(code):
                "cdp_frame_rate \(code) is \(code == 0 ? "forbidden" : "reserved")"
            case let .unknownSection(id, offset):
                "section id \(hex(id)) at byte \(offset) is unknown; the sections after it are not read"
            case let .presenceFlagsDisagree(flags, sections):
                "the header's flags say \(Self.names(flags)), but the packet has \(Self.names(sections))"
            }
        }

        private static func names(_ flags: Flags) -> String {
            var parts: [String] = []
            if flags.contains(.timeCodePresent) { parts.append("a time code") }
            if flags.contains(.ccDataPresent) { parts.append("cc_data") }
            if flags.contains(.serviceInfoPresent) { parts.append("service information") }
            return parts.isEmpty ? "no sections" : parts.joined(separator: ", ")
        }
    }

    /// What parsing found: the packet, if the bytes start like one, and its problems.
    public struct Parsed: Sendable, Hashable {
        /// The packet; nil when the bytes are not a packet (`badIdentifier`) or are shorter than
        /// its 7-byte header (`truncated`).
        public var packet: CaptionDistributionPacket?
        /// What is wrong, in the order found; empty for a sound packet.
        public var problems: [Problem]
        /// How many bytes the packet spans: up to its footer's checksum, or all of them when
        /// the footer was not found.
        public var length: Int

        /// A result from its parts.
        public init(packet: CaptionDistributionPacket?, problems: [Problem], length: Int) {
            self.packet = packet
            self.problems = problems
            self.length = length
        }
    }

    /// Parses `bytes` as one packet. Tolerant: the sections are found by walking them from the
    /// header to the footer, whatever `cdp_length` says; triplets are read even when the checksum,
    /// the length or the sequence counters are wrong, and a `cc_data` section cut short gives the
    /// whole triplets there are. Never traps, whatever the bytes.
    public static func parse(_ bytes: some Collection<UInt8>) -> Parsed {
        let b = Array(bytes)
        guard b.count >= 2, b[0] == 0x96, b[1] == 0x69 else {
            let cut = b.isEmpty || b == [0x96]
            return Parsed(packet: nil, problems: [cut ? .truncated : .badIdentifier], length: b.count)
        }
        guard b.count >= 7 else { return Parsed(packet: nil, problems: [.truncated], length: b.count) }
        var problems: [Problem] = []
        let declaredLength = Int(b[2])
        let rateCode = b[3] >> 4
        let frameRate = FrameRate(rawValue: rateCode)
        if frameRate == nil { problems.append(.reservedFrameRate(code: rateCode)) }
        let flags = Flags(rawValue: b[4] & 0xFE)
        let headerCounter = UInt16(b[5]) << 8 | UInt16(b[6])
        var packet = CaptionDistributionPacket(frameRate: frameRate, sequenceCounter: headerCounter, triplets: nil, flags: flags)
        var sections: Flags = []
        var k = 7
        var footerEnd: Int?
        walk: while k < b.count {
            let id = b[k]
            switch id {
            case 0x71:
                guard k + 5 <= b.count else { break walk }
                packet.timeCode = TimeCode(b[k + 1], b[k + 2], b[k + 3], b[k + 4])
                sections.insert(.timeCodePresent)
                k += 5
            case 0x72:
                guard k + 2 <= b.count else { break walk }
                let end = k + 2 + 3 * Int(b[k + 1] & 0x1F)
                // A section cut short still gives its whole triplets.
                packet.triplets = CCData.triplets(b[(k + 2)..<min(end, b.count)])
                sections.insert(.ccDataPresent)
                k = end
            case 0x73:
                guard k + 2 <= b.count else { break walk }
                let end = k + 2 + 7 * Int(b[k + 1] & 0x0F)
                packet.serviceInformation = ServiceInformation(bytes: Array(b[(k + 1)..<min(end, b.count)]))
                sections.insert(.serviceInfoPresent)
                k = end
            case 0x74:
                guard k + 4 <= b.count else { break walk }
                let footerCounter = UInt16(b[k + 1]) << 8 | UInt16(b[k + 2])
                if footerCounter != headerCounter {
                    problems.append(.sequenceMismatch(header: headerCounter, footer: footerCounter))
                }
                footerEnd = k + 4
                break walk
            case 0x75...0xEF:
                guard k + 2 <= b.count else { break walk }
                k += 2 + Int(b[k + 1])
            default:
                problems.append(.unknownSection(id: id, offset: k))
                return finish(packet, problems: problems, sections: sections, length: b.count)
            }
        }
        guard let end = footerEnd else {
            problems.append(.truncated)
            return finish(packet, problems: problems, sections: sections, length: b.count)
        }
        if declaredLength != end { problems.append(.lengthMismatch(declared: declaredLength, found: end)) }
        let sum = b[0..<end].reduce(UInt8(0)) { $0 &+ $1 }
        if sum != 0 {
            let found = b[end - 1]
            problems.append(.badChecksum(expected: found &- sum, found: found))
        }
        if end < b.count { problems.append(.bytesAfterFooter(count: b.count - end)) }
        return finish(packet, problems: problems, sections: sections, length: end)
    }

    private static func finish(_ packet: CaptionDistributionPacket, problems: [Problem], sections: Flags, length: Int) -> Parsed {
        var problems = problems
        let stated = packet.flags.intersection(Flags.sectionsPresent)
        // Only a complete walk can say a flagged section is missing; an extra section is always seen.
        let walked = !problems.contains { if case .truncated = $0 { true } else if case .unknownSection = $0 { true } else { false } }
        if stated != sections && (walked || !sections.isSubset(of: stated)) {
            problems.append(.presenceFlagsDisagree(flags: stated, sections: sections))
        }
        return Parsed(packet: packet, problems: problems, length: length)
    }
}

/// `0x7F`, as problem messages write bytes.
func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return "0x" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
}
