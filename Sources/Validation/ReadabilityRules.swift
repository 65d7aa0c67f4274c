import TimedText

extension ValidationRun {
    /// `readability.cps` (at 1× and every other playback rate asked for) and `readability.wpm`.
    mutating func checkReadability(_ view: CueView, limits: ValidationProfile.Limits) {
        guard let duration = view.duration, duration > .zero else { return }
        let characters = Int64(TextMeasure.readingLength(view.text))
        guard characters > 0 else { return }
        if let maximum = limits.maxCharsPerSecond, isOn(.readabilityCPS) {
            // characters ÷ seconds, exactly: characters × timescale ÷ value.
            let cps = Fraction(characters * duration.timescale, duration.value)
            for rate in playbackRates {
                let effective = Fraction(cps.numerator * rate.numerator, cps.denominator * rate.denominator)
                guard effective > maximum else { continue }
                let at = rate == .one ? "" : " at \(numberText(rate))× playback"
                let needed = MediaTime(value: characters * maximum.denominator * rate.numerator,
                                       timescale: maximum.numerator * rate.denominator)
                report(.readabilityCPS,
                       "reading speed \(numberText(effective)) characters/s\(at) is above \(numberText(maximum)) (\(characters) characters in \(secondsText(duration)))",
                       cue: view, fix: "shorten the text or show it for at least \(secondsText(needed))")
                break
            }
        }
        if let maximum = limits.maxWordsPerMinute, isOn(.readabilityWPM), !ScriptCount.isUnspaced(view.text) {
            let words = Int64(TextMeasure.words(view.text))
            // words × 60 ÷ seconds
            let wpm = Fraction(words * 60 * duration.timescale, duration.value)
            for rate in playbackRates {
                let effective = Fraction(wpm.numerator * rate.numerator, wpm.denominator * rate.denominator)
                guard effective > Fraction(Int64(maximum)) else { continue }
                let at = rate == .one ? "" : " at \(numberText(rate))× playback"
                report(.readabilityWPM, "reading speed \(numberText(effective)) words/min\(at) is above \(maximum) (\(words) words in \(secondsText(duration)))",
                       cue: view)
                break
            }
        }
    }
}
