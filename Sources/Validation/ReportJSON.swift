/// A JSON value with keys in insertion order and numbers pre-formatted, for the report formats
/// (the output contract fixes key order and number forms; Foundation's encoder fixes neither).
enum ReportJSON {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([ReportJSON])
    case object([(String, ReportJSON)])

    static func int(_ value: Int) -> ReportJSON { .number(String(value)) }
    static func optional(_ value: String?) -> ReportJSON { value.map(ReportJSON.string) ?? .null }

    /// Two-space indented, as `legible dump --json`, or on one line (JSON Lines).
    func serialized(pretty: Bool) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, indent: pretty ? 0 : nil)
        out.append(0x0A)
        return out
    }

    private func write(to out: inout [UInt8], indent: Int?) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: n.utf8)
        case .string(let s): Self.writeString(s, to: &out)
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
                Self.writeString(key, to: &out)
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

    static func writeString(_ s: String, to out: inout [UInt8]) {
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
