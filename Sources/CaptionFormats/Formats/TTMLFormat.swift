internal import TimedText
import TextScanning
public import TTML

extension CaptionFormat {
    /// TTML, IMSC, SMPTE-TT, EBU-TT-D and DFXP (`.ttml`, `.dfxp`, `.xml`): recognised by an XML
    /// declaration, a comment or a `<tt` root at its start; one track laid out in regions (the
    /// contents are a `TTMLFile`). Written as IMSC 1.1 Text, or TTML1 (DFXP) when asked for by
    /// name (`--to dfxp`, a `.dfxp` file) or `--dfxp`.
    public static let ttml: CaptionFormat = {
        var format = CaptionFormat(id: .ttml, name: "TTML", layoutFamily: .ttmlRegions)
        format.aliases = ["ttml", "dfxp", "imsc", "xml", "smpte-tt", "ebu-tt-d"]
        format.fileExtensions = ["ttml", "dfxp", "xml", "imsc"]
        format.mimeTypes = ["application/ttml+xml"]
        format.containerCodecs = ["ttml"]
        format.documentation = "docs/ttml.md"
        format.recognises = TTMLReader.looksLike
        format.reader = { text, options in
            TTMLReader(options: options.formats[TTMLReader.Options.self]).readFile(text).erased
        }
        format.writer = { document, options, sink in
            try TTMLWriter(options: options.formats[TTMLWriter.Options.self]).write(document).written(to: sink)
        }
        format.writerSettings = [
            FormatSetting(name: "dfxp", help: "TTML output as TTML1 (DFXP) instead of IMSC 1.1 (also --to dfxp, or a .dfxp OUTPUT).") { _, options in
                options[TTMLWriter.Options.self] = .dfxp
            },
        ]
        format.carriesStackingOrder = true
        format.writerVariants = ["dfxp": { $0[TTMLWriter.Options.self] = .dfxp }]
        // The reader checks what the model needs; the TTML2 validator's profile checks (IMSC,
        // EBU-TT-D) run for `validate`, less what the reader said already (same code and place).
        format.checks = { file, _ in
            let seen = Set(file.diagnostics.map { "\($0.code.rawValue)@\($0.location?.description ?? "")" })
            let more = TTMLValidator().validate(file.text).filter { !seen.contains("\($0.code.rawValue)@\($0.location?.description ?? "")") }
            return FormatCheckResult(specDiagnostics: more)
        }
        format.showsNothingByDesign = .ttmlNothingShown
        // Measured on the 10,000-paragraph benchmark document: the reader fills 16 times the input.
        format.heapFilledPerInputByte = 16
        return format
    }()
}

extension TTMLReader.Options: FormatSpecificOptions {}
extension TTMLWriter.Options: FormatSpecificOptions {}
