import Testing
@testable import TimedText

@Suite struct MediaTimeTests {
    @Test func reducesToLowestTerms() {
        let t = MediaTime(value: 1500, timescale: 1000)
        #expect(t.value == 3 && t.timescale == 2)
        #expect(MediaTime(value: -4, timescale: -8) == MediaTime(value: 1, timescale: 2))
        // The millisecond fast path agrees with the general reduction.
        for ms: Int64 in [-250, -1, 0, 1, 8, 40, 125, 500, 999, 1000, 3_723_041, 86_400_000, 1_000_000_000_007] {
            let fast = MediaTime(milliseconds: ms)
            let general = MediaTime(value: ms * 3, timescale: 3000)
            #expect(fast == general && fast.value == general.value && fast.timescale == general.timescale, "\(ms)")
        }
        #expect(MediaTime(milliseconds: -250).value == -1 && MediaTime(milliseconds: -250).timescale == 4)
        // So does the centisecond one (ASS).
        for cs: Int64 in Array(-250...1000) + [360_000, 1_000_000_000_007, Int64.max / 3] {
            let fast = MediaTime(value: cs, timescale: 100)
            let general = MediaTime(value: cs * 3, timescale: 300)
            #expect(fast == general && fast.value == general.value && fast.timescale == general.timescale, "\(cs)")
        }
        // So does the NTSC-frame fast path (timescale 30000).
        for value: Int64 in [-30000, -1001, 0, 1, 3, 15, 16, 1001, 30000, 90000, 113_224 * 1001, 2_401_922, 7_500_000] {
            let fast = MediaTime(value: value, timescale: 30000)
            let general = MediaTime(value: value * 7, timescale: 210_000)
            #expect(fast == general && fast.value == general.value && fast.timescale == general.timescale, "\(value)")
        }
    }

    @Test func equalAcrossTimescales() {
        // One NTSC frame, at 29.97 fps, expressed two ways; and TTML ticks against milliseconds.
        #expect(MediaTime(value: 1001, timescale: 30000) == MediaTime(value: 2002, timescale: 60000))
        #expect(MediaTime(value: 15_000_000, timescale: 10_000_000) == MediaTime(milliseconds: 1500))
        #expect(Set([MediaTime(milliseconds: 500), MediaTime(value: 1, timescale: 2)]).count == 1)
    }

    @Test func ordersExactly() {
        let frame = MediaTime(value: 1001, timescale: 30000)   // 0.0333666… s
        #expect(frame < MediaTime(milliseconds: 34))
        #expect(frame > MediaTime(milliseconds: 33))
        #expect(MediaTime(milliseconds: -1) < .zero)
    }

    @Test func addsAndSubtractsExactly() {
        var t = MediaTime.zero
        for _ in 0..<30000 { t = t + MediaTime(value: 1001, timescale: 30000) }
        #expect(t == MediaTime(seconds: 1001))
        #expect(MediaTime(milliseconds: 1500) - MediaTime(value: 1, timescale: 2) == MediaTime(seconds: 1))
        #expect(-MediaTime(milliseconds: 5) == MediaTime(milliseconds: -5))
    }

    @Test func jsonSecondsAreExactToTheMicrosecond() {
        #expect(MediaTime(milliseconds: 1500).secondsText == "1.5")
        #expect(MediaTime(seconds: 4).secondsText == "4.0")
        #expect(MediaTime.zero.secondsText == "0.0")
        #expect(MediaTime(milliseconds: 3_723_041).secondsText == "3723.041")
        #expect(MediaTime(value: 1001, timescale: 30000).secondsText == "0.033367")
        #expect(MediaTime(milliseconds: -250).secondsText == "-0.25")
        #expect(MediaTime(microseconds: 7).secondsText == "0.000007")
    }

    @Test func roundsToOtherTimescales() {
        #expect(MediaTime(value: 1001, timescale: 30000).rounded(toTimescale: 1000) == 33)
        #expect(MediaTime(value: 1, timescale: 2000).rounded(toTimescale: 1000) == 1)  // ties away from zero
        #expect(MediaTime(value: -1, timescale: 2000).rounded(toTimescale: 1000) == -1)
        #expect(MediaTime(value: Int64.max / 2, timescale: 3).rounded(toTimescale: 6) == Int64.max - 1)
    }

    @Test func clockComponents() {
        let c = MediaTime(milliseconds: 3_723_041).clockComponents(fractionScale: 1000)
        #expect(c.hours == 1 && c.minutes == 2 && c.seconds == 3 && c.fraction == 41 && !c.isNegative)
        let hundred = MediaTime(seconds: 100 * 3600).clockComponents(fractionScale: 1000)
        #expect(hundred.hours == 100)
    }
}

@Suite struct FractionTests {
    @Test func parsesDecimalsExactly() {
        #expect(Fraction(decimal: "33.333".utf8) == Fraction(33333, 1000))
        #expect(Fraction(decimal: "-2.50".utf8) == Fraction(-5, 2))
        #expect(Fraction(decimal: ".25".utf8) == Fraction(1, 4))
        #expect(Fraction(decimal: "1e3".utf8) == nil)
        #expect(Fraction(decimal: "".utf8) == nil)
        #expect(Fraction(decimal: "1.2.3".utf8) == nil)
        #expect(Fraction(decimal: "1234567890123456".utf8) == nil)
    }

    @Test func percentagesAndText() {
        #expect(Fraction(percent: Fraction(50)) == Fraction(1, 2))
        #expect(Fraction(1, 3).percent.decimalText(maximumFractionDigits: 3) == "33.333")
        #expect(Fraction(100, 1920).decimalText() == "0.052083")
        #expect(Fraction(7).decimalText() == "7")
        #expect(Fraction(-1, 8).decimalText() == "-0.125")
        #expect(Fraction(1, 3) < Fraction(1, 2))
    }
}
