import Foundation
public import TimedText

extension DiagnosticCode {
    /// Warning: a cue setting §6.3 does not define (only `vertical line position size align region`
    /// exist); ignored.
    public static let webVTTUnknownSetting: Self = "webvtt.unknown-setting"
    /// Warning: a cue setting that is not `name:value`, or whose value is invalid; ignored, the
    /// setting keeps its earlier value.
    public static let webVTTBadSetting: Self = "webvtt.bad-setting"
    /// Info: a cue setting given more than once on a timing line; the last valid one applies.
    public static let webVTTRepeatedSetting: Self = "webvtt.repeated-setting"
    /// Warning: `region:` names no region defined before the cue; the cue is not in a region.
    public static let webVTTUnknownRegion: Self = "webvtt.unknown-region"
}

/// W3C WebVTT §6.3, "parse the WebVTT cue settings": `vertical`, `line`, `position`, `size`,
/// `align` and `region`, each applied as the spec says (an invalid value leaves the setting as it
/// was; a later setting overrides an earlier one; `line`, `size` and `vertical` take the cue out of
/// its region). Fills the API view and the model's layout together.
struct WebVTTCueSettings {
    /// The setting names §6.3 knows.
    enum Setting: String, CaseIterable {
        case region, vertical, line, position, size, align

        init?(_ name: ByteSlice) {
            // By length and first letter, then the whole name: this runs for every setting.
            let candidate: Setting
            switch (name.count, name.first) {
            case (6, UInt8(ascii: "r")?): candidate = .region
            case (8, UInt8(ascii: "v")?): candidate = .vertical
            case (4, UInt8(ascii: "l")?): candidate = .line
            case (8, UInt8(ascii: "p")?): candidate = .position
            case (4, UInt8(ascii: "s")?): candidate = .size
            case (5, UInt8(ascii: "a")?): candidate = .align
            default: return nil
            }
            let expected = candidate.rawValue.utf8
            let matches = expected.withContiguousStorageIfAvailable { bytes in
                memcmp(bytes.baseAddress!, UnsafeRawPointer(name.base.baseAddress! + name.startIndex), bytes.count) == 0
            } ?? name.elementsEqual(expected)
            guard matches else { return nil }
            self = candidate
        }
    }

    var values = WebVTTCueValues()
    var layout = CueLayout()

    /// The regions defined so far, for `region:`: where the last one with each identifier is.
    let regions: [String: Int]

    init(regions: [String: Int]) { self.regions = regions }

    /// Parses the settings in `p[range]`; `lineNumber` and `lineStart` place diagnostics.
    mutating func parse(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lineNumber: Int, lineStart: Int,
                        log: inout DiagnosticLog) {
        var seen: UInt8 = 0  // one bit per Setting
        var tokens = WebVTTSettingTokens(p, range, lineNumber: lineNumber, lineStart: lineStart)
        while let token = tokens.next() {
            guard case .setting(let nameBytes, let value, let location) = token else {
                if case .malformed(let text, let location) = token {
                    log.report(.warning, .webVTTBadSetting, "'\(String(decoding: text, as: UTF8.self))' is not a name:value cue setting; ignored",
                               at: location)
                }
                continue
            }
            guard let setting = Setting(nameBytes) else {
                log.report(.warning, .webVTTUnknownSetting,
                           "unknown cue setting '\(String(decoding: nameBytes, as: UTF8.self))'; ignored", at: location)
                continue
            }
            let name = setting.rawValue
            let bit = UInt8(1) << UInt8(Setting.allCases.firstIndex(of: setting)!)
            if seen & bit != 0 {
                log.report(.info, .webVTTRepeatedSetting, "the setting '\(name)' is given more than once; the last valid one applies",
                           at: location)
            }
            seen |= bit
            let applied: Bool
            switch setting {
            case .region: applied = region(value, log: &log, at: location)
            case .vertical: applied = vertical(value)
            case .line: applied = line(value)
            case .position: applied = position(value)
            case .size: applied = size(value)
            case .align: applied = align(value)
            }
            if !applied {
                log.report(.warning, .webVTTBadSetting,
                           "invalid value '\(String(decoding: value, as: UTF8.self))' for the '\(name)' setting; ignored",
                           at: location)
            }
        }
    }

