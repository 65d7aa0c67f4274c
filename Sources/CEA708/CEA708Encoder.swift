public import ClosedCaptionData

/// Commands to bytes, bytes to service blocks, blocks to DTVCC packets and packets to `cc_data`
/// triplets: the decoder's path run backwards, for writers and for streams made at test time.
public enum CEA708Encoder {
    /// The bytes of a command as a service sends it. A character outside G0, G1, G2 and G3 is
    /// sent as P16 (characters beyond U+FFFF, which P16 cannot hold, as `_`).
    public static func bytes(of command: CEA708Command) -> [UInt8] {
        func map(_ code: UInt8, _ m: UInt8) -> [UInt8] { [code, m] }
        switch command {
        case .character(let c): return bytes(of: c)
        case .transparentSpace(let nonBreaking): return [0x10, nonBreaking ? 0x21 : 0x20]
        case .encodedByte(let b): return [b]
        case .endOfText: return [0x03]
        case .backspace: return [0x08]
        case .formFeed: return [0x0C]
        case .carriageReturn: return [0x0D]
        case .horizontalCarriageReturn: return [0x0E]
        case .setCurrentWindow(let id): return [0x80 + UInt8(id & 7)]
        case .clearWindows(let m): return map(0x88, m)
        case .displayWindows(let m): return map(0x89, m)
        case .hideWindows(let m): return map(0x8A, m)
        case .toggleWindows(let m): return map(0x8B, m)
        case .deleteWindows(let m): return map(0x8C, m)
        case .delay(let t): return [0x8D, UInt8(clamping: t)]
        case .delayCancel: return [0x8E]
        case .reset: return [0x8F]
        case .setPenAttributes(let a): return [0x90] + a.bytes
        case .setPenColor(let c): return [0x91] + c.bytes
        case .setPenLocation(let row, let column): return [0x92, UInt8(row & 0x0F), UInt8(column & 0x3F)]
        case .setWindowAttributes(let a): return [0x97] + a.bytes
        case .defineWindow(let d): return [0x98 + UInt8(d.id & 7)] + d.bytes
        case .unassigned(_, let bytes): return bytes
        }
    }

    /// A character in the smallest code set that has it.
    static func bytes(of c: Character) -> [UInt8] {
        guard c.unicodeScalars.count == 1, let scalar = c.unicodeScalars.first else { return [0x5F] }
        let v = scalar.value
        if v == 0x266A { return [0x7F] }
        if (0x20...0x7E).contains(v) || (0xA0...0xFF).contains(v) { return [UInt8(v)] }
        if let code = CEA708Characters.g2.first(where: { $0.value == c })?.key { return [0x10, code] }
        if let code = CEA708Characters.g3.first(where: { $0.value == c })?.key { return [0x10, code] }
        if v <= 0xFFFF { return [0x18, UInt8(v >> 8), UInt8(v & 0xFF)] }
        return [0x5F]
    }

    /// The bytes of a run of commands.
    public static func bytes(of commands: [CEA708Command]) -> [UInt8] { commands.flatMap { bytes(of: $0) } }

    /// A service's bytes as service blocks of at most 31 bytes (CEA-708-E §6.2), each with its
    /// header (`service_number(3) block_size(5)`, and for services 7–63 the extended number after
    /// a service number of 7). A command is never split between two blocks.
    public static func serviceBlocks(service: Int, bytes: [UInt8]) -> [[UInt8]] {
        var blocks: [[UInt8]] = []
        var commandStarts: [Int] = []
        var k = 0
        while k < bytes.count {
            commandStarts.append(k)
            k += CEA708CommandParser.command(in: bytes, at: k)?.1 ?? (bytes.count - k)
        }
        commandStarts.append(bytes.count)
        var start = 0
        var end = 0
        for boundary in commandStarts.dropFirst() {
            if boundary - start > 31 {
                if end > start { blocks.append(block(service, Array(bytes[start..<end]))) }
                start = end
            }
            end = boundary
        }
        if end > start { blocks.append(block(service, Array(bytes[start..<end]))) }
        return blocks
    }

    private static func block(_ service: Int, _ data: [UInt8]) -> [UInt8] {
        service < 7 ? [UInt8(service << 5) | UInt8(data.count)] + data : [0xE0 | UInt8(data.count), UInt8(service & 0x3F)] + data
    }

    /// Service blocks packed into DTVCC packets of at most 128 bytes, whole blocks each, with
    /// sequence numbers from `sequence` on; each packet padded to an even length with a null
    /// block header.
    public static func packets(_ blocks: [[UInt8]], sequence: Int = 0) -> [[UInt8]] {
        var packets: [[UInt8]] = []
        var data: [UInt8] = []
        var next = sequence
        func close() {
            guard !data.isEmpty else { return }
            if data.count % 2 == 0 { data.append(0) }  // header + data must be even
            let code = (data.count + 1) / 2
            packets.append([UInt8((next & 3) << 6) | UInt8(code == 64 ? 0 : code)] + data)
            next += 1
            data = []
        }
        for block in blocks {
            if data.count + block.count > 127 { close() }
            data += block
        }
        close()
        return packets
    }

    /// A packet's bytes as `cc_data` triplets: the first pair a DTVCC start (`cc_type` 3), the
    /// rest DTVCC data (2), all valid.
    public static func triplets(packet: [UInt8]) -> [CCDataTriplet] {
        stride(from: 0, to: packet.count, by: 2).map { k in
            CCDataTriplet(isValid: true, kind: k == 0 ? .dtvccStart : .dtvccData, byte1: packet[k],
                          byte2: k + 1 < packet.count ? packet[k + 1] : 0)
        }
    }
}
