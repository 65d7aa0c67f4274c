public import TimedText
public import ClosedCaptionData

extension DiagnosticCode {
    /// Info: what the model cannot hold of a service's windows (flashing drawn solid, borders,
    /// fade and wipe effects, vertical printing), with how many captions it touched.
    public static let cea708Approximated: Self = "cea708.approximated"
}

/// A 708 service as read: the model, the window states it was made from, and the stream's DTVCC
/// packets (for `dump --disassemble`).
public struct CEA708File: CaptionFileContents {
    /// One track, the service's.
    public var document: Document
    /// The service number, 1–63.
    public var service: Int
    /// Each window state shown, in start order: the cues' source.
    public var captions: [CEA708Caption]
    /// Every DTVCC packet of the stream, all services.
    public var packets: [DTVCCPacket]
    /// The programme's CEA-608 captions (CC1's cues) from the same caption data, for comparing
    /// the two (`CEA708Checks.mismatches`); empty when it has none.
    public var cea608: [Cue]

    /// A file from its parts.
    public init(document: Document, service: Int, captions: [CEA708Caption], packets: [DTVCCPacket], cea608: [Cue] = []) {
        self.document = document
        self.service = service
        self.captions = captions
        self.packets = packets
        self.cea608 = cea608
    }
}
