import Testing
import XML
import TimedText
@testable import TTML

private func t(_ text: String, _ p: TTMLTimingParameters = TTMLTimingParameters()) -> MediaTime? {
    try? TTMLTimeExpression.parse(text, parameters: p).get()
}

private func parameters(_ attributes: [String: String]) -> (TTMLTimingParameters, [Diagnostic]) {
    let tt = XMLElementNode(name: XMLName(XMLNamespace.tt, "tt"), qualifiedName: "tt",
                        attributes: attributes.map {
                            XMLAttribute(name: XMLName(XMLNamespace.ttp, $0.key), qualifiedName: "ttp:\($0.key)", value: $0.value,
                                         location: SourceLocation(line: 1, column: 1))
                        }, location: SourceLocation(line: 1, column: 1))
    var log = DiagnosticLog()
    let p = TTMLTimingParameters.read(from: tt, log: &log)
    return (p, log.finished())
}

@Suite struct TTMLTimeExpressionTests {
    @Test func offsetTimes() {
        #expect(t("1.5s") == MediaTime(value: 3, timescale: 2))
        #expect(t("2h") == MediaTime(seconds: 7200))
        #expect(t("0.5m") == MediaTime(seconds: 30))
        #expect(t("1001ms") == MediaTime(milliseconds: 1001))
        #expect(t("45f") == MediaTime(value: 3, timescale: 2))  // default 30 fps
        #expect(t(" 3s ") == MediaTime(seconds: 3))
    }

    @Test func ticksUseTheTickRateOrTheFrameRate() {
        #expect(t("10000000t", parameters(["tickRate": "10000000"]).0) == MediaTime(seconds: 1))
        // No tickRate: 1 tick a second, unless a frame rate is given (ticks are then sub-frames).
        #expect(t("5t") == MediaTime(seconds: 5))
        #expect(t("50t", parameters(["frameRate": "25", "subFrameRate": "2"]).0) == MediaTime(seconds: 1))
    }

    /// Hours of up to 18 digits are read; times that do not fit are out of range, not a crash
    /// (they overflowed 64-bit arithmetic and stopped the process, found while speeding up the
    /// common `hh:mm:ss.fff` case).
    @Test func hugeClockTimesAreOutOfRange() {
        let huge = "999999999999999999:00:00"
        for text in [huge, huge + ".5", huge + ":10", huge + ":10.1"] {
            for p in [TTMLTimingParameters(), parameters(["timeBase": "smpte", "frameRate": "999999999999", "dropMode": "dropNTSC"]).0,
                      parameters(["frameRate": "999999999999", "frameRateMultiplier": "999999999999 7", "subFrameRate": "999999999999"]).0] {
                guard case .failure(let invalid) = TTMLTimeExpression.parse(text, parameters: p) else {
                    Issue.record("\(text) read as a time")
                    continue
                }
                #expect(invalid.reason.contains("out of range") || invalid.reason.contains("frame"), "\(text): \(invalid.reason)")
            }
        }
        // The largest that fits is read exactly, by the fast path and the general one alike.
        #expect(t("2562047788015:12:55.807") == MediaTime(value: Int64.max, timescale: 1000))
        #expect(t("01:00:00.123456789") == MediaTime(value: 3_600_123_456_789, timescale: 1_000_000_000))
        #expect(t("01:00:00.1234567891") == MediaTime(value: 36_001_234_567_891, timescale: 10_000_000_000))
    }

    @Test func clockTimes() {
        #expect(t("00:00:01") == MediaTime(seconds: 1))
        #expect(t("01:02:03.25") == MediaTime(value: 14893, timescale: 4))
        #expect(t("100:00:00") == MediaTime(seconds: 360000))
        let ntsc = parameters(["frameRate": "30", "frameRateMultiplier": "1000 1001"]).0
        // Media time base: seconds plus frames at the effective rate.
        #expect(t("00:00:01:15", ntsc) == MediaTime(seconds: 1) + MediaTime(value: 15 * 1001, timescale: 30000))
        let sub = parameters(["frameRate": "25", "subFrameRate": "2"]).0
        #expect(t("00:00:00:10.1", sub) == MediaTime(value: 21, timescale: 50))
    }

    @Test func smpteTimeCodesCountFrames() {
        let drop = parameters(["timeBase": "smpte", "frameRate": "30", "frameRateMultiplier": "1000 1001", "dropMode": "dropNTSC"]).0
        // 00:01:00;02 is frame 1800 in drop-frame counting (frames 0 and 1 of minute 1 are skipped).
        #expect(t("00:01:00:02", drop) == MediaTime(value: 1800 * 1001, timescale: 30000))
        // Minute 10 drops nothing: 10 minutes are 17982 frames.
        #expect(t("00:10:00:00", drop) == MediaTime(value: 17982 * 1001, timescale: 30000))
        let nonDrop = parameters(["timeBase": "smpte", "frameRate": "30", "frameRateMultiplier": "1000 1001"]).0
        #expect(t("00:01:00:00", nonDrop) == MediaTime(value: 1800 * 1001, timescale: 30000))
    }

    @Test func invalidExpressions() {
        for bad in ["", "1", "1x", "1:00:00", "00:60:00", "00:00:61", "00:00:00:30", "00:00:00.", "1.s", "wallclock(2020-01-01)", "-1s"] {
            #expect(t(bad) == nil, "\(bad) should be invalid")
        }
    }

    @Test func badParametersAreReportedAndDefaulted() {
        let (p, diagnostics) = parameters(["frameRate": "0", "frameRateMultiplier": "1000", "timeBase": "video"])
        #expect(p.frameRate == 30 && p.frameRateMultiplier == .one && p.timeBase == .media)
        #expect(diagnostics.map(\.code) == [.ttmlBadParameter, .ttmlBadParameter, .ttmlBadParameter])
    }
}
