public import TimedText

/// A reader of a caption format that is text: it reads decoded text into a document, and so can
/// read bytes in any encoding the decoder knows.
public protocol SourceTextReader {
    func read(_ source: SourceText) -> ParseResult<Document>
}

extension SourceTextReader {
    /// Decodes the bytes (byte-order mark, UTF-8, or the detected or given encoding) and reads the
    /// text; the decoder's diagnostics come first.
    public func read(_ bytes: [UInt8], decoding: SourceDecoder.Options = .default) -> ParseResult<Document> {
        let decoded = SourceDecoder.decode(bytes, options: decoding)
        var result = read(decoded.value)
        result.diagnostics.insert(contentsOf: decoded.diagnostics, at: 0)
        return result
    }
}
