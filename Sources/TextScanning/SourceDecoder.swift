public import TimedText

extension DiagnosticCode {
    /// Warning: the encoding was guessed by ICU's detector with confidence below
    /// `SourceDecoder.lowConfidence`, or could not be guessed and the text was read as UTF-8.
    public static let lowConfidenceEncoding: Self = "text.encoding-uncertain"
    /// Error: the text could not be decoded because ICU is missing or refused the encoding; it was
    /// read as UTF-8 instead.
    public static let encodingUnavailable: Self = "text.encoding-unavailable"
    /// Warning: some byte sequences are not valid in the detected or given encoding and became U+FFFD.
    public static let unmappableBytes: Self = "text.unmappable-bytes"
    /// Error: the encoding asked for in `Options.encoding` is not a name or alias ICU knows; the text
    /// was read as UTF-8.
    public static let unknownEncoding: Self = "text.unknown-encoding"
}

/// Turns the bytes of a caption file into `SourceText`: byte-order marks, encoding detection and
/// transcoding (through ICU), line-end and NUL normalisation.
///
/// Detection order: a byte-order mark; an explicit encoding; valid UTF-8 (or UTF-8 with a few damaged
/// sequences); UTF-16 without a mark, from the pattern of zero bytes; ICU's charset detector, whose
/// answer is refined (ISO-8859-1 text using `¤`, byte 0xA4, is ISO-8859-15 with its `€`) and whose confidence
/// below `lowConfidence` gives a warning.
public enum SourceDecoder {
    /// How to decode: by default the encoding is detected.
    public struct Options: Sendable {
        /// Decode as this encoding (any name or alias ICU knows) instead of detecting.
        public var encoding: String?
        /// - Parameter encoding: an encoding name such as `windows-1252` or `Shift_JIS`, or nil to detect it.
        public init(encoding: String? = nil) { self.encoding = encoding }
        /// Detect the encoding.
        public static let `default` = Options()
    }

    /// Detections less sure than this (on ICU's 0...100 scale) are reported as a warning.
    public static let lowConfidence = 50

    /// Decodes a mapped file: clean UTF-8 without a byte-order mark (nearly every large caption
    /// file) is used in place; anything else is copied and decoded as usual.
    package static func decode(_ file: MappedFile, options: Options = .default) -> ParseResult<SourceText> {
        let clean = options.encoding == nil && file.withUnsafeBytes { bytes in
            byteOrderMark(ArraySlice(bytes.prefix(4))) == nil && UTF8Normalizer.firstIrregularity(bytes) == nil
        }
        if clean {
            return ParseResult(value: SourceText(storage: .mapped(file), encoding: "UTF-8", confidence: 100, encodingSource: .validUTF8))
        }
        return decode(file.withUnsafeBytes { Array($0) }, options: options)
    }

    /// Decodes the bytes of a caption file, detecting the encoding unless `options` gives one. Never
    /// fails: undecodable input is read as UTF-8 with U+FFFD replacements, and the diagnostics say so.
    /// Clean UTF-8 without a byte-order mark is returned without a copy.
    public static func decode(_ input: [UInt8], options: Options = .default) -> ParseResult<SourceText> {
        let bytes = input[...]
        if let given = options.encoding {
            return decode(bytes, as: given)
        }
        if let (name, length) = byteOrderMark(bytes) {
            return transcode(bytes.dropFirst(length), encoding: name, confidence: 100, source: .byteOrderMark)
        }
        // The common case — clean UTF-8 without a mark — is one scan and keeps the caller's buffer.
        if input.withUnsafeBufferPointer({ UTF8Normalizer.firstIrregularity($0) }) == nil {
            return ParseResult(value: SourceText(bytes: input, encoding: "UTF-8", confidence: 100, encodingSource: .validUTF8))
        }
        let (invalid, multibyte) = UTF8Normalizer.census(bytes)
        // A UTF-8 file with a few damaged bytes is still UTF-8: legacy text has no valid multi-byte runs.
        if invalid == 0 || (multibyte >= 8 && invalid * 4 <= multibyte) {
            return utf8(bytes, confidence: 100, source: .validUTF8)
        }
        if let name = utf16WithoutMark(bytes) {
            return transcode(bytes, encoding: name, confidence: 90, source: .detected)
        }
        return detectLegacy(bytes)
    }

    /// The canonical name of an encoding, or nil when neither Legible nor ICU knows it.
    /// Throws (`legible.missing-component`) when ICU is needed and cannot be loaded.
    public static func canonicalEncodingName(_ name: String) throws(LegibleError) -> String? {
        if isUTF8Name(name) { return "UTF-8" }
        do {
            return try ICU.canonicalCharsetName(name)
        } catch {
            throw LegibleError(.missingComponent, error.description)
        }
    }


    // MARK: - Steps

    static func byteOrderMark(_ b: ArraySlice<UInt8>) -> (String, Int)? {
        let s = b.startIndex
        func at(_ k: Int) -> UInt8? { b.count > k ? b[s + k] : nil }
        if at(0) == 0xEF, at(1) == 0xBB, at(2) == 0xBF { return ("UTF-8", 3) }
        if at(0) == 0xFF, at(1) == 0xFE, at(2) == 0, at(3) == 0 { return ("UTF-32LE", 4) }
        if at(0) == 0, at(1) == 0, at(2) == 0xFE, at(3) == 0xFF { return ("UTF-32BE", 4) }
        if at(0) == 0xFF, at(1) == 0xFE { return ("UTF-16LE", 2) }
        if at(0) == 0xFE, at(1) == 0xFF { return ("UTF-16BE", 2) }
        return nil
    }

