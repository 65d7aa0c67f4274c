public import TimedText
public import CaptionFormats

extension Validator {
    /// Validates a caption file as `legible validate` does: what its reader reported (as
    /// `spec.<code>`), its format's own checks (TTML's profile checks, as `spec.*`; ASS's script
    /// rules, `ass.*`), and the rules of the common model on its document. `document` replaces the
    /// file's own (a document fixed after reading: the format's checks still see the file as
    /// written); `attachedFonts` came with it from elsewhere (a media file's attachments, which
    /// an ASS script's fonts may be among).
    public func validate(_ file: CaptionFile, document: Document? = nil, attachedFonts: [NativeScript.Font] = []) -> [Finding] {
        var diagnostics = file.diagnostics
        var own: [Finding] = []
        if let checks = file.format.checks {
            let result = checks(file, FormatCheckContext(fontDirectories: options.fontDirectories, fonts: attachedFonts))
            diagnostics += result.specDiagnostics
            // A rule of the format's own says these better: nothing is said twice.
            diagnostics.removeAll { result.supersededReaderCodes.contains($0.code) }
            for found in result.findings {
                let rule = RuleID(rawValue: found.diagnostic.code.rawValue)
                guard let severity = profile.severity(of: rule, default: RuleCatalog.descriptor(rule).defaultSeverity) else { continue }
                own.append(Finding(rule: rule, severity: severity, message: found.diagnostic.message, location: found.diagnostic.location,
                                   cue: found.cue.map { CueReference(track: $0.track, index: $0.index, id: nil) },
                                   start: found.start, end: found.end))
            }
        }
        return Finding.inSourceOrder(validate(document ?? file.document, diagnostics: diagnostics) + own)
    }
}
