import Legible
import Testing
import TestSupport

/// `--profile netflix-ja` on the fixtures in Fixtures/validate/profile.netflix-ja: each rule of
/// the Japanese guide, with the exact findings (rule, line:column, message) a user sees.
@Suite struct NetflixJapaneseProfileTests {
    let profile = ValidationProfile.netflixJapanese

    /// `rule line:column message` of each finding.
    func summary(_ fixture: String) -> [String] {
        findings("validate/profile.netflix-ja/\(fixture)", profile: profile).map {
            "\($0.rule.rawValue) \($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)"
        }
    }

    @Test func theProfileIsBuiltIn() {
        #expect(ValidationProfile.named("netflix-ja") == profile)
        #expect(profile.limits.maxCharsPerLine == 13 && profile.limits.maxCharsPerVerticalLine == 11)
        #expect(profile.limits.fullWidthCounting && profile.limits.maxCharsPerSecond == Fraction(4))
        #expect(profile.maxLines == 2)
    }

    @Test func linesAreCountedInFullWidthCharactersAndReadingSpeedInCharacters() {
        #expect(summary("triggers.lines.ttml") == [
            "layout.max-chars-per-line 12:7 line 1 has 17 full-width characters, more than 13",
            // LGBTQ is 5 half-width letters: 2.5 full-width characters.
            "layout.max-chars-per-line 13:7 line 1 has 13.5 full-width characters, more than 13",
            "layout.max-lines 14:7 cue has 3 lines, more than 2",
            "readability.cps 15:7 reading speed 4.5 characters/s is above 4 (9 characters in 2.0 s)",
        ])
    }

    @Test func verticalLinesHoldEleven() {
        #expect(summary("triggers.vertical.ttml") == [
            "layout.max-chars-per-line 12:7 vertical line 1 has 12 full-width characters, more than 11",
        ])
    }

    @Test func lineBreaksAreHeldToKinsoku() {
        #expect(summary("triggers.kinsoku.srt") == [
            "layout.kinsoku 1:1 line 2 starts with 'っ', which kinsoku keeps off the start of a line",
            "layout.kinsoku 6:1 line 1 ends with '（', which kinsoku keeps off the end of a line",
        ])
    }

    /// The guide's positions: vertical subtitles at a side of the frame and top-aligned,
    /// horizontal ones of several lines a centred block of left-justified lines.
    @Test func subtitlesAreWhereTheGuidePutsThem() {
        let vertical = findings("validate/layout.ja-vertical-position/triggers.ttml", profile: profile).map { "\($0.rule.rawValue) \($0.message)" }
        #expect(vertical == [
            "layout.ja-vertical-position a vertical subtitle in region 'middle', whose middle is 50% across the frame: the guide puts vertical subtitles at its left or right side",
            "layout.ja-vertical-position a vertical subtitle aligned to the middle of its column (textAlign center): the guide wants vertical subtitles top-aligned",
        ])
        let horizontal = findings("validate/layout.ja-justification/triggers.ttml", profile: profile).map { "\($0.rule.rawValue) \($0.message)" }
        #expect(horizontal == [
            "layout.ja-justification 2 centred lines, each centred on its own: the guide wants horizontal subtitles centred as a block with their lines left-justified",
        ])
        // Other profiles leave positions alone.
        #expect(!findings("validate/layout.ja-vertical-position/triggers.ttml", profile: .netflix).contains { $0.rule.rawValue.hasPrefix("layout.ja-") })
    }

    /// Bouten where the guide puts them: above a single horizontal line, right of a single vertical
    /// one, below the second line of two (TTML's `outside`); an explicit side that contradicts it
    /// is reported.
    @Test func boutenGoWhereTheGuidePutsThem() {
        let found = findings("validate/layout.ja-bouten-position/triggers.ttml", profile: profile).map { "\($0.rule.rawValue) \($0.message)" }
        #expect(found == [
            "layout.ja-bouten-position emphasis marks below line 1: the guide puts them above a single line",
            "layout.ja-bouten-position emphasis marks above line 2: the guide puts them below the second line of two",
            "layout.ja-bouten-position emphasis marks left of line 1: the guide puts them right of a single line",
        ])
    }

    /// 13 and 11 characters exactly, half-width letters at ½, a 2-line cue, and ruby: 東京 under
    /// とうきょう for 1 s is 3 characters a second (8 if the ruby were counted).
    @Test func textWithinTheGuidePasses() {
        #expect(summary("passes.ttml") == [])
    }

    /// `--fix` re-wraps a Japanese line that is too long between phrases, counting full-width
    /// characters, and the result passes the line rules.
    @Test func fixRewrapsJapaneseBetweenPhrases() throws {
        let file = try CaptionFile(bytes: Fixtures.bytes("validate/profile.netflix-ja/triggers.lines.ttml"), fileName: "triggers.lines.ttml")
        let (fixed, changes) = Fixer(profile: profile, frameRate: .fps23_976).fix(file.document)
        #expect(changes.map(\.rule) == [.layoutMaxCharsPerLine, .layoutMaxCharsPerLine])
        let cues = fixed.tracks[0].cues
        #expect(cues[0].plainText == "東京駅から新幹線で大阪へ\n向かいます")
        #expect(cues[1].plainText == "LGBTQの話を東京の\n友達とした")
        let after = Validator(profile: profile).validate(fixed)
        #expect(!after.contains { $0.rule == .layoutMaxCharsPerLine || $0.rule == .layoutKinsoku })
    }
}
