internal import CICU

/// The one Swift file in TextScanning that calls ICU (through the CICU shim, which loads the
/// system ICU privately on first use).
enum ICU {
    struct CharsetMatch: Sendable {
        var name: String
        var language: String
        var confidence: Int
    }

    enum Failure: Error, Sendable, CustomStringConvertible {
        case unavailable(String)
        case unknownCharset(String)
        case conversionFailed(String)

        var description: String {
            switch self {
            case .unavailable(let message): message
            case .unknownCharset(let name): "unknown encoding '\(name)'"
            case .conversionFailed(let name): "ICU could not convert from \(name)"
            }
        }
    }

    /// Loads ICU; returns nil on success, or the reason it cannot be loaded (naming the package).
    static func loadError() -> String? {
        var buffer = [CChar](repeating: 0, count: 512)
        if legible_icu_load(&buffer, Int32(buffer.count)) == 1 { return nil }
        return nulTerminated(buffer)
    }

    static var version: String { String(cString: legible_icu_version()) }

    /// ucsdet's candidates for the bytes, best first.
    static func detectCharsets(_ bytes: ArraySlice<UInt8>) throws(Failure) -> [CharsetMatch] {
        if let error = loadError() { throw .unavailable(error) }
        var matches = [legible_charset_match](repeating: legible_charset_match(), count: 8)
        let found = bytes.withUnsafeBufferPointer { buffer in
            legible_icu_detect_charsets(buffer.baseAddress, Int32(clamping: buffer.count), &matches, Int32(matches.count))
        }
        guard found >= 0 else { return [] }
        return matches.prefix(Int(found)).map { match in
            var m = match
            let name = withUnsafeBytes(of: &m.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let language = withUnsafeBytes(of: &m.language) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return CharsetMatch(name: name, language: language, confidence: Int(match.confidence))
        }
    }

    struct Conversion: Sendable {
        var utf8: [UInt8]
        /// Sequences that were invalid or had no Unicode mapping, each replaced by U+FFFD.
        var replacedCount: Int
        /// The byte offset in the source of the first of them.
        var firstReplacedOffset: Int?
    }

    static func convertToUTF8(_ bytes: ArraySlice<UInt8>, from charset: String) throws(Failure) -> Conversion {
        if let error = loadError() { throw .unavailable(error) }
        let capacity = bytes.count * 4 + 4
        var output = [UInt8](repeating: 0, count: capacity)
        var replaced: Int64 = 0
        var firstReplaced: Int64 = -1
        let written = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                legible_icu_to_utf8(charset, input.baseAddress, Int64(input.count), out.baseAddress, Int64(capacity),
                                    &replaced, &firstReplaced)
            }
        }
        if written == -1 { throw .unknownCharset(charset) }
        if written < 0 { throw .conversionFailed(charset) }
        output.removeSubrange(Int(written)...)
        return Conversion(utf8: output, replacedCount: Int(replaced),
                          firstReplacedOffset: firstReplaced >= 0 ? Int(firstReplaced) : nil)
    }

    /// UAX #14 line break opportunities of a UTF-8 text: byte offsets after which a line may end,
    /// with `mandatory` where it must (ICU's line break iterator, tailored by `locale`).
    static func lineBreaks(_ utf8: [UInt8], locale: String?) throws(Failure) -> [(offset: Int, mandatory: Bool)] {
        if let error = loadError() { throw .unavailable(error) }
        if utf8.isEmpty { return [] }
        var offsets = [Int32](repeating: 0, count: utf8.count)
        var hard = [UInt8](repeating: 0, count: utf8.count)
        let count = utf8.withUnsafeBufferPointer { text in
            legible_icu_line_breaks(text.baseAddress, Int32(clamping: text.count), locale, &offsets, &hard, Int32(clamping: offsets.count))
        }
        guard count >= 0 else { throw .conversionFailed("line breaking") }
        return (0..<Int(count)).map { (Int(offsets[$0]), hard[$0] != 0) }
    }

    /// ICU's preferred (IANA) name for an encoding name or alias, or nil when ICU does not know it.
    static func canonicalCharsetName(_ name: String) throws(Failure) -> String? {
        if let error = loadError() { throw .unavailable(error) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard legible_icu_canonical_charset(name, &buffer, Int32(buffer.count)) == 1 else { return nil }
        return nulTerminated(buffer)
    }
}

private func nulTerminated(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
