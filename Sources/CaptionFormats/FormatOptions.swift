public import TimedText

/// A format's own options type (a reader's or a writer's), kept in `FormatOptions` by its type.
public protocol FormatSpecificOptions: Sendable {
    /// The options a reader or writer uses when none are given.
    static var `default`: Self { get }
}

/// Each format's own reader or writer options, by type, so that the general options
/// (`CaptionFile.Options`, `CaptionWriteOptions`) name no format:
///
/// ```swift
/// var options = CaptionWriteOptions()
/// options.formats[SCCWriter.Options.self].dropFrame = true
/// ```
///
/// A type never set reads as its `default`.
public struct FormatOptions: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// No format's options set: every reader and writer uses its defaults.
    public init() {}

    /// The options of type `Options`: those set, else `Options.default`.
    public subscript<Options: FormatSpecificOptions>(_ type: Options.Type) -> Options {
        get { values[ObjectIdentifier(type)] as? Options ?? Options.default }
        set { values[ObjectIdentifier(type)] = newValue }
    }
}

/// A setting of one format's reader or writer that a command line offers (`--drop-frame`,
/// `--scc-fallback MODE`), with its help; `apply` sets it in a `FormatOptions`. Commands take
/// their format-specific options from the registry this way, so their help is never stale.
public struct FormatSetting: Sendable {
    /// The option's name without dashes (`scc-fallback`).
    public var name: String
    /// What its value is called in help (`MODE`); nil for a flag.
    public var valueName: String?
    /// One line of help.
    public var help: String
    /// Sets the options from the value given (nil for a flag); throws `invalidArgument` with a
    /// message naming the accepted values.
    public var apply: @Sendable (_ value: String?, _ options: inout FormatOptions) throws(LegibleError) -> Void

    /// A setting from its parts.
    public init(name: String, valueName: String? = nil, help: String,
                apply: @escaping @Sendable (_ value: String?, _ options: inout FormatOptions) throws(LegibleError) -> Void) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.apply = apply
    }
}

/// Choices for writers: the general ones, and each format's own in `formats`.
public struct CaptionWriteOptions: Sendable {
    /// How cues without an end are ended (SRT, WebVTT and ASS cues must end).
    public var openEnds: OpenEndPolicy
    /// Each writer's own options (`formats[SCCWriter.Options.self]`).
    public var formats: FormatOptions

    /// Options; by default open cues are ended by `OpenEndPolicy.default` and every writer uses
    /// its defaults.
    public init(openEnds: OpenEndPolicy = .default, formats: FormatOptions = FormatOptions()) {
        self.openEnds = openEnds
        self.formats = formats
    }

    /// The default open-end policy and every writer's defaults.
    public static let `default` = CaptionWriteOptions()
}

extension ParseResult where Value: CaptionFileContents {
    /// The read as the registry's readers give it: the contents seen as any format's.
    package var erased: ParseResult<any CaptionFileContents> { ParseResult<any CaptionFileContents>(value: value, diagnostics: diagnostics) }
}

extension ParseResult where Value == [UInt8] {
    /// A writer's whole output handed to a registry writer's sink, and what it had to change.
    package func written(to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> [Diagnostic] {
        try value.withUnsafeBufferPointer { try sink($0) }
        return diagnostics
    }
}
