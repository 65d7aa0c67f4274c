internal import TimedText
public import ClosedCaptionData

/// Prints DTVCC packets readably, one packet a line: its time and sequence number, then each
/// service block's commands — `{DF1:…}{SPA:…}{SPL:R1-C0}"text"{TGW:00000010}` — as `dump
/// --disassemble` shows them. Commands split across blocks are printed whole, with the block
/// that finished them.
public enum CEA708Disassembler {
    /// The packets' lines; `services` limits them to those services' blocks (nil: all).
    public static func disassemble(_ packets: [DTVCCPacket], services: Set<Int>? = nil) -> String {
        var parsers: [Int: CEA708CommandParser] = [:]
        var out = ""
        for packet in packets {
            var line = ""
            let (blocks, truncated) = packet.serviceBlocks
            for block in blocks where services?.contains(block.service) ?? true {
                let commands = parsers[block.service, default: CEA708CommandParser()].feed(block.data)
                line += " S\(block.service): " + text(commands.map(\.command))
                if parsers[block.service]?.hasPartialCommand == true { line += "…" }
            }
            if line.isEmpty && services != nil { continue }
            out += "\(packet.time.secondsText)\tSEQ \(packet.sequenceNumber)\(packet.isComplete ? "" : " (cut short)")\(truncated ? " (block cut short)" : ""):\(line.isEmpty ? " (no service data)" : line)\n"
        }
        return out
    }

    /// Commands as text: characters gathered into quoted runs, commands in braces.
    public static func text(_ commands: [CEA708Command]) -> String {
        var out = ""
        var run = ""
        func flush() {
            if !run.isEmpty { out += "\"" + run + "\"" }
            run = ""
        }
        for command in commands {
            if case .character(let c) = command {
                if c == "\"" || c == "\\" { run.append("\\") }
                run.append(c)
                continue
            }
            flush()
            out += "{" + name(command) + "}"
        }
        flush()
        return out
    }

    static func name(_ command: CEA708Command) -> String {
        func map(_ m: UInt8) -> String {
            let bits = String(m, radix: 2)
            return String(repeating: "0", count: 8 - bits.count) + bits
        }
        func color(_ c: CEA708Color, opacity: Bool = true) -> String {
            let hex = String(format6: c.color)
            return opacity ? "\(hex)/\(opacityName(c.opacity))" : hex
        }
        func hex(_ bytes: [UInt8]) -> String {
            bytes.map { String($0, radix: 16, uppercase: true).count == 1 ? "0" + String($0, radix: 16, uppercase: true) : String($0, radix: 16, uppercase: true) }
                .joined(separator: " ")
        }
        switch command {
        case .character(let c): return String(c)
        case .transparentSpace(let nonBreaking): return nonBreaking ? "NBTSP" : "TSP"
        case .encodedByte(let b): return "G1:" + hex([b])
        case .endOfText: return "ETX"
        case .backspace: return "BS"
        case .formFeed: return "FF"
        case .carriageReturn: return "CR"
        case .horizontalCarriageReturn: return "HCR"
        case .setCurrentWindow(let id): return "CW\(id)"
        case .clearWindows(let m): return "CLW:" + map(m)
        case .displayWindows(let m): return "DSW:" + map(m)
        case .hideWindows(let m): return "HDW:" + map(m)
        case .toggleWindows(let m): return "TGW:" + map(m)
        case .deleteWindows(let m): return "DLW:" + map(m)
        case .delay(let t): return "DLY:\(t)"
        case .delayCancel: return "DLC"
        case .reset: return "RST"
        case .setPenAttributes(let a):
            var parts = ["size=\(a.size)", "offset=\(a.offset)", "tag=\(a.textTag)", "font=\(a.fontStyle)", "edge=\(a.edge)"]
            if a.italics { parts.append("italics") }
            if a.underline { parts.append("underline") }
            return "SPA:" + parts.joined(separator: ",")
        case .setPenColor(let c):
            return "SPC:fg=\(color(c.foreground)),bg=\(color(c.background)),edge=\(color(c.edge, opacity: false))"
        case .setPenLocation(let row, let column): return "SPL:R\(row)-C\(column)"
        case .setWindowAttributes(let a):
            var parts = ["justify=\(a.justification)", "print=\(directionName(a.printDirection))",
                         "scroll=\(directionName(a.scrollDirection))", "effect=\(a.displayEffect)", "fill=\(color(a.fill))",
                         "border=\(a.border)"]
            if a.wordWrap { parts.append("wrap") }
            if a.border != .none { parts.append("borderColor=\(color(a.borderColor, opacity: false))") }
            if a.displayEffect != .snap { parts.append("effectDirection=\(directionName(a.effectDirection)),speed=\(a.effectSpeed)") }
            return "SWA:" + parts.joined(separator: ",")
        case .defineWindow(let d):
            var parts = [d.visible ? "visible" : "hidden", "anchor=\(d.anchorPoint)@\(d.relativePositioning ? "rel" : "")(\(d.anchorVertical),\(d.anchorHorizontal))",
                         "rows=\(d.rowCount)", "cols=\(d.columnCount)", "priority=\(d.priority)", "ws=\(d.windowStyle)", "ps=\(d.penStyle)"]
            if d.rowLock { parts.append("rowlock") }
            if d.columnLock { parts.append("collock") }
            return "DF\(d.id):" + parts.joined(separator: ",")
        case .unassigned(let set, let bytes): return "\(set):" + hex(bytes)
        }
    }

    static func opacityName(_ o: CEA708Color.Opacity) -> String {
        switch o {
        case .solid: "solid"
        case .flash: "flash"
        case .translucent: "translucent"
        case .transparent: "transparent"
        }
    }

    static func directionName(_ d: CEA708WindowAttributes.Direction) -> String {
        switch d {
        case .leftToRight: "ltr"
        case .rightToLeft: "rtl"
        case .topToBottom: "ttb"
        case .bottomToTop: "btt"
        }
    }
}

private extension String {
    /// `RRGGBB` of a colour.
    init(format6 c: Color) {
        let digits = [c.red, c.green, c.blue].map { v -> String in
            let h = String(v, radix: 16, uppercase: true)
            return h.count == 1 ? "0" + h : h
        }
        self = digits.joined()
    }
}
