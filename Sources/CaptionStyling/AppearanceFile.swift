import TimedText

/// Appearance files: a viewer's settings as one JSON object (schema in docs/appearance.md).
///
/// ```json
/// { "preset": "large", "text-color": "yellow!", "background-opacity": "60%",
///   "edge": { "value": "uniform", "precedence": "viewer-always" } }
/// ```
/// `preset` (optional) is applied first, then every other key in the order written. A value is
/// the command line's text (`"yellow!"`), a number for sizes and opacities (`1.5`, `0.6`), or an
/// object with `value` and `precedence` (`content-first` or `viewer-always`).
extension CaptionAppearance {
    public mutating func apply(json bytes: [UInt8]) throws(AppearanceError) {
        let root: JSONValue
        do throws(JSONValue.SyntaxError) {
            root = try JSONValue.parse(bytes)
        } catch {
            throw AppearanceError("appearance file: \(error.message) at byte \(error.offset)")
        }
        guard case .object(let members) = root else { throw AppearanceError("appearance file: the top level must be a JSON object") }
        if let preset = members.first(where: { $0.key == "preset" })?.value {
            guard case .string(let name) = preset, let found = CaptionAppearancePreset(rawValue: name) else {
                throw AppearanceError("appearance file: 'preset' must be one of \(CaptionAppearancePreset.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self = found.appearance
        }
        for (key, value) in members where key != "preset" && !key.hasPrefix("$") {
            guard let attribute = AppearanceAttribute(rawValue: key) else {
                throw AppearanceError("appearance file: unknown key '\(key)' (keys: preset, \(AppearanceAttribute.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            try set(attribute, to: try Self.settingText(value, key))
        }
    }

    /// A JSON value as the command line's text form.
    private static func settingText(_ value: JSONValue, _ key: String) throws(AppearanceError) -> String {
        switch value {
        case .string(let s): return s
        case .number(let n): return n
        case .object(let members):
            let text: String
            switch members.first(where: { $0.key == "value" })?.value {
            case .string(let s)?: text = s
            case .number(let n)?: text = n
            default: throw AppearanceError("appearance file: '\(key)' needs a \"value\"")
            }
            switch members.first(where: { $0.key == "precedence" })?.value {
            case nil, .string("content-first")?: return text
            case .string("viewer-always")?: return text + "!"
            default: throw AppearanceError("appearance file: '\(key)': precedence is \"content-first\" or \"viewer-always\"")
            }
        default:
            throw AppearanceError("appearance file: '\(key)' must be a string, a number or {\"value\", \"precedence\"}")
        }
    }
}

/// Just enough JSON (RFC 8259) for appearance files: numbers are kept as their text, so that
/// `0.6` becomes an exact fraction.
enum JSONValue: Sendable, Hashable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    struct SyntaxError: Error {
        var message: String
        var offset: Int
    }

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let x), .array(let y)): x == y
        case (.string(let x), .string(let y)), (.number(let x), .number(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.null, .null): true
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let s), .number(let s): hasher.combine(s)
        default: hasher.combine(0)
        }
    }

    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.offset == bytes.count else { throw SyntaxError(message: "text after the JSON value", offset: parser.offset) }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var offset = 0

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        func fail(_ message: String) -> SyntaxError { SyntaxError(message: message, offset: offset) }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
            // Appearance files are flat; the bound keeps hostile nesting from exhausting the stack.
            guard depth < 32 else { throw fail("nested too deeply") }
            skipSpace()
            guard offset < bytes.count else { throw fail("unexpected end of input") }
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                offset += 1
                var members: [(key: String, value: JSONValue)] = []
                skipSpace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                    let key = try string()
                    skipSpace()
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                    offset += 1
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard offset < bytes.count else { throw fail("unexpected end of input") }
                    if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                    if bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
                    throw fail("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                offset += 1
                var elements: [JSONValue] = []
                skipSpace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(elements) }
                while true {
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    guard offset < bytes.count else { throw fail("unexpected end of input") }
                    if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                    if bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(elements) }
                    throw fail("expected ',' or ']'")
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default:
                let start = offset
                while offset < bytes.count, (bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9"))
                        || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[offset]) {
                    offset += 1
                }
                guard offset > start else { throw fail("unexpected character") }
                return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
            }
        }

        mutating func literal(_ word: String, _ result: JSONValue) throws(SyntaxError) -> JSONValue {
            let w = Array(word.utf8)
            guard offset + w.count <= bytes.count, Array(bytes[offset..<offset + w.count]) == w else { throw fail("unexpected character") }
            offset += w.count
            return result
        }

        mutating func string() throws(SyntaxError) -> String {
            offset += 1
            var out: [UInt8] = []
            while offset < bytes.count {
                let b = bytes[offset]
                offset += 1
                if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                if b < 0x20 { throw fail("control character in a string") }
                guard b == UInt8(ascii: "\\") else { out.append(b); continue }
                guard offset < bytes.count else { break }
                let e = bytes[offset]
                offset += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard offset + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16) else {
                        throw fail("bad \\u escape")
                    }
                    offset += 4
                    // Surrogates are not needed for appearance values: they become U+FFFD.
                    out.append(contentsOf: Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8))
                default: out.append(e)
                }
            }
            throw fail("unterminated string")
        }
    }
}
