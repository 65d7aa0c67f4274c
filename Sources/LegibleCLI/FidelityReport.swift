import Legible

/// `convert --fidelity-report`: what a conversion lost or changed, as JSON a pipeline can act on.
enum FidelityReport {
    /// `{"input", "from", "to", "lossless", "changes": [{code, severity, message, line, column}]}`;
    /// `lossless` is false when any change is a warning or an error.
    static func json(_ changes: [Diagnostic], input: String, from: CaptionFormat, to: CaptionFormat) -> [UInt8] {
        let items: [JSON] = changes.map { d in
            .object([
                ("code", .string(d.code.rawValue)),
                ("severity", .string(d.severity.rawValue)),
                ("message", .string(d.message)),
                ("line", d.location.map { .int($0.line) } ?? .null),
                ("column", d.location.map { .int($0.column) } ?? .null),
            ])
        }
        return JSON.object([
            ("input", .string(input)),
            ("from", .string(from.id.rawValue)),
            ("to", .string(to.id.rawValue)),
            ("lossless", .bool(!changes.contains { $0.severity >= .warning })),
            ("changes", .array(items)),
        ]).serialized()
    }
}
