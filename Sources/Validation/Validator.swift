public import TimedText

/// How a validation run measures time and reading speed, beyond what the profile says.
public struct ValidationOptions: Sendable, Hashable {
    /// The video frame rate for frame-based rules; nil: the profile's, else 29.97 drop-frame for
    /// SCC input and 23.976 for the rest.
    public var frameRate: FrameRate?
    /// Playback rates besides 1× at which reading speed is also checked (players offer 1.5× and
    /// 2×): a cue readable at 1× may not be at 1.5×.
    public var playbackRates: [Fraction]
    /// Directories of fonts a player has beside an ASS script's `[Fonts]` (`--fonts-dir`): the
    /// families `ass.missing-font` counts as provided.
    public var fontDirectories: [String]

    /// By default the frame rate comes from the profile or the document, reading speed is checked
    /// at 1× only, and no font directory is known.
    public init(frameRate: FrameRate? = nil, playbackRates: [Fraction] = [], fontDirectories: [String] = []) {
        self.frameRate = frameRate
        self.playbackRates = playbackRates
        self.fontDirectories = fontDirectories
    }

    /// No frame rate given, 1× playback only.
    public static let `default` = ValidationOptions()
}

/// Checks a document against a profile's rules and returns what it finds.
///
/// Rules read the common model (`Document`), so every format is checked the same way; what a
/// reader reported while reading (its diagnostics) comes back as `spec.*` findings. Findings are
/// in source order: by line, then column, those without a position first
/// (`Finding.inSourceOrder`).
public struct Validator: Sendable {
    /// The profile whose limits and rule settings apply.
    public var profile: ValidationProfile
    /// The frame rate and playback rates for this run.
    public var options: ValidationOptions

    /// A validator for `profile` (`general` by default) with `options`.
    public init(profile: ValidationProfile = .general, options: ValidationOptions = .default) {
        self.profile = profile
        self.options = options
    }

    /// The frame rate frame-based rules count in: the option, the profile's, or the document's own
    /// (CEA-608 runs at 29.97 drop-frame), else 23.976.
    public func frameRate(for document: Document) -> FrameRate {
        options.frameRate ?? profile.defaultFrameRate ?? (document.layoutFamily == .cea608Grid ? .fps29_97DropFrame : .fps23_976)
    }

    /// Validates `document`; `diagnostics` are what its reader reported (they become `spec.*`).
    public func validate(_ document: Document, diagnostics: [Diagnostic] = []) -> [Finding] {
        var run = ValidationRun(profile: profile, frameRate: frameRate(for: document),
                                playbackRates: options.playbackRates, layoutFamily: document.layoutFamily)
        for diagnostic in diagnostics {
            let rule = RuleID.spec(diagnostic.code)
            guard let severity = profile.severity(of: rule, default: diagnostic.severity) else { continue }
            run.findings.append(Finding(rule: rule, severity: severity, message: diagnostic.message, location: diagnostic.location))
        }
        for (t, track) in document.tracks.enumerated() {
            run.check(track, index: t)
        }
        return Finding.inSourceOrder(run.findings)
    }
}

/// One cue as the rules see it: the cue, its plain text and lines, computed once.
struct CueView {
    let cue: Cue
    let reference: CueReference
    let text: String
    let lines: [Substring]

    init(_ cue: Cue, track: Int, index: Int) {
        self.cue = cue
        reference = CueReference(track: track, index: index, id: cue.id)
        text = cue.plainText
        lines = TextMeasure.lines(text)
    }

    /// Start to end, or nil for a cue still open.
    var duration: MediaTime? { cue.end.map { $0 - cue.start } }
}

/// The state of one validation: the settings and the findings so far. The rules are in
/// extensions, one file per family.
struct ValidationRun {
    let profile: ValidationProfile
    let frameRate: FrameRate
    let playbackRates: [Fraction]
    let layoutFamily: LayoutFamily
    var findings: [Finding] = []

    init(profile: ValidationProfile, frameRate: FrameRate, playbackRates: [Fraction], layoutFamily: LayoutFamily) {
        self.profile = profile
        self.frameRate = frameRate
        // 1× first, then the others ascending: a cue is reported at the slowest rate it fails.
        self.playbackRates = [Fraction.one] + playbackRates.filter { $0 != .one && $0 > .zero }.sorted()
        self.layoutFamily = layoutFamily
    }

    /// Records a finding for `rule` unless the profile turns the rule off.
    mutating func report(_ rule: RuleID, _ message: String, cue view: CueView? = nil, fix: String? = nil) {
        guard let severity = profile.severity(of: rule, default: RuleCatalog.descriptor(rule).defaultSeverity) else { return }
        findings.append(Finding(rule: rule, severity: severity, message: message, location: view?.cue.source,
                                cue: view?.reference, start: view?.cue.start, end: view?.cue.end, suggestedFix: fix))
    }

    func isOn(_ rule: RuleID) -> Bool {
        profile.severity(of: rule, default: RuleCatalog.descriptor(rule).defaultSeverity) != nil
    }

    mutating func check(_ track: Track, index t: Int) {
        let views = track.cues.enumerated().map { CueView($0.element, track: t, index: $0.offset) }
        let limits = profile.limits(forLanguage: track.language?.rawValue)
        let expectedScripts = track.language.flatMap { WritingScript.expected(forLanguage: $0.rawValue) }
        let cea608 = checksCEA608
        checkTiming(views)
        for (k, view) in views.enumerated() {
            checkText(view, expectedScripts: expectedScripts)
            checkReadability(view, limits: limits)
            checkLayout(view, limits: limits, regions: track.regions)
            if profile.checksJapaneseLayout { checkJapaneseLayout(view, regions: track.regions) }
            checkContrast(view, regions: track.regions)
            if cea608 { checkCEA608(view, previous: k > 0 ? views[k - 1] : nil) }
        }
    }
}

/// Seconds for messages: `1.5 s`, `0.833333 s`.
func secondsText(_ time: MediaTime) -> String { time.secondsText + " s" }

/// A fraction for messages, to two decimals at most: `27.5`, `4.17`.
func numberText(_ value: Fraction) -> String { value.decimalText(maximumFractionDigits: 2) }
