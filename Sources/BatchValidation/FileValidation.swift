public import TimedText
import TextScanning
internal import CaptionFormats
public import CaptionSources
internal import TrackSelection
public import Validation
#if canImport(Glibc)
import Glibc
#endif

/// Validating one input as `legible validate` does in its report forms (text, JSON, SARIF,
/// JUnit): opened as a source (a caption file read whole, or the track `track` names; a media
/// file's or a playlist's track, `track`'s or the one the selection rules pick), checked by the
/// validator, and with `fixes` the safe mechanical fixes applied and written. Never throws: an
/// input that cannot be read is a report with an `input.*` error finding.
public struct FileValidation: Sendable {
    /// Where fixed files go.
    public enum FixOutput: Sendable, Hashable {
        /// Each input is rewritten with its fixed version (never a media file or a playlist).
        case inPlace
        /// The fixed file is written here; its extension may change the format.
        case file(String)
    }

    /// What validating one input gave.
    public struct Result: Sendable {
        /// The findings, as every report form prints them.
        public var report: FileReport
        /// The fixes applied, by cue (empty without `fixes`).
        public var fixes: [Fixer.Change]
        /// The findings of fixable rules the fixes had to leave, and why (empty without `fixes`).
        public var notFixed: [Fixer.NotFixed] = []
        /// Where the fixed file was written, and what its writer had to change to fit it.
        public var written: (path: String, diagnostics: [Diagnostic])?
        /// The name diagnostics and fixes are reported under: the path, or for a track of a media
        /// file or a playlist, the track's id (`show.mkv#s:0`).
        public var displayName: String
        /// Which track was checked and why, when the selection rules chose it among several.
        public var choice: String?
    }

    /// The rules and limits.
    public var validator: Validator
    /// How inputs are opened.
    public var reading: CaptionSource.Options
    /// The track to check, in the grammar of `CaptionSource.option(named:)`; nil: a caption file
    /// whole, and the selection rules' pick in a media file or playlist.
    public var track: String?
    /// Apply the safe fixes and write the result there; nil: check only.
    public var fixes: FixOutput?

    /// A validation of inputs with `validator`, opened with `reading`.
    public init(validator: Validator, reading: CaptionSource.Options = .default, track: String? = nil, fixes: FixOutput? = nil) {
        self.validator = validator
        self.reading = reading
        self.track = track
        self.fixes = fixes
    }

    /// Validates the input at `path` (`-` with `standardInput`'s bytes).
    public func validate(_ path: String, standardInput: (() -> [UInt8])? = nil) -> Result {
        let displayName = path == "-" ? "<stdin>" : path
        func unreadable(_ error: LegibleError) -> Result {
            Result(report: FileReport(path: displayName, format: CaptionFormat.forFileName(path)?.id.rawValue,
                                      findings: [Finding(rule: RuleID(rawValue: error.code.rawValue), severity: .error, message: error.message)],
                                      isUnreadable: true),
                   fixes: [], written: nil, displayName: displayName, choice: nil)
        }
        let opened: (file: CaptionFile, document: Document, track: CaptionTrack?, inside: Bool)
        var choice: String?
        do {
            let source = path == "-"
                ? try CaptionSource(bytes: standardInput?() ?? [], name: "-", options: reading)
                : try CaptionSource(contentsOf: path, options: reading)
            if let file = source.captionFile, track == nil {
                opened = (file, file.document, nil, false)
            } else {
                let option: TrackOption
                if let track {
                    guard let named = source.option(named: track) else { return unreadable(source.noTrackError(track)) }
                    option = named
                } else if source.options.count == 1 {
                    option = source.options[0]
                } else {
                    let selection = source.select(for: ViewerPreferences(displayMode: .alwaysOn))
                    guard let chosen = selection.chosen else {
                        if source.options.allSatisfy({ $0.unavailableReason != nil }) { return unreadable(source.noCaptionsError()) }
                        return unreadable(LegibleError(.noSuchTrack, "no caption track in \(source.name) for this viewer: \(selection.summary)"))
                    }
                    option = chosen
                    let reason = selection.trace.first { $0.optionID == chosen.id }?.reason ?? selection.summary
                    choice = "checking track \(source.localID(of: chosen)), chosen by the track-selection rules: \(reason); --track picks another (\(source.options.map(source.localID).joined(separator: ", ")))"
                }
                let opening = try source.open(option)
                opened = (opening.file, opening.document, opening, source.captionFile == nil)
            }
            // A media file's captions are never fixed in place: that would write text over the video.
            if opened.inside && fixes == .inPlace {
                return unreadable(LegibleError(.invalidArgument, "--in-place would write captions over the media file \(path); use --fix -o FILE"))
            }
        } catch {
            return unreadable(error)
        }
        let name = opened.inside ? (opened.track?.option.id ?? displayName) : displayName
        var document = opened.document
        var changes: [Fixer.Change] = []
        var notFixed: [Fixer.NotFixed] = []
        var written: (path: String, diagnostics: [Diagnostic])?
        var extra: [Finding] = []
        let unreadable = opened.file.isUnreadable
        if let fixes, !unreadable {
            let target: String
            switch fixes {
            case .inPlace: target = path
            case .file(let output): target = output
            }
            let format = fixes == .inPlace ? opened.file.format : (CaptionFormat.forFileName(target) ?? opened.file.format)
            // Times put on the steps the output format writes, so the file says what the fix meant.
            let outcome = Fixer(profile: validator.profile, frameRate: validator.frameRate(for: document), timeStep: format.timeStep)
                .apply(to: document)
            let fixed = outcome.document
            if format.canWrite {
                do {
                    var diagnostics: [Diagnostic] = []
                    try FileIO.writeAtomically(to: target) { out in
                        // Through the file: an ASS script keeps its styles and untouched events.
                        diagnostics = try opened.file.write(fixed, as: format) { try out.write($0) }
                    }
                    written = (target, diagnostics)
                    changes = outcome.changes
                    notFixed = outcome.notFixed
                    document = fixed
                } catch {
                    extra.append(Finding(rule: "input.unwritable", severity: .error, message: "cannot write the fixed file: \(error)"))
                }
            } else {
                extra.append(Finding(rule: "input.unwritable", severity: .error, message: "Legible cannot write \(format.name)"))
            }
        }
        // The format's own checks (TTML's profiles, ASS's script rules) see the file as written.
        let findings = Finding.inSourceOrder(validator.validate(opened.file, document: document, attachedFonts: opened.track?.attachedFonts ?? []) + extra)
        let report = FileReport(path: name, format: opened.file.format.id.rawValue, findings: findings,
                                isUnreadable: unreadable, byteCount: opened.file.text.byteCount)
        return Result(report: report, fixes: changes, notFixed: notFixed, written: written, displayName: name, choice: choice)
    }
}
