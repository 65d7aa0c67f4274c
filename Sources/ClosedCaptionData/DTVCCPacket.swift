public import TimedText

/// A CEA-708 (DTVCC) caption channel packet (CEA-708-E §5): put together from the `cc_data`
/// triplets of type 3 (which starts it) and 2 (which continue it), across pictures.
public struct DTVCCPacket: Sendable, Hashable {
    /// `sequence_number` (0–3): each packet's is the previous one's plus one, modulo 4; a jump
    /// means packets were lost.
    public var sequenceNumber: Int
    /// The packet data after its header: `packet_size_code × 2 − 1` bytes (127 for code 0), or
    /// fewer when the packet was cut short (`isComplete` false).
    public var data: [UInt8]
    /// False when the stream ended, or a new packet started, before all the bytes the header
    /// announced arrived.
    public var isComplete: Bool
    /// The presentation time of the picture that carried the packet's first bytes.
    public var time: MediaTime

    /// A packet from its fields.
    public init(sequenceNumber: Int, data: [UInt8], isComplete: Bool = true, time: MediaTime = .zero) {
        self.sequenceNumber = sequenceNumber
        self.data = data
        self.isComplete = isComplete
        self.time = time
    }

    /// The service blocks of the packet (CEA-708-E §6.2): `service_number(3) block_size(5)`, a
    /// service number of 7 meaning an extended one in the low six bits of the next byte; a null
    /// block header (service 0) ends the packet's blocks. `truncated` is true when a block runs
    /// past the end of the data (the block then holds what there is).
    public var serviceBlocks: (blocks: [DTVCCServiceBlock], truncated: Bool) {
        var blocks: [DTVCCServiceBlock] = []
        var k = 0
        while k < data.count {
            let header = data[k]
            var service = Int(header >> 5)
            let size = Int(header & 0x1F)
            if service == 0 { break }
            k += 1
            if service == 7 {
                guard k < data.count else { return (blocks, true) }
                service = Int(data[k] & 0x3F)
                k += 1
            }
            let end = k + size
            blocks.append(DTVCCServiceBlock(service: service, data: Array(data[k..<min(end, data.count)])))
            if end > data.count { return (blocks, true) }
            k = end
        }
        return (blocks, false)
    }
}

/// One service block: the bytes of one caption service (1–6 standard, 7–63 extended) in a packet.
public struct DTVCCServiceBlock: Sendable, Hashable {
    /// The service number, 1–63 (0, the null block, is never a block).
    public var service: Int
    /// The block's bytes: the service's code sets and commands (CEA-708-E §7).
    public var data: [UInt8]

    /// A block from its fields.
    public init(service: Int, data: [UInt8]) {
        self.service = service
        self.data = data
    }
}

/// Puts DTVCC packets together from `cc_data` triplets in presentation order (CEA-708-E §5,
/// A/53 Part 4 §6.2.3.1): a valid triplet of type 3 starts a packet, whose first byte gives its
/// length (`packet_size_code`, 0 meaning 128 bytes); valid type 2 triplets continue it. 608
/// triplets and padding (`cc_valid` 0) between them are skipped.
public struct DTVCCPacketAssembler: Sendable {
    private var bytes: [UInt8] = []
    private var expected = 0
    private var time = MediaTime.zero

    /// An assembler that has seen nothing.
    public init() {}

    /// Feeds one picture's triplets; returns the packets they completed, in order (a packet cut
    /// short by the start of the next comes back incomplete).
    public mutating func feed(_ triplets: [CCDataTriplet], at time: MediaTime) -> [DTVCCPacket] {
        var done: [DTVCCPacket] = []
        for triplet in triplets where triplet.isValid {
            switch triplet.kind {
            case .dtvccStart:
                if let cut = finishPacket() { done.append(cut) }
                let code = Int(triplet.byte1 & 0x3F)
                expected = code == 0 ? 128 : code * 2
                bytes = [triplet.byte1, triplet.byte2]
                self.time = time
            case .dtvccData where expected > 0:
                bytes += [triplet.byte1, triplet.byte2]
            default:
                continue
            }
            if expected > 0 && bytes.count >= expected, let packet = finishPacket() { done.append(packet) }
        }
        return done
    }

    /// Feeds one picture's triplet bytes as ffmpeg gives them (`CCData.triplets`).
    public mutating func feed(tripletBytes: some Collection<UInt8>, at time: MediaTime) -> [DTVCCPacket] {
        feed(CCData.triplets(tripletBytes), at: time)
    }

    /// Ends the stream: the packet being put together, if any, as far as it got.
    public mutating func finish() -> DTVCCPacket? { finishPacket() }

    private mutating func finishPacket() -> DTVCCPacket? {
        guard expected > 0, let header = bytes.first else { return nil }
        let end = min(bytes.count, expected)
        let packet = DTVCCPacket(sequenceNumber: Int(header >> 6), data: Array(bytes[1..<end]),
                                 isComplete: bytes.count >= expected, time: time)
        bytes.removeAll(keepingCapacity: true)
        expected = 0
        return packet
    }
}

extension CCData {
    /// The CEA-708 services (1–63) whose service blocks carry data in a stream of pictures'
    /// triplet bytes, ascending.
    public static func dtvccServices(inPictures pictures: some Sequence<[UInt8]>) -> [Int] {
        var assembler = DTVCCPacketAssembler()
        var services = Set<Int>()
        func note(_ packet: DTVCCPacket) {
            for block in packet.serviceBlocks.blocks where !block.data.isEmpty { services.insert(block.service) }
        }
        for picture in pictures {
            for packet in assembler.feed(tripletBytes: picture, at: .zero) { note(packet) }
        }
        if let last = assembler.finish() { note(last) }
        return services.sorted()
    }

    /// True when some valid 608 pair (`cc_type` 0 or 1) in the triplet bytes is not padding
    /// (0x80 0x80 with parity, or nulls).
    public static func carriesCEA608Data(tripletBytes bytes: some Collection<UInt8>) -> Bool {
        triplets(bytes).contains { $0.cea608Field != nil && ($0.byte1 & 0x7F != 0 || $0.byte2 & 0x7F != 0) }
    }
}
