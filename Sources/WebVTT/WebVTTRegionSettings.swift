public import TimedText

extension DiagnosticCode {
    /// Warning: a region setting that is unknown, not `name:value`, or has an invalid value; ignored,
    /// the region keeps its initial value for it.
    public static let webVTTBadRegionSetting: Self = "webvtt.bad-region-setting"
}

/// W3C WebVTT §6.2, "collect WebVTT region settings": `id`, `width`, `lines`, `regionanchor`,
/// `viewportanchor` and `scroll`, split on whitespace (the block's lines included); an invalid
/// setting is skipped and the region keeps its initial value for it.
enum WebVTTRegionSettings {
    /// The region's API values and its model form; `firstLine` is the line `range` starts on, to
    /// place diagnostics.
    static func parse(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, firstLine: Int,
                      log: inout DiagnosticLog) -> (values: WebVTTRegionValues, model: Region) {
        var values = WebVTTRegionValues()
        var model = Region(id: "", width: .one, lines: 3, regionAnchor: Point(x: .zero, y: .one),
                           viewportAnchor: Point(x: .zero, y: .one))
        var tokens = WebVTTSettingTokens(p, range, lineNumber: firstLine, lineStart: range.lowerBound)
        while let token = tokens.next() {
            guard case .setting(let nameBytes, let value, let location) = token else {
                if case .malformed(let text, let location) = token {
                    log.report(.warning, .webVTTBadRegionSetting,
                               "'\(String(decoding: text, as: UTF8.self))' is not a name:value region setting; ignored", at: location)
                }
                continue
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            var valid = true
            switch name {
            case "id":
                values.id = String(decoding: value, as: UTF8.self)
                model.id = values.id
            case "width":
                if let width = WebVTTNumbers.percentage(value) {
                    values.width = width.percent
                    model.width = width.fraction
                } else {
                    valid = false
                }
            case "lines":
                if value.allSatisfy(WebVTTNumbers.isDigit), let n = WebVTTNumbers.floatingPoint(value) {
                    values.lines = n
                    model.lines = Int(exactly: n.rounded()) ?? Int(Int32.max)
                } else {
                    valid = false
                }
            case "regionanchor", "viewportanchor":
                if let anchor = anchor(value) {
                    if name == "regionanchor" {
                        (values.regionAnchorX, values.regionAnchorY) = (anchor.x, anchor.y)
                        model.regionAnchor = anchor.point
                    } else {
                        (values.viewportAnchorX, values.viewportAnchorY) = (anchor.x, anchor.y)
                        model.viewportAnchor = anchor.point
                    }
                } else {
                    valid = false
                }
            case "scroll":
                if value.elementsEqual("up".utf8) {
                    values.scrollUp = true
                    model.scrollUp = true
                } else {
                    valid = false
                }
            default:
                log.report(.warning, .webVTTBadRegionSetting, "unknown region setting '\(name)'; ignored", at: location)
                continue
            }
            if !valid {
                log.report(.warning, .webVTTBadRegionSetting,
                           "invalid value '\(String(decoding: value, as: UTF8.self))' for the region setting '\(name)'; ignored",
                           at: location)
            }
        }
        return (values, model)
    }

    /// `x%,y%`, both percentages.
    private static func anchor(_ value: ByteSlice) -> (x: Double, y: Double, point: Point)? {
        guard let comma = value.firstIndex(of: UInt8(ascii: ",")),
              let x = WebVTTNumbers.percentage(value[value.startIndex..<comma]),
              let y = WebVTTNumbers.percentage(value[(comma + 1)...]) else { return nil }
        return (x.percent, y.percent, Point(x: x.fraction, y: y.fraction))
    }
}
