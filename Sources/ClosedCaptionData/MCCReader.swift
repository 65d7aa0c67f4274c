public import TimedText

extension DiagnosticCode {
    /// Warning: the file does not start with `File Format=MacCaption_MCC V…`; read as MCC all
    /// the same.
    public static let mccMissingHeader: Self = "mcc.missing-header"
    /// Warning: a version other than 1.0 or 2.0, a second `File Format` line or a second,
    /// different `Time Code Rate`; the first stands.
    public static let mccBadHeader: Self = "mcc.bad-header"
    /// Warning: a `Time Code Rate` that is none of 24, 25, 30, 30DF, 50, 60, 60DF; the rate is
    /// taken as if the line were missing.
    public static let mccUnknownRate: Self = "mcc.unknown-rate"
    /// Warning: no `Time Code Rate` line; the rate is taken from the packets' frame rate (30DF
    /// when they say none).
    public static let mccMissingRate: Self = "mcc.missing-rate"
    /// Warning: the packets' `cdp_frame_rate` disagrees with the `Time Code Rate`; times follow
    /// the rate line.
    public static let mccRateMismatch: Self = "mcc.rate-mismatch"
    /// Warning: a line that is neither a header line, a comment nor a time code with data; skipped.
    public static let mccBadLine: Self = "mcc.bad-line"
    /// Warning: a time code that cannot be read, or is out of range at the file's rate (a
    /// drop-frame label that drop-frame counting skips among them); the line is skipped.
    public static let mccBadTimecode: Self = "mcc.bad-timecode"
    /// Info: spaces instead of a tab after the time code; read all the same (said once).
    public static let mccMissingTab: Self = "mcc.missing-tab"
    /// Warning: a character in the data that is neither a hex digit nor an MCC letter, or a lone
    /// hex digit; the line is skipped.
    public static let mccBadHex: Self = "mcc.bad-hex"
    /// Warning: the line's bytes are not a CDP (nor its ANC packet, `61 01`); skipped.
    public static let mccNotACDP: Self = "mcc.not-a-cdp"
    /// Warning: the packet ends before its footer; the triplets there are are read (a packet
    /// shorter than its header is skipped).
    public static let mccTruncatedCDP: Self = "mcc.truncated-cdp"
    /// Warning: `cdp_length` disagrees with the packet's length up to its footer.
    public static let mccBadCDPLength: Self = "mcc.bad-cdp-length"
    /// Warning: the packet's bytes do not sum to 0 (`packet_checksum`); its triplets are read
    /// all the same.
    public static let mccBadChecksum: Self = "mcc.bad-checksum"
    /// Warning: the footer's sequence counter differs from the header's.
    public static let mccSequenceMismatch: Self = "mcc.sequence-mismatch"
    /// Warning: a packet's sequence counter is not the previous line's plus one: packets were
    /// lost or reordered.
    public static let mccSequenceGap: Self = "mcc.sequence-gap"
    /// Warning: a `cdp_frame_rate` code that is forbidden (0) or reserved (9–15).
    public static let mccBadFrameRate: Self = "mcc.bad-frame-rate"
    /// Warning: a section id the packet cannot be walked past; the sections after it are not read.
    public static let mccBadCDPSection: Self = "mcc.bad-cdp-section"
    /// Info: the packet's presence flags name other sections than it has.
    public static let mccCDPFlags: Self = "mcc.cdp-flags"
    /// Warning: the ANC packet's data count (`61 01 DC`) differs from the CDP's length.
    public static let mccBadANCLength: Self = "mcc.bad-anc-length"
    /// Warning: the ANC packet's checksum after the CDP is wrong (info: missing).
    public static let mccBadANCChecksum: Self = "mcc.bad-anc-checksum"
    /// Warning: bytes after the packet (and after its ANC checksum); ignored.
    public static let mccTrailingBytes: Self = "mcc.trailing-bytes"
    /// Warning: a line's time is earlier than the previous line's (lines with the same time code
    /// are allowed: they carry more packets for one frame); kept in file order.
    public static let mccTimeNotIncreasing: Self = "mcc.time-not-increasing"
}

