import TimedText
internal import XML

/// One writing of one track: the decisions taken for the whole document (ids, time expression,
/// regions, shared styles) and the diagnostics, then the printed bytes.
struct TTMLWriterRun {
    let options: TTMLWriter.Options
    let track: Track
    var log = DiagnosticLog(limitPerCode: 100)
    var ids = TTMLIDAllocator()
    var time: TTMLWriterTimeForm = .clock(minimumFractionDigits: 3)
    /// Voice names in order of first use, and the `ttm:agent` id of each.
    var agentOrder: [String] = []
    var agentIDs: [String: String] = [:]
    var reportedClasses = false
    /// The `xml:id` of each planned region, by index.
    var plannedRegionIDs: [String] = []
    /// While a paragraph with karaoke colours is written: the colour of text its timestamps have
    /// not reached and the colour it takes when they have (`StyleProperties.futureColor`).
    var karaoke: (future: Color, past: Color)?
    /// While a paragraph is written: its cue's end (nil: open), past which timed text never shows.
    var paragraphEnd: MediaTime?

    init(options: TTMLWriter.Options, track: Track) {
        self.options = options
        self.track = track
    }

    // MARK: - The document

    mutating func write() -> [UInt8] {
        let cueIDs = assignCueIDs()
        let (starts, ends) = resolveTimes()
        chooseTimeExpression(starts: starts, ends: ends)
        var regions = planRegions(starts: starts, ends: ends)
        plannedRegionIDs = regions.regions.map(\.id)

        var paragraphs: [TTMLOutElement] = []
        paragraphs.reserveCapacity(track.cues.count)
        for (index, cue) in track.cues.enumerated() {
            paragraphs.append(paragraph(for: cue, id: cueIDs[index], start: starts[index], end: ends[index],
                                        region: regions.regionOfCue[index], regionFontCells: regions.fontCells))
        }
        let shared = sharedStyles(in: paragraphs)

        var printer = TTMLXMLPrinter(capacity: 512 + track.cues.count * 160)
        printer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        printer.newline(indent: 0)
        printer.openTag("tt", rootAttributes())
        printer.newline(indent: 2)
        printer.openTag("head", [])
        printHead(&printer, regions: &regions, shared: shared)
        printer.newline(indent: 2)
        printer.closeTag("head")
        printer.newline(indent: 2)
        printer.openTag("body", [])
        printer.newline(indent: 4)
        printer.openTag("div", [], selfClosing: paragraphs.isEmpty)
        for p in paragraphs {
            printer.newline(indent: 6)
            printElement(p, shared: shared, into: &printer)
        }
        if !paragraphs.isEmpty {
            printer.newline(indent: 4)
            printer.closeTag("div")
        }
        printer.newline(indent: 2)
        printer.closeTag("body")
        printer.newline(indent: 0)
        printer.closeTag("tt")
        printer.raw("\n")
        if printer.replacedCharacters > 0 {
            log.report(.warning, .ttmlInvalidXMLCharacter,
                       "\(printer.replacedCharacters) character(s) XML 1.0 cannot carry (C0 controls, U+FFFE, U+FFFF) in names and attribute values (font families, ids, speakers) replaced by U+FFFD", at: nil)
        }
        return printer.bytes
    }

    private mutating func rootAttributes() -> [(name: String, value: String)] {
        var attributes: [(name: String, value: String)] = [
            ("xmlns", XMLNamespace.tt),
            ("xmlns:ttp", XMLNamespace.ttp),
            ("xmlns:tts", XMLNamespace.tts),
            ("xmlns:ttm", XMLNamespace.ttm),
            // TTML §7.1.1: xml:lang is required on tt; the empty string says the language is unknown.
            ("xml:lang", sanitizedAttribute(track.language?.rawValue ?? "", at: nil)),
            ("ttp:timeBase", "media"),
        ]
        if case .ticks(let rate) = time { attributes.append(("ttp:tickRate", String(rate))) }
        attributes.append(("ttp:cellResolution", "\(options.cellResolution.columns) \(options.cellResolution.rows)"))
        if let extent = options.pixelExtent { attributes.append(("tts:extent", "\(extent.width)px \(extent.height)px")) }
        switch options.dialect {
        case .imsc11Text: attributes.append(("ttp:contentProfiles", TTMLWriter.imsc11TextProfile))
        case .dfxp: attributes.append(("ttp:profile", TTMLWriter.dfxpPresentationProfile))
        }
        return attributes
    }

