/// What a conversion lost or changed, as JSON a pipeline can act on (`legible convert
/// --fidelity-report`): the writer's and the conversion's diagnostics, in the cue-json form of a
/// diagnostic (docs/cue-json.md), with one verdict.
public enum FidelityReport {
    /// `{"input", "from", "to", "lossless", "changes": [{severity, code, message, line, column}]}`,
    /// UTF-8. `lossless` is false when any change is a warning or an error; `input` is the name
    /// the caller gives the source (a path, or `-`).
    public static func json(_ changes: [Diagnostic], input: String, from: CaptionFormat, to: CaptionFormat) -> [UInt8] {
        JSON.object([
            ("input", .string(input)),
            ("from", .string(from.id.rawValue)),
            ("to", .string(to.id.rawValue)),
            ("lossless", .bool(!changes.contains { $0.severity >= .warning })),
            ("changes", .array(changes.map(CueJSON.diagnostic))),
        ]).serialized()
    }
}