/// Reads MCC (MacCaption) files: the header, and each data line's time code and Caption
/// Distribution Packet. Never fails: a damaged line is reported and skipped, a damaged packet is
/// reported and read as far as it can be; the work is linear in the input.
///
/// **Rates.** MCC's `Time Code Rate` says how labels count, not the exact video rate. The
/// packets' `cdp_frame_rate` says that, so the exact rate is:
/// - `30DF` → 30000/1001, `60DF` → 60000/1001 (drop-frame exists only for those);
/// - `24`, `30`, `60` → 24000/1001, 30000/1001, 60000/1001 when the packets say 23.976, 29.97,
///   59.94 (non-drop time code on NTSC-rate video, which has no other way to say so), else 24,
///   30 and 60 exactly — as FFmpeg and GStreamer read them;
/// - `25`, `50` → 25, 50.
///
/// A file without the line (MCC V1.0 files may lack it) takes the packets' rate, counted as
/// drop-frame at 29.97 and 59.94 (the broadcast norm), and 30DF when no packet says a rate:
/// MCC is a North American broadcast format, where 29.97 drop-frame is the common case.
///
/// **Time codes** may be written with `;` (or `.` before the frames), as drop-frame labels often
/// are; the rate line alone says how they count. V2.0's `.0`/`.1` field and `,L` line suffixes
/// are kept (`MCCTimecode`). Lines with the same time code are allowed (more packets for one
/// frame); a time earlier than the line before is reported and kept in file order.
public struct MCCReader: Sendable {
    /// A reader.
    public init() {}

    /// Whether `bytes` look like an MCC file: `File Format=MacCaption_MCC` after an optional
    /// UTF-8 byte order mark and blank lines.
    public static func looksLike<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        let signature = Array("File Format=MacCaption_MCC".utf8)
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x0A || $0 == 0x0D || $0 == 0x20 || $0 == 0x09 }
        return rest.starts(with: signature)
    }

    /// Reads an MCC file's bytes (ASCII; a UTF-8 byte order mark is skipped). Diagnostics are
    /// sorted by place, those about the whole file first.
    public func read(_ bytes: [UInt8]) -> ParseResult<MCCFile> {
        var scan = MCCLineScan()
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            line += 1
            scan.read(line: bytes[start..<end], number: line)
            // CRLF, LF and CR (classic Mac OS, where MacCaption began) all end a line.
            start = end + (end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A ? 2 : 1)
        }
        if !scan.sawContent {
            scan.log.report(.warning, .mccMissingHeader, "the file is empty: no MCC header and no data", at: nil)
        }
        return scan.finish()
    }
}

/// A frame read but not yet timed: its time needs the file's rate, known at the end.
private struct PendingFrame {
    var timecode: MCCTimecode
    var line: Int
    var packet: CaptionDistributionPacket
}

/// The state of one read, line by line.
private struct MCCLineScan {
    var log = DiagnosticLog()
    var sawContent = false
    var version: String?
    var fields: [MCCFile.HeaderField] = []
    var statedRate: MCCTimeCodeRate?
    var pending: [PendingFrame] = []
    var previousCounter: UInt16?
    var reportedMissingTab = false
    var buffer: [UInt8] = []

