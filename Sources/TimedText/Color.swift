/// An sRGB colour with straight (not premultiplied) alpha, 8 bits a channel.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0…255, sRGB-encoded (not linear light).
    public var red: UInt8
    /// Green, 0…255, sRGB-encoded.
    public var green: UInt8
    /// Blue, 0…255, sRGB-encoded.
    public var blue: UInt8
    /// 255 is opaque.
    public var alpha: UInt8

    /// A colour from its channels; opaque unless `alpha` says otherwise (straight alpha: the colour
    /// channels are not multiplied by it).
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque white: the usual caption text colour, and TTML's initial `tts:color`.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// Opaque black: CEA-608's background and the usual caption box.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Fully transparent (CSS `transparent`): draws nothing; TTML's initial `tts:backgroundColor`.
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String { hexText }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque, in lower case: the form WebVTT CSS and TTML
    /// `tts:color` take and `init?(css:)` reads back.
    public var hexText: String {
        func hex(_ v: UInt8) -> String {
            let digits = Array("0123456789abcdef")
            return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
    }

    /// Parses a CSS colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r,g,b)`, `rgba(r,g,b,a)`
    /// (a in 0...1), a CSS named colour or `transparent`; case-insensitive, surrounding spaces ignored.
    public init?(css text: String) {
        let trimmed = text.utf8.drop { $0 == 0x20 || $0 == 0x09 }
        var bytes = Array(trimmed)
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        for i in bytes.indices where bytes[i] >= UInt8(ascii: "A") && bytes[i] <= UInt8(ascii: "Z") { bytes[i] += 32 }
        guard !bytes.isEmpty else { return nil }
        if bytes[0] == UInt8(ascii: "#") {
            guard let parsed = Color.parseHex(bytes.dropFirst()) else { return nil }
            self = parsed
            return
        }
        let lowered = String(decoding: bytes, as: UTF8.self)
        if lowered.hasPrefix("rgb") {
            guard let parsed = Color.parseFunctional(lowered) else { return nil }
            self = parsed
            return
        }
        if lowered == "transparent" {
            self = .transparent
            return
        }
        guard let named = cssNamedColors[lowered] else { return nil }
        self = named
    }

    static func parseHex(_ digits: ArraySlice<UInt8>) -> Color? {
        var values: [UInt8] = []
        values.reserveCapacity(digits.count)
        for d in digits {
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(d - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(d - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        switch values.count {
        case 3, 4:
            let v = values.map { $0 * 17 }
            return Color(red: v[0], green: v[1], blue: v[2], alpha: values.count == 4 ? v[3] : 255)
        case 6, 8:
            let v = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
            return Color(red: v[0], green: v[1], blue: v[2], alpha: values.count == 8 ? v[3] : 255)
        default:
            return nil
        }
    }

    static func parseFunctional(_ text: String) -> Color? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let name = text[..<open].trimmingSpaces
        let arguments = text[text.index(after: open)..<text.index(before: text.endIndex)]
            .split(separator: ",").map { $0.trimmingSpaces }
        guard (name == "rgb" && arguments.count == 3) || (name == "rgba" && arguments.count == 4) else { return nil }
        var channels: [UInt8] = []
        for component in arguments.prefix(3) {
            guard let value = Int(component), (0...255).contains(value) else { return nil }
            channels.append(UInt8(value))
        }
        var alpha: UInt8 = 255
        if arguments.count == 4 {
            guard let a = Fraction(decimal: arguments[3].utf8), a >= .zero, a <= .one else { return nil }
            alpha = UInt8(clamping: (a.numerator * 255 + a.denominator / 2) / a.denominator)
        }
        return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }
}

private let cssNamedColors: [String: Color] = {
    var table: [String: Color] = [:]
    for line in cssNamedColorTable.split(separator: "\n") {
        let parts = line.split(separator: " ")
        if parts.count == 2, let color = Color.parseHex(ArraySlice(parts[1].utf8)) {
            table[String(parts[0])] = color
        }
    }
    return table
}()

extension StringProtocol {
    var trimmingSpaces: String {
        var bytes = Array(utf8)[...]
        while let f = bytes.first, f == 0x20 || f == 0x09 { bytes.removeFirst() }
        while let l = bytes.last, l == 0x20 || l == 0x09 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
