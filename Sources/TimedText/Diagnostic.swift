/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    /// Informational: something was normalised or assumed (a repair that cannot change meaning).
    case info
    /// Something was wrong and has been repaired or skipped; the result may differ from the intent.
    case warning
    /// The input (or a part of it) could not be read.
    case error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A stable identifier of a kind of diagnostic, such as `srt.bad-timestamp`. Codes are declared as
/// static members in an extension next to the code that emits them; they never change meaning.
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
}

/// A position in a source text: 1-based line and 1-based column counted in UTF-8 bytes of the
/// decoded text (the same as the file's bytes for UTF-8 input).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in UTF-8 bytes of the line (not characters: `é` counts 2).
    public var column: Int

    /// A location from its 1-based line and byte column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// Something a reader skipped, repaired or rejected. Readers never throw on bad content: they
/// recover as their format's rules say and report what they did here.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Info (a harmless normalisation), warning (repaired or skipped) or error (could not be read).
    public var severity: Severity
    /// The stable kind (`srt.bad-timestamp`): what a program matches on, as the message may change.
    public var code: DiagnosticCode
    /// One line for a person, saying what was found and what was done about it.
    public var message: String
    /// Where in the source it was found; nil when the finding is not about one place (a writer's
    /// report on the whole track, a file-level problem).
    public var location: SourceLocation?

    /// A diagnostic; `location` nil when it is about no one place of the source.
    public init(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
    }

    /// `line:column: severity: message [code]`, the compiler-style form (without the file name).
    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(severity.rawValue): \(message) [\(code.rawValue)]"
    }

    /// The compiler-style line about `file`: `file:line:column: severity: message [code]`, or
    /// `file: severity: message [code]` for a finding about no one place (as GCC and Clang write
    /// them, so that editors and CI annotators find both).
    public func described(in file: String) -> String {
        let place = location.map { "\(file):\($0): " } ?? "\(file): "
        return "\(place)\(severity.rawValue): \(message) [\(code.rawValue)]"
    }
}

/// A value read from a source, with everything the reader has to say about it.
public struct ParseResult<Value> {
    /// What was read: as much of the input as could be, even when `diagnostics` holds errors.
    public var value: Value
    /// What the reader skipped, repaired or rejected; empty for a clean input.
    public var diagnostics: [Diagnostic]

    /// A result from a value and what there is to say about it.
    public init(value: Value, diagnostics: [Diagnostic] = []) {
        self.value = value
        self.diagnostics = diagnostics
    }

    /// True when any diagnostic is an error: the input, or a part of it, could not be read.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

extension ParseResult: Sendable where Value: Sendable {}
extension ParseResult: Equatable where Value: Equatable {}