    private mutating func region(_ value: ByteSlice, log: inout DiagnosticLog, at location: SourceLocation) -> Bool {
        let id = String(decoding: value, as: UTF8.self)
        if let index = regions[id] {
            values.regionIndex = index
            layout.regionID = id
        } else {
            values.regionIndex = nil
            layout.regionID = nil
            log.report(.warning, .webVTTUnknownRegion, "no region '\(id)' is defined before this cue", at: location)
        }
        return true
    }

    private mutating func vertical(_ value: ByteSlice) -> Bool {
        var valid = true
        if value.elementsEqual("rl".utf8) {
            values.writingDirection = .verticalRightToLeft
        } else if value.elementsEqual("lr".utf8) {
            values.writingDirection = .verticalLeftToRight
        } else {
            valid = false
        }
        layout.writingDirection = values.writingDirection
        // Even after an invalid value: there are no vertical regions.
        if values.writingDirection != .horizontal { leaveRegion() }
        return valid
    }

    private mutating func line(_ value: ByteSlice) -> Bool {
        let comma = value.firstIndex(of: UInt8(ascii: ","))
        let linePosition = comma.map { value[value.startIndex..<$0] } ?? value
        guard linePosition.contains(where: WebVTTNumbers.isDigit) else { return false }
        let number: Double
        var modelLine: CueLayout.Line
        let isPercentage = linePosition.last == UInt8(ascii: "%")
        if isPercentage {
            guard let percentage = WebVTTNumbers.percentage(linePosition) else { return false }
            number = percentage.percent
            modelLine = .fraction(percentage.fraction)
        } else {
            guard let n = WebVTTNumbers.lineNumber(linePosition) else { return false }
            number = n
            // §7.2.1 rounds a line number to an integer for layout.
            let rounded = (n + 0.5).rounded(.down)
            modelLine = .number(Int(max(-2_147_483_648, min(2_147_483_647, rounded))))
        }
        var alignment = values.lineAlignment
        if let comma {
            let name = value[(comma + 1)...]
            if name.elementsEqual("start".utf8) {
                alignment = .start
            } else if name.elementsEqual("center".utf8) {
                alignment = .center
            } else if name.elementsEqual("end".utf8) {
                alignment = .end
            } else {
                return false
            }
        }
        values.lineAlignment = alignment
        values.line = number
        values.snapToLines = !isPercentage
        layout.lineAlignment = alignment
        layout.line = modelLine
        leaveRegion()
        return true
    }

    private mutating func position(_ value: ByteSlice) -> Bool {
        let comma = value.firstIndex(of: UInt8(ascii: ","))
        let column = comma.map { value[value.startIndex..<$0] } ?? value
        guard let percentage = WebVTTNumbers.percentage(column) else { return false }
        var alignment = values.positionAlignment
        if let comma {
            let name = value[(comma + 1)...]
            if name.elementsEqual("line-left".utf8) {
                alignment = .lineLeft
            } else if name.elementsEqual("center".utf8) {
                alignment = .center
            } else if name.elementsEqual("line-right".utf8) {
                alignment = .lineRight
            } else {
                return false
            }
        }
        values.positionAlignment = alignment
        values.position = percentage.percent
        layout.positionAlignment = alignment
        layout.position = percentage.fraction
        return true
    }

    private mutating func size(_ value: ByteSlice) -> Bool {
        guard let percentage = WebVTTNumbers.percentage(value) else { return false }
        values.size = percentage.percent
        layout.size = percentage.fraction
        if percentage.percent != 100 { leaveRegion() }
        return true
    }

    private mutating func align(_ value: ByteSlice) -> Bool {
        guard let alignment = [CueLayout.TextAlignment.start, .center, .end, .left, .right]
            .first(where: { value.elementsEqual($0.rawValue.utf8) }) else { return false }
        values.textAlignment = alignment
        layout.textAlignment = alignment
        return true
    }

    /// A cue positioned by line, sized, or set vertical leaves its region (§6.3).
    private mutating func leaveRegion() {
        values.regionIndex = nil
        layout.regionID = nil
    }
}
