/// A JSON value with keys kept in insertion order, written with exact, pre-formatted numbers:
/// the output contract (`../shared/cue-json.md`) and the validation reports fix key order and
/// number forms, which Foundation's encoder fixes neither of. The one JSON writer of the project.
public enum JSON: Sendable {
    case null
    case bool(Bool)
    /// A number already in JSON form (`1.5`, `4.0`, `12`).
    case number(String)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func int(_ value: Int) -> JSON { .number(String(value)) }
    public static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

    /// Two-space indented JSON (or, not `pretty`, one line: JSON Lines) followed by a newline.
    public func serialized(pretty: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, indent: pretty ? 0 : nil)
        out.append(0x0A)
        return out
    }

    /// Without indentation, items and members follow each other on one line.
    private func write(to out: inout [UInt8], indent: Int?) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: n.utf8)
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent.map { $0 + 1 })
                item.write(to: &out, indent: indent.map { $0 + 1 })
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (k, (key, value)) in members.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent.map { $0 + 1 })
                JSON.writeString(key, to: &out)
                out.append(contentsOf: (indent == nil ? ":" : ": ").utf8)
                value.write(to: &out, indent: indent.map { $0 + 1 })
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ out: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        out.append(0x0A)
        for _ in 0..<indent { out.append(contentsOf: [0x20, 0x20]) }
    }

    public static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 15)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
