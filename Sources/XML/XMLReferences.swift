internal import TextScanning

/// XML 1.0 §4.1 and §4.6: the references a document without a DTD may use — the five predefined
/// entities and character references. Any other entity name is undeclared (the scanner refuses
/// DTDs, so nothing can declare one).
package enum XMLReferences {
    package enum Outcome {
        /// The reference's code point, and the offset after its `;`.
        case scalar(Unicode.Scalar, end: Int)
        /// Not a valid reference: why, and the offset up to which the text is kept literally (the
        /// `;` when there is one nearby, otherwise just the `&`).
        case invalid(String, end: Int)
        /// An entity XML does not declare but HTML names (`&nbsp;`, `&eacute;`, `&mdash;`): still
        /// an error (why, saying what was read), but read as the characters its author meant,
        /// which every HTML-minded producer that wrote it did mean; the offset after its `;`.
        case htmlEntity(String, [Unicode.Scalar], end: Int)
    }

    /// Reads the reference that starts at `bytes[start]` (an `&`).
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Outcome {
        let n = bytes.count
        let i = start + 1
        // Names and numbers in references are short; look no further than this for the `;`.
        let limit = min(n, start + 40)
        if i < n && bytes[i] == UInt8(ascii: "#") {
            guard let (value, end) = CharacterReferences.numeric(bytes, at: start, upperCaseX: false, limit: limit) else {
                return .invalid("malformed character reference", end: start + 1)
            }
            guard isXMLCharacter(value), let scalar = Unicode.Scalar(value) else {
                return .invalid("character reference to U+\(String(value, radix: 16, uppercase: true)), which XML does not allow",
                                end: end)
            }
            return .scalar(scalar, end: end)
        }
        var end = i
        while end < limit, isNameByte(bytes[end]) { end += 1 }
        guard end > i, end < n, bytes[end] == UInt8(ascii: ";") else {
            return .invalid("'&' that starts no reference (write '&amp;')", end: start + 1)
        }
        let name = UnsafeBufferPointer(rebasing: bytes[i..<end])
        if let scalar = predefined(name) { return .scalar(scalar, end: end + 1) }
        let written = String(decoding: name, as: UTF8.self)
        let undeclared = "undeclared entity '\(written)' (only amp, lt, gt, apos and quot exist without a DTD)"
        if let scalars = CharacterReferences.lookup(Substring(written + ";")), scalars.allSatisfy({ isXMLCharacter($0.value) }) {
            return .htmlEntity("\(undeclared); read as HTML's &\(written);, \(describe(scalars))", scalars, end: end + 1)
        }
        return .invalid(undeclared, end: end + 1)
    }

    /// `U+00A0 NO-BREAK SPACE`, code point by code point, for a message.
    static func describe(_ scalars: [Unicode.Scalar]) -> String {
        scalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return scalar.properties.name.map { "\(code) \($0)" } ?? code
        }.joined(separator: " + ")
    }

    private static func predefined(_ name: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        switch name.count {
        case 2 where name[1] == UInt8(ascii: "t"):
            if name[0] == UInt8(ascii: "l") { return "<" }
            if name[0] == UInt8(ascii: "g") { return ">" }
        case 3 where name[0] == UInt8(ascii: "a") && name[1] == UInt8(ascii: "m") && name[2] == UInt8(ascii: "p"):
            return "&"
        case 4:
            if name.elementsEqual("apos".utf8) { return "'" }
            if name.elementsEqual("quot".utf8) { return "\"" }
        default:
            break
        }
        return nil
    }

    /// XML 1.0 §2.2 `Char`.
    package static func isXMLCharacter(_ v: UInt32) -> Bool {
        v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v)
            || (0x10000...0x10FFFF).contains(v)
    }

    @inline(__always) package static func isNameByte(_ b: UInt8) -> Bool {
        (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || (b >= 0x30 && b <= 0x39)
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":") || b >= 0x80
    }

    @inline(__always) package static func isNameStartByte(_ b: UInt8) -> Bool {
        (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == UInt8(ascii: "_")
            || b == UInt8(ascii: ":") || b >= 0x80
    }
}
