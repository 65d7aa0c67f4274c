import TimedText

/// The profiles `legible validate --profile NAME` knows. Every number cites where it comes from;
/// docs/validate.md repeats them with links.
extension ValidationProfile {
    /// Every built-in profile, in the order `--list-profiles` shows them; `named(_:)` looks them up.
    public static let builtIn: [ValidationProfile] = [.general, .netflix, .netflixJapanese, .fcc608, .dcmp, .ebuTTD, .imsc1Text, .wcag]

    /// A built-in profile by name.
    public static func named(_ name: String) -> ValidationProfile? {
        builtIn.first { $0.name == name.lowercased() }
    }

    /// Every rule, with Subtitle Edit's widely used defaults (its `GeneralSettings`): 43
    /// characters per line, 2 lines, 1–8 s, 25 characters per second, 400 words per minute; a
    /// gap of at least 2 frames; gaps below 12 frames chained.
    public static let general = ValidationProfile(
        name: "general",
        summary: "Every rule, with Subtitle Edit's defaults: 43 characters per line, 2 lines, 1–8 s, 25 cps, 400 wpm, gaps of at least 2 frames, chaining below 12 frames.",
        source: "Subtitle Edit GeneralSettings defaults (SubtitleLineMaximumLength 43, SubtitleMaximumCharactersPerSeconds 25, SubtitleMaximumWordsPerMinute 400, MaxNumberOfLines 2); issue 9 for 1–8 s and the frame gaps",
        limits: Limits(maxCharsPerLine: 43, maxCharsPerSecond: Fraction(25), maxWordsPerMinute: 400),
        maxLines: 2, minDuration: MediaTime(seconds: 1), maxDuration: MediaTime(seconds: 8),
        minGapFrames: 2, chainingThresholdFrames: 12)

    /// Netflix Timed Text Style Guide: General Requirements (5/6 s to 7 s, 2 lines, 2-frame
    /// gaps), the English guide (42 characters per line, 20 cps for adult programmes), the
    /// Japanese guide (13 full-width characters per line, 4 cps), and the Korean and Chinese
    /// guides (16 characters per line; 12 and 9 cps). Other languages: 42 and 17 cps.
    public static let netflix = ValidationProfile(
        name: "netflix",
        summary: "Netflix Timed Text Style Guide: 5/6–7 s, 2 lines, 2-frame gaps (3–11 frame gaps chained), per-language characters per line and reading speed.",
        source: "https://partnerhelp.netflixstudios.com/hc/en-us/articles/215758617 (General Requirements); language guides (English 215758617 family, Japanese 215767517, Korean 216001127: 16 characters a line with Latin letters, spaces and punctuation counting half, Simplified Chinese 215986007: 16 a line)",
        limits: Limits(maxCharsPerLine: 42, maxCharsPerSecond: Fraction(17)),
        languageLimits: [
            "en": Limits(maxCharsPerLine: 42, maxCharsPerSecond: Fraction(20)),
            "ja": Limits(maxCharsPerLine: 13, maxCharsPerVerticalLine: 11, fullWidthCounting: true, maxCharsPerSecond: Fraction(4)),
            "ko": Limits(maxCharsPerLine: 16, fullWidthCounting: true, maxCharsPerSecond: Fraction(12)),
            "zh": Limits(maxCharsPerLine: 16, fullWidthCounting: true, maxCharsPerSecond: Fraction(9)),
        ],
        maxLines: 2, minDuration: MediaTime(value: 5, timescale: 6), maxDuration: MediaTime(seconds: 7),
        minGapFrames: 2, chainingThresholdFrames: 12,
        rules: [.readabilityWPM: .off, .timingShotGap: .severity(.warning)])

    /// Netflix's Japanese Timed Text Style Guide for every track, whatever language it declares:
    /// at most 13 full-width characters a horizontal line and 11 a vertical one (full-width
    /// characters count 1, half-width ½), 4 characters a second (ruby annotations are not read
    /// as characters of the line, so they are not counted), 2 lines, and the General
    /// Requirements' 5/6–7 s and 2-frame gaps; line breaks are held to kinsoku; vertical subtitles at a
    /// side of the frame and top-aligned, horizontal ones a centred block of left-justified lines.
    public static let netflixJapanese = ValidationProfile(
        name: "netflix-ja",
        summary: "Netflix Japanese Timed Text Style Guide: 13 full-width characters a horizontal line, 11 a vertical one (half-width counts ½), 4 cps without ruby, 2 lines, 5/6–7 s, 2-frame gaps, kinsoku at line breaks, vertical subtitles at a side and top-aligned, horizontal ones left-justified.",
        source: "https://partnerhelp.netflixstudios.com/hc/en-us/articles/215767517-Japanese-Timed-Text-Style-Guide (I. Character Limitation: 13 horizontal, 11 vertical, full-width 1, half-width 0.5); https://partnerhelp.netflixstudios.com/hc/en-us/articles/215758617 (General Requirements: 2 lines, 5/6–7 s, 2-frame gaps); JIS X 4051 / W3C JLREQ (kinsoku)",
        limits: Limits(maxCharsPerLine: 13, maxCharsPerVerticalLine: 11, fullWidthCounting: true, maxCharsPerSecond: Fraction(4)),
        maxLines: 2, minDuration: MediaTime(value: 5, timescale: 6), maxDuration: MediaTime(seconds: 7),
        minGapFrames: 2, chainingThresholdFrames: 12, checksJapaneseLayout: true,
        rules: [.readabilityWPM: .off, .timingShotGap: .severity(.warning), .layoutKinsoku: .severity(.warning)])