    mutating func read(line raw: ArraySlice<UInt8>, number: Int) {
        var line = raw
        while let last = line.last, last == 0x20 || last == 0x09 { line.removeLast() }
        let content = line.drop { $0 == 0x20 || $0 == 0x09 }
        guard let first = content.first else { return }
        if content.starts(with: [0x2F, 0x2F]) { return }  // `//`, a comment
        let column = { (index: Int) in SourceLocation(line: number, column: index - raw.startIndex + 1) }
        let header = Array("File Format=MacCaption_MCC V".utf8)
        if content.starts(with: header) {
            let versionText = asText(content.dropFirst(header.count))
            if sawContent {
                log.report(.warning, .mccBadHeader, "a second File Format line; ignored", at: column(content.startIndex))
                return
            }
            sawContent = true
            version = versionText
            if versionText != "1.0" && versionText != "2.0" {
                log.report(.warning, .mccBadHeader, "MCC version '\(versionText)' is neither 1.0 nor 2.0; read as 2.0",
                           at: column(content.startIndex + header.count))
            }
            return
        }
        if !sawContent {
            sawContent = true
            log.report(.warning, .mccMissingHeader, "the file does not start with 'File Format=MacCaption_MCC V1.0' or 'V2.0'; read as MCC all the same",
                       at: column(content.startIndex))
        }
        if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") {
            readData(content, number: number, column: column)
        } else if let equals = content.firstIndex(of: UInt8(ascii: "=")) {
            readField(key: content[..<equals], value: content[(equals + 1)...], column: column)
        } else {
            log.report(.warning, .mccBadLine, "'\(asText(content.prefix(24)))' is neither a header line, a comment nor a time code with data; skipped",
                       at: column(content.startIndex))
        }
    }

    private mutating func readField(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>, column: (Int) -> SourceLocation) {
        let field = MCCFile.HeaderField(key: String(asText(key).trimmingSpaces), value: String(asText(value).trimmingSpaces))
        fields.append(field)
        guard field.key.lowercased() == "time code rate" else { return }
        guard let rate = MCCTimeCodeRate(text: field.value) else {
            log.report(.warning, .mccUnknownRate, "Time Code Rate '\(field.value)' is none of 24, 25, 30, 30DF, 50, 60, 60DF; ignored",
                       at: column(value.startIndex))
            return
        }
        if let stated = statedRate {
            if stated != rate {
                log.report(.warning, .mccBadHeader, "a second Time Code Rate, \(rate.rawValue); the first, \(stated.rawValue), stands",
                           at: column(value.startIndex))
            }
            return
        }
        statedRate = rate
    }

    private mutating func readData(_ content: ArraySlice<UInt8>, number: Int, column: (Int) -> SourceLocation) {
        guard let (timecode, length) = MCCTimecode.parse(content) else {
            let word = content.prefix { $0 != 0x09 && $0 != 0x20 }.prefix(24)
            log.report(.warning, .mccBadTimecode, "'\(asText(word))' is not a time code (HH:MM:SS:FF); the line is skipped",
                       at: column(content.startIndex))
            previousCounter = nil
            return
        }
        var k = content.startIndex + length
        if k < content.endIndex && content[k] == 0x20 && !reportedMissingTab {
            reportedMissingTab = true
            log.report(.info, .mccMissingTab, "spaces instead of a tab after the time code (the first such line); read all the same",
                       at: column(k))
        }
        guard k < content.endIndex, content[k] == 0x09 || content[k] == 0x20 else {
            if k < content.endIndex {
                log.report(.warning, .mccBadTimecode, "the time code is followed by '\(asText(content[k...].prefix(1)))', not a tab; the line is skipped",
                           at: column(k))
            } else {
                log.report(.warning, .mccBadLine, "a time code with no data after it; skipped", at: column(content.startIndex))
            }
            previousCounter = nil
            return
        }
        while k < content.endIndex, content[k] == 0x09 || content[k] == 0x20 { k += 1 }
        let dataColumn = column(k)
        buffer.removeAll(keepingCapacity: true)
        if let error = MCCPayload.decode(content[k...], into: &buffer) {
            log.report(.warning, .mccBadHex, "\(error); the line is skipped", at: column(error.offset))
            previousCounter = nil
            return
        }
        guard let packet = readPacket(at: dataColumn) else {
            previousCounter = nil
            return
        }
        if let previous = previousCounter, packet.sequenceCounter != previous &+ 1 {
            log.report(.warning, .mccSequenceGap,
                       "the packet's sequence counter is \(packet.sequenceCounter), the previous line's \(previous): \(Self.gapMeaning(from: previous, to: packet.sequenceCounter))",
                       at: dataColumn)
        }
        previousCounter = packet.sequenceCounter
        pending.append(PendingFrame(timecode: timecode, line: number, packet: packet))
    }

    private static func gapMeaning(from previous: UInt16, to counter: UInt16) -> String {
        let missing = counter &- previous &- 1
        return missing < 0x8000 ? "\(missing) packet\(missing == 1 ? "" : "s") missing" : "out of order"
    }

    /// The CDP of the line's bytes in `buffer`, with or without its ANC header (`61 01 DC`, and
    /// the ANC checksum after it); nil, reported, when there is none to read.
    private mutating func readPacket(at location: SourceLocation) -> CaptionDistributionPacket? {
        let b = buffer
        let anc = b.count >= 2 && b[0] == 0x61
        if anc && b[1] != 0x01 {
            let what = b[1] == 0x02 ? " (a CEA-608 ANC packet, SMPTE ST 334-1, which is not read)" : ""
            log.report(.warning, .mccNotACDP, "the ANC packet's DID and SDID are 61 \(hex(b[1]).dropFirst(2))\(what), not a CDP's 61 01; the line is skipped",
                       at: location)
            return nil
        }
        if anc && b.count < 3 {
            log.report(.warning, .mccTruncatedCDP, "the ANC packet ends after its DID and SDID; the line is skipped", at: location)
            return nil
        }
        let start = anc ? 3 : 0
        let parsed = CaptionDistributionPacket.parse(b[start...])
        var footerFound = true
        for problem in parsed.problems {
            switch problem {
            case .badIdentifier:
                let what = anc ? "the ANC packet's data does not start with a CDP's identifier 96 69"
                               : "the data starts with neither a CDP's identifier 96 69 nor its ANC header 61 01"
                log.report(.warning, .mccNotACDP, "\(what); the line is skipped", at: location)
            case .truncated:
                footerFound = false
                log.report(.warning, .mccTruncatedCDP,
                           parsed.packet == nil ? "the packet ends inside its header; the line is skipped"
                                                : "the packet ends before its footer; the triplets there are are read",
                           at: location)
            case .lengthMismatch:
                log.report(.warning, .mccBadCDPLength, "\(problem)", at: location)
            case .bytesAfterFooter:
                break  // after an ANC packet's CDP comes its checksum: judged below
            case .badChecksum:
                log.report(.warning, .mccBadChecksum, "\(problem); the triplets are read all the same", at: location)
            case .sequenceMismatch:
                log.report(.warning, .mccSequenceMismatch, "\(problem)", at: location)
            case .reservedFrameRate:
                log.report(.warning, .mccBadFrameRate, "\(problem)", at: location)
            case .unknownSection:
                footerFound = false
                log.report(.warning, .mccBadCDPSection, "\(problem)", at: location)
            case .presenceFlagsDisagree:
                log.report(.info, .mccCDPFlags, "\(problem)", at: location)
            }
        }
        guard let packet = parsed.packet else { return nil }
        guard footerFound else { return packet }
        var after = b.count - start - parsed.length
        if anc {
            let dataCount = Int(b[2])
            if dataCount != parsed.length {
                log.report(.warning, .mccBadANCLength, "the ANC data count says \(dataCount) bytes, the CDP has \(parsed.length)",
                           at: location)
            }
            if after == 0 {
                log.report(.info, .mccBadANCChecksum, "no ANC checksum after the packet", at: location)
            } else {
                let sum = b[0..<(start + parsed.length)].reduce(UInt8(0)) { $0 &+ $1 }
                let found = b[start + parsed.length]
                if found != sum {
                    log.report(.warning, .mccBadANCChecksum, "the ANC checksum is \(hex(found)), but the packet's bytes sum to \(hex(sum))",
                               at: location)
                }
                after -= 1
            }
        }
        if after > 0 {
            log.report(.warning, .mccTrailingBytes, "\(after) byte\(after == 1 ? "" : "s") after the packet\(anc ? " and its ANC checksum" : ""); ignored",
                       at: location)
        }
        return packet
    }

    /// The file, its rate settled and its frames timed.
    mutating func finish() -> ParseResult<MCCFile> {
        let packetRate = pending.lazy.compactMap(\.packet.frameRate).first
        let timeCodeRate: MCCTimeCodeRate
        let frameRate: CaptionDistributionPacket.FrameRate
        if let stated = statedRate {
            timeCodeRate = stated
            if stated.isDropFrame {
                frameRate = .init(nominalFramesPerSecond: stated.nominalFramesPerSecond, fractional: true) ?? .fps29_97
            } else if let packetRate, packetRate.nominalFramesPerSecond == stated.nominalFramesPerSecond {
                frameRate = packetRate
            } else {
                frameRate = .init(nominalFramesPerSecond: stated.nominalFramesPerSecond, fractional: false) ?? .fps30
            }
        } else {
            frameRate = packetRate ?? .fps29_97
            timeCodeRate = MCCTimeCodeRate(frameRate: frameRate, dropFrame: true)
            let source = packetRate.map { "from the packets' frame rate, \($0)" } ?? "as no packet says a frame rate"
            log.report(.warning, .mccMissingRate, "no valid Time Code Rate line; read as \(timeCodeRate.rawValue) (\(frameRate) fps), \(source)",
                       at: nil)
        }
        if let odd = pending.first(where: { $0.packet.frameRate.map { $0 != frameRate } ?? false }), let said = odd.packet.frameRate {
            log.report(.warning, .mccRateMismatch,
                       "the packet says \(said) fps, the Time Code Rate \(timeCodeRate.rawValue) (read as \(frameRate) fps); times follow the rate line",
                       at: SourceLocation(line: odd.line, column: 1))
        }
        var frames: [MCCFrame] = []
        frames.reserveCapacity(pending.count)
        let duration = frameRate.frameDuration
        for frame in pending {
            let label = frame.timecode
            guard label.isValid(at: timeCodeRate) else {
                log.report(.warning, .mccBadTimecode, "\(label) is not a valid \(timeCodeRate.rawValue) time code \(Self.whyInvalid(label, timeCodeRate)); the line is skipped",
                           at: SourceLocation(line: frame.line, column: 1))
                continue
            }
            let time = label.time(at: timeCodeRate, frameDuration: duration)
            if let previous = frames.last, time < previous.time {
                log.report(.warning, .mccTimeNotIncreasing, "\(label) is earlier than the previous line's \(previous.timecode); kept in file order",
                           at: SourceLocation(line: frame.line, column: 1))
            }
            frames.append(MCCFrame(timecode: label, frameNumber: label.frameNumber(at: timeCodeRate), time: time, line: frame.line,
                                   packet: frame.packet))
        }
        let file = MCCFile(version: version, headerFields: fields, timeCodeRate: timeCodeRate, frameRate: frameRate, frames: frames)
        let zero = SourceLocation(line: 0, column: 0)
        let sorted = log.finished().enumerated().sorted { a, b in
            let (x, y) = (a.element.location ?? zero, b.element.location ?? zero)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        return ParseResult(value: file, diagnostics: sorted)
    }

    private static func whyInvalid(_ label: MCCTimecode, _ rate: MCCTimeCodeRate) -> String {
        if label.frames >= rate.nominalFramesPerSecond { return "(frames run 0–\(rate.nominalFramesPerSecond - 1))" }
        if label.minutes >= 60 || label.seconds >= 60 { return "(minutes and seconds run 0–59)" }
        let dropped = rate.droppedFramesPerMinute
        return "(drop-frame counting skips frames 0–\(dropped - 1) of each minute but every tenth)"
    }

}

/// Bytes of the file as text, for messages and header values.
private func asText(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
