/// A file embedded in `[Fonts]` or `[Graphics]`, decoded from its UUencoding.
public struct ASSAttachment: Sendable, Hashable {
    /// Which section it came from.
    public enum Kind: String, Sendable, Hashable {
        /// `[Fonts]`: a font libass loads for the script.
        case font
        /// `[Graphics]`: a picture.
        case graphic
    }
    /// Font or picture.
    public var kind: Kind
    /// The `fontname:` or `filename:` given.
    public var name: String
    /// The decoded bytes.
    public var data: [UInt8]
    /// Where its `fontname:`/`filename:` line is.
    public var line: Int

    /// The data as the lines of a `[Fonts]`/`[Graphics]` entry: UUencoded, 80 characters a line.
    public var encodedLines: [String] { ASSUUEncoding.encode(data) }

    /// The bytes of UUencoded attachment data (the lines after `fontname:`, joined), or nil when
    /// it is not valid.
    public static func decode(_ encoded: [UInt8]) -> [UInt8]? { ASSUUEncoding.decode(encoded) }

    /// An attachment from its parts.
    public init(kind: Kind, name: String, data: [UInt8], line: Int) {
        self.kind = kind
        self.name = name
        self.data = data
        self.line = line
    }
}