    /// FCC 47 CFR §79.1 with CEA-608-E: what a line-21 caption can carry — 32 columns, up to 4
    /// rows, the 608 character sets, the bandwidth to load a pop-on caption — at 29.97 fps. §79.1
    /// sets quality standards (accuracy, synchronicity, completeness, placement) without numbers
    /// for reading speed or duration, so those rules are off.
    public static let fcc608 = ValidationProfile(
        name: "fcc-608",
        summary: "CEA-608 line-21 captions under FCC 47 CFR §79.1: 32 columns, 4 rows, the 608 character sets, pop-on load time, at 29.97 fps.",
        source: "47 CFR §79.1 (caption quality standards); CEA-608-E (32-column rows, 4-row roll-up, character sets, 2 bytes per frame)",
        limits: Limits(maxCharsPerLine: 32),
        maxLines: 4, minDuration: nil, maxDuration: nil, minGapFrames: nil, chainingThresholdFrames: nil,
        defaultFrameRate: .fps29_97DropFrame, checksCEA608: true,
        rules: [.readabilityCPS: .off, .readabilityWPM: .off, .timingShotGap: .off, .styleContrast: .off])

    /// DCMP Captioning Key and "Captioning Guidelines for the DCMP": a 32-character line, at most 2
    /// lines, no caption shorter than 2 seconds, at most 225 words per minute (adult cultural
    /// movies; 150–160 for special-interest, 120–130 for lower-level educational media), and no
    /// build-time (load-time) errors.
    public static let dcmp = ValidationProfile(
        name: "dcmp",
        summary: "DCMP Captioning Key: 32 characters per line, 2 lines, at least 2 s on screen, at most 225 wpm, no build-time errors.",
        source: "https://dcmp.org/learn/5-captioning-guidelines-for-the-dcmp (32-character line, 2 s, 225 wpm); https://www.captioningkey.org/text.html (build-up time)",
        limits: Limits(maxCharsPerLine: 32, maxWordsPerMinute: 225),
        maxLines: 2, minDuration: MediaTime(seconds: 2), maxDuration: nil, minGapFrames: nil, chainingThresholdFrames: nil,
        defaultFrameRate: .fps29_97DropFrame, checksCEA608: true,
        rules: [.readabilityCPS: .off, .timingShotGap: .off])

    /// EBU-TT-D (EBU Tech 3380): the document constraints the TTML reader and validator check
    /// (`spec.ttml.profile.ebu-tt-d`, raised to errors), regions inside the frame; EBU-TT-D itself
    /// sets no reading speed or line length, so those use the general numbers, at 25 fps.
    public static let ebuTTD = ValidationProfile(
        name: "ebu-tt-d",
        summary: "EBU-TT-D (EBU Tech 3380) document constraints as errors, regions within the frame; reading limits from the general profile at 25 fps.",
        source: "EBU Tech 3380 EBU-TT-D Subtitling Distribution Format v1.0.1",
        limits: Limits(maxCharsPerLine: 43, maxCharsPerSecond: Fraction(25), maxWordsPerMinute: 400),
        maxLines: 2, minDuration: MediaTime(seconds: 1), maxDuration: MediaTime(seconds: 8),
        minGapFrames: 2, chainingThresholdFrames: 12, defaultFrameRate: .fps25,
        rules: ["spec.ttml.profile.ebu-tt-d": .severity(.error)])

    /// IMSC 1.x Text Profile (W3C IMSC 1.1 §6–§8): its document constraints as errors
    /// (`spec.ttml.profile.imsc`), regions within the root container (§8.4.x: a region outside it
    /// is an error); reading limits from the general profile.
    public static let imsc1Text = ValidationProfile(
        name: "imsc1-text",
        summary: "IMSC 1.x Text Profile constraints as errors, regions within the root container; reading limits from the general profile.",
        source: "W3C TTML Profiles for Internet Media Subtitles and Captions 1.1 (IMSC 1.1), Text Profile",
        limits: Limits(maxCharsPerLine: 43, maxCharsPerSecond: Fraction(25), maxWordsPerMinute: 400),
        maxLines: 2, minDuration: MediaTime(seconds: 1), maxDuration: MediaTime(seconds: 8),
        minGapFrames: 2, chainingThresholdFrames: 12,
        rules: ["spec.ttml.profile.imsc": .severity(.error)])

    /// WCAG 2.2 for captions: SC 1.4.3 (contrast of at least 4.5:1, as an error), SC 1.2.2
    /// (captions present and synchronised: cues that are never shown, empty or garbled text).
    /// Editorial limits (line length, reading speed, gaps) are not WCAG requirements and are off.
    public static let wcag = ValidationProfile(
        name: "wcag",
        summary: "WCAG 2.2: text contrast of at least 4.5:1 (SC 1.4.3) as an error; captions that are shown and legible (SC 1.2.2); no editorial limits.",
        source: "https://www.w3.org/TR/WCAG22/ SC 1.4.3 Contrast (Minimum), SC 1.2.2 Captions (Prerecorded)",
        limits: Limits(),
        maxLines: nil, minDuration: nil, maxDuration: nil, minGapFrames: nil, chainingThresholdFrames: nil,
        minContrastRatio: Fraction(9, 2),
        rules: [.styleContrast: .severity(.error), .timingShotGap: .off, .timingMinGap: .off,
                .timingOverlap: .off, .timingOutOfOrder: .off, .layoutMaxLines: .off, "spec": .severity(.info)])
}
