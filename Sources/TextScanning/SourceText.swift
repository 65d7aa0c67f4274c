import TimedText

/// Decoded source text, ready for a format reader: UTF-8 without a byte-order mark, lines ending
/// in LF only, NUL and invalid sequences replaced by U+FFFD.
public struct SourceText: Sendable {
    /// The text's bytes: an array, or a file mapped into memory (large clean UTF-8 files are read
    /// in place, without a copy).
    package enum Storage: Sendable {
        case array([UInt8])
        case mapped(MappedFile)
    }

    /// Where the bytes live; `bytes` and `withUnsafeBytes(_:)` read them.
    package var storage: Storage

    /// The bytes as an array (a copy when the text is a mapped file).
    public var bytes: [UInt8] {
        switch storage {
        case .array(let array): array
        case .mapped(let file): file.withUnsafeBytes { Array($0) }
        }
    }

    /// The length of the text in UTF-8 bytes, without copying a mapped file.
    public var byteCount: Int {
        switch storage {
        case .array(let array): array.count
        case .mapped(let file): file.count
        }
    }

    /// Calls `body` with the bytes in place.
    public func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        switch storage {
        case .array(let array): try array.withUnsafeBufferPointer(body)
        case .mapped(let file): try file.withUnsafeBytes(body)
        }
    }
    /// The encoding the source was in (`UTF-8`, `UTF-16LE`, `windows-1252`, `Shift_JIS`, …).
    public var encoding: String
    /// How sure the detection is, 0...100 (100 for a byte-order mark, valid UTF-8 or a given encoding).
    public var confidence: Int
    /// How the encoding was decided.
    public var encodingSource: EncodingSource

    /// How `SourceDecoder` chose the encoding; the raw value is the wording used in reports.
    public enum EncodingSource: String, Sendable {
        case byteOrderMark = "byte-order mark"
        case validUTF8 = "valid UTF-8"
        case detected = "detected"
        case given = "given"
    }

    /// Wraps bytes that are already clean (UTF-8, LF line ends, no NUL): nothing is checked or
    /// normalised. Use `SourceDecoder.decode(_:options:)` for a file's raw bytes.
    public init(bytes: [UInt8], encoding: String = "UTF-8", confidence: Int = 100, encodingSource: EncodingSource = .given) {
        self.init(storage: .array(bytes), encoding: encoding, confidence: confidence, encodingSource: encodingSource)
    }

    /// Wraps bytes that are already clean, held as `storage`; nothing is checked or normalised.
    package init(storage: Storage, encoding: String = "UTF-8", confidence: Int = 100, encodingSource: EncodingSource = .given) {
        self.storage = storage
        self.encoding = encoding
        self.confidence = confidence
        self.encodingSource = encodingSource
    }

    /// Text that is already clean UTF-8 with LF line ends (tests, generated input).
    public init(_ string: String) {
        self = SourceDecoder.decode(Array(string.utf8)).value
    }
}
