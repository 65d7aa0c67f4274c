public import TimedText
internal import XML

extension DiagnosticCode {
    /// Clock times whose last field is hundredths of a second, not frames (`00:00:05:77` with
    /// `ttp:frameRate="24"`, as older tools wrote them): some last field is at or above the frame
    /// rate and none has more than two digits, so every such field of the document is read as
    /// hundredths. One warning for the document, saying what its times showed.
    public static let ttmlFrameFieldReading: Self = "ttml.frame-field-reading"
}

/// What `00:00:05:77` means in a document whose frame rate is 24. TTML says the field after the
/// seconds counts frames, so 77 is invalid and the attribute would be ignored — and with it the
/// timing of the document, whose paragraphs then never end (and pile up: a cue per paragraph
/// holding every one before it). Older tools wrote hundredths of a second there whatever
/// `ttp:frameRate` said. The document's own times decide, for the whole
/// document at once: hundredths when some last field is at or above the frame rate (it cannot be
/// frames) and every last field has two digits and no sub-frames (it can be hundredths);
/// frames otherwise, each impossible value then reported and ignored as before.
enum TTMLFrameReading {
    /// The clock times with a frames field among a document's `begin`, `end` and `dur` values.
    struct Evidence: Equatable {
        var withFrames = 0
        var beyondRate = 0
        var largest: Int64 = 0
        /// Every frames field is two digits without sub-frames.
        var allFitHundredths = true
        var firstBeyondRate: SourceLocation?

        var readsAsHundredths: Bool { beyondRate > 0 && allFitHundredths }
    }

    /// The evidence of the document under `root`, every element's timing attributes looked at.
    static func evidence(_ root: XMLElementNode, _ parameters: TTMLTimingParameters) -> Evidence {
        let rate = parameters.effectiveFrameRate
        // As `TTMLTimeExpression.clockTime` tells frames beyond the rate.
        let limit = max((rate.numerator + rate.denominator - 1) / max(rate.denominator, 1), parameters.frameRate)
        var e = Evidence()
        var stack = [root]
        while let element = stack.popLast() {
            for attribute in element.attributes where attribute.name.namespace.isEmpty {
                let local = attribute.name.local
                guard local == "begin" || local == "end" || local == "dur",
                      let (frames, digits, subFrames) = framesField(attribute.value) else { continue }
                e.withFrames += 1
                e.largest = max(e.largest, frames)
                if digits != 2 || subFrames { e.allFitHundredths = false }
                if frames >= limit {
                    e.beyondRate += 1
                    if e.firstBeyondRate.map({ attribute.location < $0 }) ?? true { e.firstBeyondRate = attribute.location }
                }
            }
            for case .element(let child) in element.children { stack.append(child) }
        }
        return e
    }

    /// The frames field of a clock time `hh:mm:ss:ff[.sf]`: its value (nil past 18 digits), its
    /// number of digits, and whether sub-frames follow; nil for any other form.
    static func framesField(_ value: String) -> (Int64, Int, Bool)? {
        var utf8 = Substring(value).utf8[...]
        while let f = utf8.first, isWhitespace(f) { utf8 = utf8.dropFirst() }
        while let l = utf8.last, isWhitespace(l) { utf8 = utf8.dropLast() }
        var fields = 0
        var frames: Int64 = 0
        var digits = 0
        var subFrames = false
        for b in utf8 {
            if b == UInt8(ascii: ":") {
                guard !subFrames, digits > 0 else { return nil }
                fields += 1
                frames = 0
                digits = 0
            } else if b == UInt8(ascii: "."), fields == 3, !subFrames, digits > 0 {
                subFrames = true
            } else if b >= 0x30 && b <= 0x39 {
                if !subFrames {
                    if digits < 18 { frames = frames * 10 + Int64(b - 0x30) }
                    digits += 1
                }
            } else {
                return nil
            }
        }
        guard fields == 3, digits > 0 else { return nil }
        return (frames, digits, subFrames)
    }

    /// The one warning of a document read with hundredths.
    static func report(_ e: Evidence, _ parameters: TTMLTimingParameters, log: inout DiagnosticLog) {
        let rate = parameters.effectiveFrameRate
        let rateText = rate.denominator == 1 ? "\(rate.numerator)" : "\(rate.numerator)/\(rate.denominator)"
        let some = e.beyondRate == e.withFrames ? "all \(e.withFrames)" : "\(e.beyondRate) of the \(e.withFrames)"
        log.report(.warning, .ttmlFrameFieldReading,
                   "\(some) clock times with a field after the seconds (hh:mm:ss:ff) have it at or above the frame rate \(rateText) (up to \(e.largest)), which no frame number can be, and every one has two digits: the field is read as hundredths of a second throughout the document ('00:00:05:77' = 5.77 s), as the tool that wrote them meant",
                   at: e.firstBeyondRate)
    }
}