    /// Caption text is mostly ASCII digits, punctuation and letters: in UTF-16 without a mark every
    /// other byte is zero. Decides from the first 4 KiB.
    static func utf16WithoutMark(_ b: ArraySlice<UInt8>) -> String? {
        let sample = b.prefix(4096)
        guard sample.count >= 8 else { return nil }
        var evenZeros = 0
        var oddZeros = 0
        for (k, byte) in sample.enumerated() where byte == 0 {
            if k % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
        }
        let pairs = sample.count / 2
        if oddZeros * 10 >= pairs * 3 && evenZeros * 20 < pairs { return "UTF-16LE" }
        if evenZeros * 10 >= pairs * 3 && oddZeros * 20 < pairs { return "UTF-16BE" }
        return nil
    }

    static func detectLegacy(_ bytes: ArraySlice<UInt8>) -> ParseResult<SourceText> {
        let candidates: [ICU.CharsetMatch]
        do {
            candidates = try ICU.detectCharsets(bytes)
        } catch {
            return utf8(bytes, confidence: 0, source: .detected, extra: [
                Diagnostic(.error, .encodingUnavailable,
                           "the text is not UTF-8 and encoding detection needs ICU: \(error.description)")
            ])
        }
        // UTF-16/32 without a mark were ruled out above; ICU lists them at low confidence for most text.
        guard var best = candidates.first(where: { !$0.name.hasPrefix("UTF-") }) else {
            return utf8(bytes, confidence: 0, source: .detected, extra: [
                Diagnostic(.warning, .lowConfidenceEncoding,
                           "could not detect the text encoding; read as UTF-8 (use --encoding to choose one)")
            ])
        }
        if best.name == "ISO-8859-1" && looksLikeLatin9(bytes) { best.name = "ISO-8859-15" }
        var result = transcode(bytes, encoding: best.name, confidence: best.confidence, source: .detected)
        if best.confidence < lowConfidence {
            // ICU lists a charset once per language it guesses; each is named once, at its best.
            var named = Set([best.name])
            let others = candidates.filter { !$0.name.hasPrefix("UTF-") && named.insert($0.name).inserted }.prefix(2)
                .map { "\($0.name) \($0.confidence)%" }.joined(separator: ", ")
            let alternatives = others.isEmpty ? "" : " (next: \(others))"
            result.diagnostics.insert(Diagnostic(.warning, .lowConfidenceEncoding,
                "text encoding detected as \(best.name) with low confidence (\(best.confidence)%)\(alternatives); use --encoding to override"),
                at: 0)
        }
        return result
    }

    /// `¤` (0xA4) is almost never meant in Latin-1 text, while `€` sits there in ISO-8859-15.
    static func looksLikeLatin9(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.contains(0xA4)
    }

    static func decode(_ bytes: ArraySlice<UInt8>, as given: String) -> ParseResult<SourceText> {
        // A mark that contradicts the given encoding is still removed: it is not text.
        var body = bytes
        if isUTF8Name(given) {
            if let (name, length) = byteOrderMark(bytes), name == "UTF-8" { body = bytes.dropFirst(length) }
            return utf8(body, confidence: 100, source: .given)
        }
        let canonical: String
        do {
            guard let name = try ICU.canonicalCharsetName(given) else {
                return utf8(bytes, confidence: 0, source: .given, extra: [
                    Diagnostic(.error, .unknownEncoding, "unknown encoding '\(given)'; read as UTF-8")
                ])
            }
            canonical = name
        } catch {
            return utf8(bytes, confidence: 0, source: .given, extra: [
                Diagnostic(.error, .encodingUnavailable, "cannot decode \(given): \(error.description)")
            ])
        }
        if let (name, length) = byteOrderMark(bytes), name.hasPrefix(canonical.prefix(6)) { body = bytes.dropFirst(length) }
        return transcode(body, encoding: canonical, confidence: 100, source: .given)
    }

    static func transcode(_ bytes: ArraySlice<UInt8>, encoding: String, confidence: Int,
                          source: SourceText.EncodingSource) -> ParseResult<SourceText> {
        if encoding == "UTF-8" { return utf8(bytes, confidence: confidence, source: source) }
        do {
            let converted = try ICU.convertToUTF8(bytes, from: encoding)
            var result = utf8(converted.utf8[...], confidence: confidence, source: source)
            result.value.encoding = encoding
            if converted.replacedCount > 0 {
                let offset = converted.firstReplacedOffset.map { " (first at byte offset \($0))" } ?? ""
                result.diagnostics.append(Diagnostic(.warning, .unmappableBytes,
                    "\(converted.replacedCount) byte sequences are not valid \(encoding) and were replaced by U+FFFD\(offset)"))
            }
            return result
        } catch {
            return utf8(bytes, confidence: 0, source: source, extra: [
                Diagnostic(.error, .encodingUnavailable, "cannot decode \(encoding): \(error.description); read as UTF-8")
            ])
        }
    }

    static func utf8(_ bytes: ArraySlice<UInt8>, confidence: Int, source: SourceText.EncodingSource,
                     extra: [Diagnostic] = []) -> ParseResult<SourceText> {
        let (clean, diagnostics) = UTF8Normalizer.normalize(bytes)
        return ParseResult(value: SourceText(bytes: clean, encoding: "UTF-8", confidence: confidence, encodingSource: source),
                           diagnostics: extra + diagnostics)
    }

    static func isUTF8Name(_ name: String) -> Bool {
        let folded = String(name.lowercased().filter { $0 != "-" && $0 != "_" })
        return folded == "utf8"
    }
}
