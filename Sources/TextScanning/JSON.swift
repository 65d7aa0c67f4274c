/// A JSON value with keys kept in insertion order, written with exact, pre-formatted numbers:
/// the output contract (`docs/cue-json.md`) and the validation reports fix key order and
/// number forms, which Foundation's encoder fixes neither of. The one JSON writer of the project.
package enum JSON: Sendable {
    case null
    case bool(Bool)
    /// A number already in JSON form (`1.5`, `4.0`, `12`).
    case number(String)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    package static func int(_ value: Int) -> JSON { .number(String(value)) }
    package static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

    /// Two-space indented JSON (or, not `pretty`, one line: JSON Lines) followed by a newline.
    package func serialized(pretty: Bool = true) -> [UInt8] {
        var out = ByteWriter(capacity: 1024)
        write(to: &out, indent: pretty ? 0 : nil)
        out.append(0x0A)
        return out.finish()
    }

    /// Without indentation, items and members follow each other on one line.
    package func write(to out: inout ByteWriter, indent: Int?) {
        switch self {
        case .null: out.appendStatic("null")
        case .bool(let b): if b { out.appendStatic("true") } else { out.appendStatic("false") }
        case .number(let n): out.append(n)
        case .string(let s): out.appendJSONString(s)
        case .array(let items):
            if items.isEmpty { out.appendStatic("[]"); return }
            out.append(UInt8(ascii: "["))
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                if let indent { out.appendJSONNewline(indent: indent + 1) }
                item.write(to: &out, indent: indent.map { $0 + 1 })
            }
            if let indent { out.appendJSONNewline(indent: indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.appendStatic("{}"); return }
            out.append(UInt8(ascii: "{"))
            for (k, (key, value)) in members.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                if let indent { out.appendJSONNewline(indent: indent + 1) }
                out.appendJSONString(key)
                if indent == nil { out.append(UInt8(ascii: ":")) } else { out.appendStatic(": ") }
                value.write(to: &out, indent: indent.map { $0 + 1 })
            }
            if let indent { out.appendJSONNewline(indent: indent) }
            out.append(UInt8(ascii: "}"))
        }
    }
}

extension ByteWriter {
    /// `s` as a JSON string, quoted.
    package mutating func appendJSONString(_ s: String) {
        append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { appendJSONEscaped($0) }
        append(UInt8(ascii: "\""))
    }

    /// UTF-8 bytes escaped for the inside of a JSON string: the runs that need no escape are
    /// copied whole.
    package mutating func appendJSONEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for k in 0..<bytes.count {
            let b = bytes[k]
            if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") && b != 0x7F { continue }
            if k > runStart { append(UnsafeBufferPointer(rebasing: bytes[runStart..<k])) }
            runStart = k + 1
            switch b {
            case UInt8(ascii: "\""): appendStatic("\\\"")
            case UInt8(ascii: "\\"): appendStatic("\\\\")
            case 0x0A: appendStatic("\\n")
            case 0x0D: appendStatic("\\r")
            case 0x09: appendStatic("\\t")
            default:
                let hex: StaticString = "0123456789abcdef"
                appendStatic("\\u00")
                append(hex.utf8Start[Int(b >> 4)])
                append(hex.utf8Start[Int(b & 15)])
            }
        }
        if bytes.count > runStart { append(UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// A line feed and two spaces per level.
    package mutating func appendJSONNewline(indent: Int) {
        append(0x0A)
        let spaces: StaticString = "                                                                "
        var left = 2 * indent
        while left > 0 {
            let n = min(left, spaces.utf8CodeUnitCount)
            append(UnsafeBufferPointer(start: spaces.utf8Start, count: n))
            left -= n
        }
    }
}
