/// Text built character by character as UTF-8 bytes, made into a `String` once: appending
/// scalars to a `String` one at a time is several times slower, and every caption is built so.
struct UTF8Builder {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 32) { bytes.reserveCapacity(capacity) }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func append(_ scalar: Unicode.Scalar) {
        if scalar.value < 0x80 {
            bytes.append(UInt8(scalar.value))
        } else {
            UTF8.encode(scalar) { bytes.append($0) }
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
