import Testing
import TimedText
import ClosedCaptionData

@Suite struct MCCTimecodeTests {
    /// Drop-frame boundaries: the first label of a minute not divisible by ten is frame 2 (4 at
    /// 60DF), and ten minutes hold 17,982 frames (35,964 at 60DF).
    @Test func countsDropFrameLabels() {
        let df = MCCTimeCodeRate.fps30DropFrame
        #expect(MCCTimecode(hours: 0, minutes: 1, seconds: 0, frames: 2).frameNumber(at: df) == 1800)
        #expect(MCCTimecode(hours: 0, minutes: 0, seconds: 59, frames: 29).frameNumber(at: df) == 1799)
        #expect(MCCTimecode(hours: 0, minutes: 10, seconds: 0, frames: 0).frameNumber(at: df) == 17_982)
        #expect(MCCTimecode(hours: 1, minutes: 0, seconds: 0, frames: 0).frameNumber(at: df) == 107_892)
        #expect(!MCCTimecode(hours: 0, minutes: 1, seconds: 0, frames: 1).isValid(at: df), "skipped by drop-frame counting")
        #expect(MCCTimecode(hours: 0, minutes: 10, seconds: 0, frames: 0).isValid(at: df), "every tenth minute keeps its frames")
        #expect(MCCTimecode(frameNumber: 1800, rate: df).description == "00:01:00:02")
        #expect(MCCTimecode(frameNumber: 17_982, rate: df).description == "00:10:00:00")

        let df60 = MCCTimeCodeRate.fps60DropFrame
        #expect(MCCTimecode(hours: 0, minutes: 1, seconds: 0, frames: 4).frameNumber(at: df60) == 3600)
        #expect(!MCCTimecode(hours: 0, minutes: 1, seconds: 0, frames: 3).isValid(at: df60))
        #expect(MCCTimecode(hours: 0, minutes: 10, seconds: 0, frames: 0).frameNumber(at: df60) == 35_964)
        #expect(MCCTimecode(frameNumber: 3600, rate: df60).description == "00:01:00:04")
    }

    /// Every rate: each frame number of the first eleven minutes and of a late hour labels and
    /// counts back to itself, and the labels it gives are valid.
    @Test(arguments: MCCTimeCodeRate.allCases)
    func labelsAndCountsBackAtEveryRate(_ rate: MCCTimeCodeRate) {
        let n = Int64(rate.nominalFramesPerSecond)
        let late = 23 * 3600 * n
        for frame in Array(0..<(660 * n)) + Array(late..<(late + 120 * n)) {
            let label = MCCTimecode(frameNumber: frame, rate: rate)
            #expect(label.isValid(at: rate))
            #expect(label.frameNumber(at: rate) == frame)
            if label.frameNumber(at: rate) != frame { return }
        }
        #expect(!MCCTimecode(hours: 0, minutes: 0, seconds: 0, frames: rate.nominalFramesPerSecond).isValid(at: rate))
    }

    @Test func timesLabelsExactly() {
        let at = MCCTimecode(hours: 0, minutes: 1, seconds: 0, frames: 2)
        #expect(at.time(at: .fps30DropFrame, frameDuration: CaptionDistributionPacket.FrameRate.fps29_97.frameDuration)
                == MediaTime(value: 1800 * 1001, timescale: 30000))
        #expect(at.time(at: .fps25, frameDuration: CaptionDistributionPacket.FrameRate.fps25.frameDuration)
                == MediaTime(value: 60 * 25 + 2, timescale: 25))
        var second = at
        second.isSecondField = true
        #expect(second.time(at: .fps30, frameDuration: MediaTime(value: 1, timescale: 30)) == MediaTime(value: 2 * 1802 + 1, timescale: 60))
        #expect(second.description == "00:01:00:02.1")
    }

    @Test func readsRateLinesLeniently() {
        #expect(MCCTimeCodeRate(text: " 30df ") == .fps30DropFrame)
        #expect(MCCTimeCodeRate(text: "60DF") == .fps60DropFrame)
        #expect(MCCTimeCodeRate(text: "29.97") == nil)
        #expect(MCCTimeCodeRate(frameRate: .fps23_976, dropFrame: true) == .fps24, "no drop-frame at 24")
        #expect(MCCTimeCodeRate(frameRate: .fps59_94, dropFrame: true) == .fps60DropFrame)
        #expect(MCCTimeCodeRate(frameRate: .fps29_97, dropFrame: false) == .fps30)
    }
}
