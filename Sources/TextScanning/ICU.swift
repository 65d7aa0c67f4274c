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

// Unicode character properties of one code point, for `ScalarFacts`: ICU's numbers, and -1 when
// ICU cannot be loaded.
extension ICU {
    /// The Script property (UAX #24) as ICU's script number.
    static func scriptNumber(_ c: UInt32) -> Int32 { legible_icu_script(c) }

    /// Whether every one of a code point's Script_Extensions (UAX #24) satisfies `test`, as script
    /// numbers (the Script alone for a code point that has none); false without ICU. Without an
    /// array: the table asks this of thousands of code points.
    static func allScriptExtensions(_ c: UInt32, satisfy test: (Int32) -> Bool) -> Bool {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { numbers in
            let count = Int(legible_icu_script_extensions(c, numbers.baseAddress, Int32(numbers.count)))
            return count > 0 && numbers.prefix(min(count, numbers.count)).allSatisfy(test)
        }
    }

    /// One more than the largest script number, or -1.
    static var scriptCount: Int32 { legible_icu_script_count() }

    /// A script number's ISO 15924 code ("Hani"), or nil when ICU does not know it.
    static func scriptCode(_ number: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 16)
        guard legible_icu_script_code(number, &buffer, Int32(buffer.count)) > 0 else { return nil }
        return nulTerminated(buffer)
    }

    /// Whether a script (by number) is written right to left.
    static func scriptIsRightToLeft(_ number: Int32) -> Bool { legible_icu_script_is_right_to_left(number) == 1 }

    /// East_Asian_Width (UAX #11) is Wide or Fullwidth.
    static func isEastAsianWide(_ c: UInt32) -> Bool {
        let width = legible_icu_east_asian_width(c)
        return width == LEGIBLE_EAST_ASIAN_WIDTH_WIDE || width == LEGIBLE_EAST_ASIAN_WIDTH_FULLWIDTH
    }

    /// The Alphabetic property.
    static func isAlphabetic(_ c: UInt32) -> Bool { legible_icu_is_alphabetic(c) == 1 }

    /// Bidi_Class (UAX #9) as ICU's number (`BidiClass`); left-to-right (0) without ICU.
    static func bidiClass(_ c: UInt32) -> UInt8 { UInt8(clamping: max(0, legible_icu_bidi_class(c))) }

    /// A code point's properties as the script table keeps them (`legible_icu_properties`).
    struct Properties {
        /// ICU's script number.
        var script: UInt8
        /// ICU's Bidi_Class number.
        var bidiClass: UInt8
        /// East_Asian_Width, Wide or Fullwidth.
        var isEastAsianWide: Bool
        var isAlphabetic: Bool
        /// Decomposition_Type Wide or Narrow.
        var isWidthVariant: Bool
        var isEmojiPresentation: Bool

        /// From the bytes `legible_icu_properties` writes.
        init(script: UInt8, bidiClass: UInt8, width: UInt8, flags: UInt8) {
            self.script = script
            self.bidiClass = bidiClass
            isEastAsianWide = Int32(width) == LEGIBLE_EAST_ASIAN_WIDTH_WIDE || Int32(width) == LEGIBLE_EAST_ASIAN_WIDTH_FULLWIDTH
            isAlphabetic = Int32(flags) & LEGIBLE_PROPERTY_ALPHABETIC != 0
            isWidthVariant = Int32(flags) & LEGIBLE_PROPERTY_WIDTH_VARIANT != 0
            isEmojiPresentation = Int32(flags) & LEGIBLE_PROPERTY_EMOJI_PRESENTATION != 0
        }
    }

    /// The properties of code points in a row, a byte each (`legible_icu_properties`).
    struct PropertyRun {
        var script: [UInt8], bidi: [UInt8], width: [UInt8], flags: [UInt8]

        var count: Int { script.count }

        subscript(i: Int) -> Properties {
            Properties(script: script[i], bidiClass: bidi[i], width: width[i], flags: flags[i])
        }
    }

    /// The properties of one code point (no arrays: asked per scalar above the BMP); nil without
    /// ICU.
    static func properties(of c: UInt32) -> Properties? {
        var script: UInt8 = 0, bidi: UInt8 = 0, width: UInt8 = 0, flags: UInt8 = 0
        guard legible_icu_properties(c, 1, &script, &bidi, &width, &flags) == 1 else { return nil }
        return Properties(script: script, bidiClass: bidi, width: width, flags: flags)
    }

    /// The properties of `count` code points from `first`, in one call; nil without ICU.
    static func properties(from first: UInt32, count: Int) -> PropertyRun? {
        var run = PropertyRun(script: [UInt8](repeating: 0, count: count), bidi: [UInt8](repeating: 0, count: count),
                              width: [UInt8](repeating: 0, count: count), flags: [UInt8](repeating: 0, count: count))
        guard legible_icu_properties(first, Int32(count), &run.script, &run.bidi, &run.width, &run.flags) == 1 else { return nil }
        return run
    }

    /// The Bidi_Class numbers Legible names.
    enum BidiClass {
        static var leftToRight: UInt8 { UInt8(LEGIBLE_BIDI_L) }
        static var rightToLeft: UInt8 { UInt8(LEGIBLE_BIDI_R) }
        static var arabicLetter: UInt8 { UInt8(LEGIBLE_BIDI_AL) }
        static var firstStrongIsolate: UInt8 { UInt8(LEGIBLE_BIDI_FSI) }
        static var leftToRightIsolate: UInt8 { UInt8(LEGIBLE_BIDI_LRI) }
        static var rightToLeftIsolate: UInt8 { UInt8(LEGIBLE_BIDI_RLI) }
        static var popDirectionalIsolate: UInt8 { UInt8(LEGIBLE_BIDI_PDI) }
    }
}