    private mutating func printHead(_ printer: inout TTMLXMLPrinter, regions: inout TTMLRegionPlan, shared: [TTMLStyleAttributes: String]) {
        if track.label != nil || !agentOrder.isEmpty {
            printer.newline(indent: 4)
            printer.openTag("metadata", [])
            if let label = track.label {
                printer.newline(indent: 6)
                printer.openTag("ttm:title", [])
                printer.text(sanitizedText(label, at: nil))
                printer.closeTag("ttm:title")
            }
            // TTML2 §12.1.6: an agent needs a type; a WebVTT voice names a character or person.
            for name in agentOrder {
                printer.newline(indent: 6)
                printer.openTag("ttm:agent", [("xml:id", agentIDs[name]!), ("type", "character")])
                printer.openTag("ttm:name", [("type", "full")])
                printer.text(sanitizedText(name, at: nil))
                printer.closeTag("ttm:name")
                printer.closeTag("ttm:agent")
            }
            printer.newline(indent: 4)
            printer.closeTag("metadata")
        }
        if !shared.isEmpty {
            printer.newline(indent: 4)
            printer.openTag("styling", [])
            for (style, id) in shared.sorted(by: { sharedOrder($0.value) < sharedOrder($1.value) }) {
                printer.newline(indent: 6)
                printer.openTag("style", [("xml:id", id)] + style.items.map { ($0.name, $0.value) }, selfClosing: true)
            }
            printer.newline(indent: 4)
            printer.closeTag("styling")
        }
        let used = regions.regions.filter(\.isUsed)
        if !used.isEmpty {
            printer.newline(indent: 4)
            printer.openTag("layout", [])
            for region in used {
                printer.newline(indent: 6)
                printer.openTag("region", regionAttributes(region), selfClosing: true)
            }
            printer.newline(indent: 4)
            printer.closeTag("layout")
        }
    }

    /// Shared style ids are `s1`, `s2`, … (or another prefix when those are taken): their number
    /// orders them as first used.
    private func sharedOrder(_ id: String) -> Int { Int(id.drop { !$0.isNumber }) ?? 0 }

    private mutating func regionAttributes(_ region: TTMLPlannedRegion) -> [(name: String, value: String)] {
        let box = region.box
        var attributes: [(name: String, value: String)] = [("xml:id", region.id)]
        attributes.append(("tts:origin", "\(number(box.origin.x.percent, at: nil))% \(number(box.origin.y.percent, at: nil))%"))
        attributes.append(("tts:extent", "\(number(box.extent.x.percent, at: nil))% \(number(box.extent.y.percent, at: nil))%"))
        attributes.append(("tts:displayAlign", box.displayAlign.rawValue))
        switch box.writingDirection {
        case .horizontal: break
        case .verticalRightToLeft: attributes.append(("tts:writingMode", "tbrl"))
        case .verticalLeftToRight: attributes.append(("tts:writingMode", "tblr"))
        }
        if let zIndex = box.zIndex { attributes.append(("tts:zIndex", String(zIndex))) }
        var cells: Fraction? = .one
        let style = styleAttributes(region.style, target: .region, fontCells: &cells, at: nil)
        attributes += style.items.map { ($0.name, $0.value) }
        return attributes
    }

    private func printElement(_ element: TTMLOutElement, shared: [TTMLStyleAttributes: String], into printer: inout TTMLXMLPrinter) {
        var attributes = element.attributes
        if !element.style.isEmpty {
            if let id = shared[element.style.sorted] {
                attributes.append(("style", id))
            } else {
                attributes += element.style.items.map { ($0.name, $0.value) }
            }
        }
        if element.children.isEmpty {
            printer.openTag(element.name, attributes, selfClosing: true)
            return
        }
        printer.openTag(element.name, attributes)
        for child in element.children {
            switch child {
            case .text(let text): printer.text(text)
            case .element(let inner): printElement(inner, shared: shared, into: &printer)
            }
        }
        printer.closeTag(element.name)
    }

    /// Style sets that occur on more than one element become referential `<style>` elements
    /// (TTML §8.4.1.2); a set used once stays inline, where it is easiest to read.
    private mutating func sharedStyles(in paragraphs: [TTMLOutElement]) -> [TTMLStyleAttributes: String] {
        var counts: [TTMLStyleAttributes: Int] = [:]
        var order: [TTMLStyleAttributes] = []
        func count(_ element: TTMLOutElement) {
            if !element.style.isEmpty {
                let key = element.style.sorted
                if counts[key] == nil { order.append(key) }
                counts[key, default: 0] += 1
            }
            for child in element.children {
                if case .element(let inner) = child { count(inner) }
            }
        }
        paragraphs.forEach(count)
        var shared: [TTMLStyleAttributes: String] = [:]
        for key in order where counts[key]! > 1 { shared[key] = ids.generate("s") }
        return shared
    }

    // MARK: - Ids and times

