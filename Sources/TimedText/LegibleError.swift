/// The one error the library's throwing calls throw: a file that cannot be opened, a format that
/// cannot be told or is not supported, a component that is missing, a value that cannot be used.
/// Bad *content* is never thrown: readers recover and report `Diagnostic`s.
///
/// `code` is stable, in the same namespace as diagnostic codes (`input.unknown-format`), so that a
/// pipeline can tell failures apart; `message` is one line for a person and says what to do.
public struct LegibleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stable kind of failure (`input.unknown-format`, `legible.missing-component`): what a
    /// program switches on.
    public var code: DiagnosticCode
    /// One line for a person, saying what failed and what to do (which package to install, which
    /// call to use instead).
    public var message: String

    /// An error of kind `code`; `message` should say what to do about it.
    public init(_ code: DiagnosticCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

extension DiagnosticCode {
    /// A file or stream that cannot be opened or read.
    public static let unreadableInput: Self = "input.unreadable-file"
    /// No registered format recognises the content, and the name does not say.
    public static let unknownFormat: Self = "input.unknown-format"
    /// A format Legible knows of but cannot read (or write) yet.
    public static let unsupportedFormat: Self = "input.unsupported-format"
    /// An encoding name neither Legible nor ICU knows.
    public static let unknownEncodingName: Self = "input.unknown-encoding"
    /// A library or program Legible needs is not installed; the message names the package.
    public static let missingComponent: Self = "legible.missing-component"
    /// An output that cannot be written.
    public static let unwritableOutput: Self = "output.unwritable"
    /// A value given to the library that it cannot use (an option, a setting); the message says why.
    public static let invalidArgument: Self = "legible.invalid-argument"
    /// The work was cancelled by the caller.
    public static let cancelled: Self = "legible.cancelled"
}

/// The engine Legible is: its version goes into `legible --version`, every batch record and every
/// cache key.
public enum LegibleEngine {
    /// Legible's version (`legible --version`).
    public static let version = "0.1.0"
}