    /// Cue ids kept as `xml:id` when they are NCNames not used before; the others get one made
    /// from them (`1` → `c1`), reported.
    private mutating func assignCueIDs() -> [String?] {
        var result = [String?](repeating: nil, count: track.cues.count)
        var pending: [Int] = []
        for (index, cue) in track.cues.enumerated() {
            guard let id = cue.id, !id.isEmpty else { continue }
            if XMLCharacters.isNCName(id) && ids.claim(id) { result[index] = id } else { pending.append(index) }
        }
        // SRT numbers every cue: one note for all of those, not one a cue.
        var numbered: (count: Int, first: Int)?
        for index in pending {
            let cue = track.cues[index]
            let original = cue.id!
            let candidate = "c" + original
            let id = XMLCharacters.isNCName(candidate) && ids.claim(candidate) ? candidate : ids.generate("c")
            result[index] = id
            if original.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) && id == candidate {
                numbered = ((numbered?.count ?? 0) + 1, numbered?.first ?? index)
                continue
            }
            let why = XMLCharacters.isNCName(original) ? "is used by an earlier element" : "is not an XML name (NCName)"
            log.report(.info, .ttmlGeneratedID, "cue id '\(original)' \(why); written as xml:id '\(id)'", at: cue.source)
        }
        if let numbered {
            let cue = track.cues[numbered.first]
            log.report(.info, .ttmlGeneratedID,
                       "\(numbered.count) cue id(s) are numbers, which are not XML names: written with a 'c' prefix ('\(cue.id!)' → '\(result[numbered.first]!)')",
                       at: cue.source)
        }
        return result
    }

    /// Start and end of each cue as written: TTML has no negative times, and an end before the
    /// start would make an empty interval, so both are clamped (and said).
    private mutating func resolveTimes() -> ([MediaTime], [MediaTime?]) {
        var starts: [MediaTime] = []
        var ends: [MediaTime?] = []
        starts.reserveCapacity(track.cues.count)
        ends.reserveCapacity(track.cues.count)
        for cue in track.cues {
            var start = cue.start
            if start < .zero {
                log.report(.warning, .ttmlClampedTime, "cue starts before 0 (\(start.secondsText) s); written as starting at 0", at: cue.source)
                start = .zero
            }
            var end = cue.end
            if let e = end, e < start {
                log.report(.warning, .ttmlClampedTime,
                           "cue ends (\(e.secondsText) s) before it starts (\(start.secondsText) s); written as ending at its start",
                           at: cue.source)
                end = start
            }
            // Written all the same (the document keeps it), but a TTML reader shows nothing for it.
            if end == start {
                log.report(.info, .ttmlEmptyCue, "cue lasts no time: written, but shows nothing in TTML", at: cue.source)
            } else if cue.plainText.isEmpty {
                log.report(.info, .ttmlEmptyCue, "cue has no text: written as an empty paragraph, which shows nothing", at: cue.source)
            }
            starts.append(start)
            ends.append(end)
        }
        return (starts, ends)
    }

    private mutating func chooseTimeExpression(starts: [MediaTime], ends: [MediaTime?]) {
        var times = starts
        for end in ends { if let end { times.append(end) } }
        for cue in track.cues { collectTimestamps(cue.content, into: &times) }
        let choice = TTMLWriterTimeForm.choose(for: times, preferTicks: options.timeExpressions == .ticks,
                                               clockOnly: options.timeExpressions == .clock)
        time = choice.expression
        if !choice.exact && options.timeExpressions == .clock {
            let inexact = times.filter { TTMLWriterTimeForm.powerOfTenDigits($0.timescale).map { $0 > 9 } ?? true }.count
            log.report(.warning, .ttmlRoundedTime,
                       "\(inexact) time(s) have no exact clock-time form (such as 1/3 s or NTSC frames) and were rounded to the millisecond",
                       at: nil)
        } else if !choice.exact {
            log.report(.warning, .ttmlRoundedTime,
                       "no tick rate up to 2^40 represents every time exactly; times were rounded to 10 MHz ticks", at: nil)
        }
    }

    private func collectTimestamps(_ nodes: [InlineNode], into times: inout [MediaTime]) {
        for node in nodes {
            switch node {
            case .timestamp(let t): times.append(t < .zero ? .zero : t)
            case .span(let span): collectTimestamps(span.children, into: &times)
            case .ruby(let ruby):
                for segment in ruby.segments {
                    collectTimestamps(segment.base, into: &times)
                    collectTimestamps(segment.annotation ?? [], into: &times)
                }
            case .text, .lineBreak: break
            }
        }
    }

    // MARK: - Text

    /// The text with characters XML cannot carry replaced, reported at the cue.
    mutating func sanitizedText(_ text: String, at location: SourceLocation?) -> String {
        let (clean, replaced) = XMLCharacters.replacingDisallowed(text)
        if replaced > 0 {
            log.report(.warning, .ttmlInvalidXMLCharacter,
                       "\(replaced) character(s) XML 1.0 cannot carry (C0 controls, U+FFFE, U+FFFF) replaced by U+FFFD",
                       at: location)
        }
        return clean
    }

    mutating func sanitizedAttribute(_ text: String, at location: SourceLocation?) -> String {
        sanitizedText(text, at: location)
    }
}
