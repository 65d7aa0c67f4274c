#if canImport(Glibc)
import Glibc
#endif
import TimedText

/// The line pass: sections, `Format:` lines, styles, events and attachments into the script.
struct ASSScriptScanner {
    var script = SubStationAlphaScript()
    var log = DiagnosticLog()
    /// The script is a stream ffmpeg took out of a media container (`SubStationAlphaReader.Options.eventsFromContainer`).
    var eventsFromContainer = false

    private var section: ASSSection.Kind?
    private var sectionIndex = -1
    private var sectionIsSSA = false
    private var seenSections: [String: Int] = [:]
    private var styleColumns: [ASSFormatLine.StyleColumn]?
    /// The events' columns: their Format line's, or the version's default until there is one.
    private var eventLayout = ASSFormatLine.EventLayout(ASSFormatLine.assEvents)
    private var eventFormatSeen = false
    private var styleLinesWithoutFormat = 0
    private var eventLinesWithoutFormat = 0
    private var sawEvents = false
    private var fields: [Range<Int>] = []
    private var attachmentName: (name: String, line: Int)?
    private var attachmentData: [UInt8] = []
    private var explicitVersion: SubStationAlphaScript.Version?
    private var styleNames = Set<String>()
    // The keys of style and event lines as `ASSValues.letterWord`s, each compared with a line's key
    // in one step. Literals, so reading them is not a lazy global's check on every line (a test
    // holds them to `letterWord` of their names).
    static let dialogue: UInt64 = 0x6575_676F_6C61_6964, comment: UInt64 = 0x746E_656D_6D6F_63
    static let format: UInt64 = 0x7461_6D72_6F66, style: UInt64 = 0x65_6C79_7473
    private static let assLayout = ASSFormatLine.EventLayout(ASSFormatLine.assEvents)
    private static let ssaLayout = ASSFormatLine.EventLayout(ASSFormatLine.ssaEvents)

    /// Reads `text` (decoded: UTF-8, LF line ends) into `script`, which keeps it: the events'
    /// texts are slices of it.
    mutating func scan(_ text: [UInt8]) {
        script.text = text
        text.withUnsafeBufferPointer { scan($0) }
    }

    private mutating func scan(_ p: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var line = 1
        var firstHeader = true
        guard let base = p.baseAddress else { return finish() }
        while start < p.count {
            // memchr (vectorised): most of a script is the text between line feeds.
            let end = memchr(base + start, 0x0A, p.count - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? p.count
            var content = end
            while content > start, p[content - 1] == 0x20 || p[content - 1] == 0x09 { content -= 1 }
            var first = start
            while first < content, p[first] == 0x20 || p[first] == 0x09 { first += 1 }
            if first < content {
                if p[first] == UInt8(ascii: "["), p[content - 1] == UInt8(ascii: "]") {
                    header(p, (first + 1)..<(content - 1), line: line, isFirst: firstHeader)
                    firstHeader = false
                } else {
                    body(p, first..<content, whole: start..<end, line: line)
                }
            }
            start = end + 1
            line += 1
        }
        finish()
    }

    private mutating func finish() {
        finishAttachment()
        if !sawEvents {
            log.report(.error, .assNoEvents, "the script has no [Events] section: nothing to show", at: nil)
        } else if !script.events.contains(where: { $0.kind == .dialogue }) {
            log.report(.warning, .assNoEvents, "the [Events] section holds no Dialogue line", at: nil)
        }
    }

    private mutating func header(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int, isFirst: Bool) {
        finishAttachment()
        let name = ASSValues.string(p, range)
        let lower = name.lowercased()
        let kind: ASSSection.Kind
        switch lower {
        case "script info": kind = .scriptInfo
        case "v4+ styles", "v4 styles+", "v4 styles": kind = .styles
        case "events": kind = .events
        case "fonts": kind = .fonts
        case "graphics": kind = .graphics
        default: kind = .other
        }
        if isFirst && kind != .scriptInfo {
            log.report(.warning, .assMissingScriptInfo, "the script does not start with [Script Info]; read all the same", at: SourceLocation(line: line, column: 1))
        }
        if let earlier = seenSections[lower] {
            log.report(.warning, .assDuplicateSection, "[\(name)] again (first at line \(earlier)): its lines are read as part of the first", at: SourceLocation(line: line, column: 1))
        } else {
            seenSections[lower] = line
        }
        if kind == .other {
            log.report(.info, .assUnknownSection, "section [\(name)] is not one Legible reads: kept as written", at: SourceLocation(line: line, column: 1))
        }
        if kind == .styles {
            let isSSA = lower == "v4 styles"
            sectionIsSSA = isSSA
            let version = explicitVersion ?? script.version
            if explicitVersion != nil, (version == .ssa) != isSSA {
                log.report(.warning, .assVersionMismatch, "[\(name)] in a script whose ScriptType is \(version.rawValue): read as the section says", at: SourceLocation(line: line, column: 1))
            }
            if explicitVersion == nil { script.version = isSSA ? .ssa : .ass }
            styleColumns = nil
            styleLinesWithoutFormat = 0
        }
        if kind == .events {
            sawEvents = true
            eventLinesWithoutFormat = 0
        }
        section = kind
        script.sections.append(ASSSection(name: name, kind: kind, line: line))
        sectionIndex = script.sections.count - 1
    }

    private mutating func body(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, whole: Range<Int>, line: Int) {
        guard let section else {
            if p[range.lowerBound] != UInt8(ascii: ";") {
                log.report(.warning, .assStrayLine, "a line before the first section: ignored", at: SourceLocation(line: line, column: range.lowerBound - whole.lowerBound + 1))
            }
            return
        }
        if section == .other {
            script.sections[sectionIndex].lines.append(String(decoding: UnsafeBufferPointer(rebasing: p[whole]), as: UTF8.self))
            return
        }
        if section == .fonts || section == .graphics {
            attachmentLine(p, range, line: line, kind: section == .fonts ? .font : .graphic)
            return
        }
        // Comments: `;` and Aegisub's `!:`.
        if p[range.lowerBound] == UInt8(ascii: ";") { return }
        if range.count >= 2, p[range.lowerBound] == UInt8(ascii: "!"), p[range.lowerBound + 1] == UInt8(ascii: ":") { return }
        var colon = range.lowerBound
        while colon < range.upperBound, p[colon] != UInt8(ascii: ":") { colon += 1 }
        guard colon < range.upperBound else {
            log.report(.warning, .assStrayLine, "a line without 'Key:' in [\(script.sections[sectionIndex].name)]: ignored", at: SourceLocation(line: line, column: range.lowerBound - whole.lowerBound + 1))
            return
        }
        let key = range.lowerBound..<colon
        var valueStart = colon + 1
        while valueStart < range.upperBound, p[valueStart] == 0x20 || p[valueStart] == 0x09 { valueStart += 1 }
        let value = valueStart..<range.upperBound
        let column = valueStart - whole.lowerBound + 1
        switch section {
        case .scriptInfo: infoField(p, key, value, line: line)
        case .styles:
            let word = ASSValues.letterWord(p, key)
            if word == Self.format {
                styleFormat(p, value, line: line, column: column)
            } else if word == Self.style {
                styleLine(p, value, line: line, column: column)
            } else {
                log.report(.warning, .assStrayLine, "'\(ASSValues.string(p, key))' is not a line of a styles section: ignored", at: SourceLocation(line: line, column: 1))
            }
        case .events:
            let word = ASSValues.letterWord(p, key)
            if word == Self.dialogue {
                eventLine(p, value, whole: whole, kind: .dialogue, line: line, column: column)
            } else if word == Self.comment {
                eventLine(p, value, whole: whole, kind: .comment, line: line, column: column)
            } else if word == Self.format {
                eventFormat(p, value, line: line, column: column)
            } else {
                log.report(.warning, .assUnsupportedEvent, "'\(ASSValues.string(p, key)):' lines are not shown: ignored", at: SourceLocation(line: line, column: 1))
            }
        default: break
        }
    }

    // MARK: - [Script Info]

    private mutating func infoField(_ p: UnsafeBufferPointer<UInt8>, _ key: Range<Int>, _ value: Range<Int>, line: Int) {
        let keyText = ASSValues.string(p, key)
        let valueText = ASSValues.string(p, value)
        script.info.fields.append(ASSScriptInfo.Field(key: keyText, value: valueText, line: line))
        func number() -> Int? {
            let n = ASSValues.integer(p, value)
            if n == nil { log.report(.warning, .assBadValue, "\(keyText) '\(valueText)' is not a number: ignored", at: SourceLocation(line: line, column: 1)) }
            return n
        }
        switch keyText.lowercased() {
        case "scripttype":
            script.info.scriptType = valueText
            switch valueText.lowercased() {
            case "v4.00+", "v4.00++": explicitVersion = .ass
            case "v4.00": explicitVersion = .ssa
            default: break
            }
            if let explicitVersion { script.version = explicitVersion }
        case "playresx": script.info.givenPlayResX = number()
        case "playresy": script.info.givenPlayResY = number()
        case "wrapstyle": script.info.wrapStyle = number().map { max(0, min(3, $0)) } ?? 0
        case "scaledborderandshadow":
            script.info.scaledBorderAndShadow = valueText.lowercased() == "yes" || ASSValues.integer(p, value).map { $0 != 0 } == true
        case "ycbcr matrix": script.info.ycbcrMatrix = valueText
        case "title": script.info.title = valueText
        default: break
        }
    }

    // MARK: - Styles

    private mutating func styleFormat(_ p: UnsafeBufferPointer<UInt8>, _ value: Range<Int>, line: Int, column: Int) {
        let names = ASSFormatLine.names(p, value)
        let columns = names.map(ASSFormatLine.styleColumn)
        let location = SourceLocation(line: line, column: column)
        if styleLinesWithoutFormat > 0 {
            log.report(.warning, .assLateFormat, "the styles' Format line comes after \(styleLinesWithoutFormat) Style line\(styleLinesWithoutFormat == 1 ? "" : "s"), which were read with the default columns", at: location)
        }
        for (name, column) in zip(names, columns) where column == .unknown {
            log.report(.warning, .assBadFormat, "unknown style column '\(name)': ignored", at: location)
        }
        if !columns.contains(.name) {
            log.report(.warning, .assBadFormat, "the styles' Format line has no Name column", at: location)
        }
        let foreign: [ASSFormatLine.StyleColumn] = sectionIsSSA ? [.underline, .strikeOut, .scaleX, .scaleY, .spacing, .angle, .outlineColor]
                                                               : [.tertiaryColor, .alphaLevel]
        for (name, column) in zip(names, columns) where foreign.contains(column) {
            log.report(.info, .assVersionField, "'\(name)' is a \(sectionIsSSA ? "v4+ (ASS)" : "v4 (SSA)") style field in a \(sectionIsSSA ? "[V4 Styles]" : "[V4+ Styles]") section: read as its counterpart", at: location)
        }
        styleColumns = columns
    }

    private mutating func styleLine(_ p: UnsafeBufferPointer<UInt8>, _ value: Range<Int>, line: Int, column: Int) {
        let columns: [ASSFormatLine.StyleColumn]
        if let styleColumns {
            columns = styleColumns
        } else {
            if styleLinesWithoutFormat == 0 {
                log.report(.warning, .assMissingFormat, "a Style line before any Format line: read with the \(sectionIsSSA ? "SSA v4" : "ASS v4+") default columns", at: SourceLocation(line: line, column: 1))
            }
            styleLinesWithoutFormat += 1
            columns = sectionIsSSA ? ASSFormatLine.ssaStyles : ASSFormatLine.assStyles
        }
        guard ASSFormatLine.split(p, value, count: columns.count, into: &fields) else {
            log.report(.error, .assMissingFields, "a Style line with fewer fields than the \(columns.count) its Format line names: skipped", at: SourceLocation(line: line, column: column))
            return
        }
        var style = ASSStyle(name: "Default")
        style.line = line
        for (k, kind) in columns.enumerated() {
            let field = fields[k]
            func bad(_ what: String) {
                log.report(.warning, .assBadValue, "style \(what) '\(ASSValues.string(p, field))' cannot be read: the default is used", at: SourceLocation(line: line, column: column + field.lowerBound - value.lowerBound))
            }
            func decimal(_ what: String, _ into: inout Fraction) {
                if let v = ASSValues.decimal(p, field) { into = v } else { bad(what) }
            }
            func integer(_ what: String, _ into: inout Int) {
                if let v = ASSValues.integer(p, field) { into = v } else { bad(what) }
            }
            func color(_ what: String, _ into: inout Color) {
                if let v = ASSValues.color(p, field) { into = v } else { bad(what) }
            }
            func flag(_ what: String, _ into: inout Bool) {
                if let v = ASSValues.flag(p, field) { into = v } else { bad(what) }
            }
            switch kind {
            case .name:
                var name = ASSValues.string(p, field)
                if name.hasPrefix("*") { name.removeFirst() }
                style.name = name
            case .fontName: style.fontName = ASSValues.string(p, field)
            case .fontSize: decimal("font size", &style.fontSize)
            case .primaryColor: color("primary colour", &style.primaryColor)
            case .secondaryColor: color("secondary colour", &style.secondaryColor)
            case .outlineColor, .tertiaryColor: color("outline colour", &style.outlineColor)
            case .backColor: color("back colour", &style.backColor)
            case .bold: flag("bold", &style.bold)
            case .italic: flag("italic", &style.italic)
            case .underline: flag("underline", &style.underline)
            case .strikeOut: flag("strike-out", &style.strikeOut)
            case .scaleX: decimal("scale", &style.scaleX)
            case .scaleY: decimal("scale", &style.scaleY)
            case .spacing: decimal("spacing", &style.spacing)
            case .angle: decimal("angle", &style.angle)
            case .borderStyle: integer("border style", &style.borderStyle)
            case .outline: decimal("outline", &style.outline)
            case .shadow: decimal("shadow", &style.shadow)
            case .alignment:
                var n = 2
                integer("alignment", &n)
                if sectionIsSSA {
                    style.alignment = ASSValues.numpad(legacy: n)
                } else if (1...9).contains(n) {
                    style.alignment = n
                } else {
                    bad("alignment (a numpad position 1-9)")
                }
            case .marginLeft: integer("left margin", &style.marginLeft)
            case .marginRight: integer("right margin", &style.marginRight)
            case .marginVertical: integer("vertical margin", &style.marginVertical)
            case .encoding: integer("encoding", &style.encoding)
            case .alphaLevel, .unknown: break
            }
        }
        if !styleNames.insert(style.name).inserted {
            log.report(.info, .assDuplicateStyle, "style '\(style.name)' is defined again: this definition applies, as in libass", at: SourceLocation(line: line, column: column))
        }
        script.styles.append(style)
    }

    // MARK: - Events

    private mutating func eventFormat(_ p: UnsafeBufferPointer<UInt8>, _ value: Range<Int>, line: Int, column: Int) {
        let names = ASSFormatLine.names(p, value)
        let columns = names.map(ASSFormatLine.eventColumn)
        let location = SourceLocation(line: line, column: column)
        if eventLinesWithoutFormat > 0 {
            log.report(.warning, .assLateFormat, "the events' Format line comes after \(eventLinesWithoutFormat) event line\(eventLinesWithoutFormat == 1 ? "" : "s"), which were read with the default columns", at: location)
        }
        for (name, column) in zip(names, columns) where column == .unknown {
            log.report(.warning, .assBadFormat, "unknown event column '\(name)': ignored", at: location)
        }
        if columns.last != .text {
            log.report(.warning, .assBadFormat, "the events' Format line does not end with Text: the last column takes the rest of each line", at: location)
        }
        let isSSA = script.version == .ssa
        for (name, column) in zip(names, columns) where (isSSA && column == .layer) || (!isSSA && column == .marked) {
            log.report(.info, .assVersionField, "'\(name)' is a \(isSSA ? "v4+ (ASS)" : "v4 (SSA)") event field in a \(script.version.rawValue) script: read as \(isSSA ? "the layer" : "layer 0")", at: location)
        }
        var named = Set<ASSFormatLine.EventColumn>()
        for (name, column) in zip(names, columns).reversed() where column != .unknown && column != .marked && !named.insert(column).inserted {
            log.report(.warning, .assBadFormat, "event column '\(name)' is named again later in the Format line: the later one is read, as libass reads it", at: location)
        }
        eventLayout = ASSFormatLine.EventLayout(columns)
        eventFormatSeen = true
        script.eventFormats.append(ASSFormatLine.EventsFrom(firstEvent: script.events.count, columns: columns))
        if eventsFromContainer, columns != ASSFormatLine.assEvents, columns != ASSFormatLine.ssaEvents {
            containerEventOrder(p, value, names: names, location: location)
        }
    }

    /// A container stream's events whose header names other columns than the standard ones.
    /// ffmpeg writes each event of a stream it takes out of a container (Matroska's blocks:
    /// `ReadOrder, Layer, Style, Name, MarginL, MarginR, MarginV, Effect, Text`) as `Layer, Start,
    /// End` and the block's fields after them, whatever the header's Format line says, and
    /// mkvmerge puts every event into that order when it muxes a script: so such a stream's events
    /// are in the standard order. ffmpeg's own muxer keeps a script's fields after `End` as written,
    /// though, so the event lines decide: in the standard order when every one of them has its
    /// fields (times where the times go, numbers or nothing where the margins go), by the Format
    /// line otherwise. Either way it is said once, at the Format line.
    private mutating func containerEventOrder(_ p: UnsafeBufferPointer<UInt8>, _ value: Range<Int>, names: [String], location: SourceLocation) {
        let standard = script.version == .ssa ? ASSFormatLine.ssaEvents : ASSFormatLine.assEvents
        let standardNames = script.version == .ssa ? "Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"
                                                   : "Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"
        // The event lines below the Format line, up to the next section.
        var lines = 0, fitting = 0
        var fields: [Range<Int>] = []
        var start = value.upperBound
        while start < p.count, p[start] != 0x0A { start += 1 }
        start += 1
        while start < p.count {
            var end = start
            while end < p.count, p[end] != 0x0A { end += 1 }
            var first = start
            while first < end, p[first] == 0x20 || p[first] == 0x09 { first += 1 }
            if first < end, p[first] == UInt8(ascii: "[") { break }
            var colon = first
            while colon < end, p[colon] != UInt8(ascii: ":") { colon += 1 }
            let word = colon < end ? ASSValues.letterWord(p, first..<colon) : 0
            if word == Self.dialogue || word == Self.comment {
                lines += 1
                if ASSFormatLine.split(p, (colon + 1)..<end, count: standard.count, into: &fields),
                   Self.isTime(p, fields[1]), Self.isTime(p, fields[2]), (5...7).allSatisfy({ Self.isMargin(p, fields[$0]) }) {
                    fitting += 1
                }
            }
            start = end + 1
        }
        guard lines > 0 else { return }
        let written = names.joined(separator: ", ")
        if fitting == lines {
            eventLayout = ASSFormatLine.EventLayout(standard)
            script.eventFormats[script.eventFormats.count - 1].columns = standard
            // libass, and whatever reads the script written back, read events by the Format line:
            // they are given the one that describes them.
            script.rendererRepairs.append(ASSTextRepair(range: value, replacement: Array(standardNames.utf8), isWritten: true))
            log.report(.warning, .assContainerEventOrder,
                       "the events' Format line names \(written), but this script came out of a media container, whose events ffmpeg writes in the order \(standardNames) whatever the header says; \(lines == 1 ? "the event line has" : "all \(lines) event lines have") that order's fields: read in that order",
                       at: location)
        } else {
            log.report(.info, .assContainerEventOrder,
                       "the events' Format line names \(written) in a script that came out of a media container, whose events ffmpeg writes in the order \(standardNames) unless they were muxed as written; \(lines - fitting) of \(lines) event lines do not have that order's fields (times, then numbers or nothing where the margins go): read by the Format line",
                       at: location)
        }
    }

    private static func isTime(_ p: UnsafeBufferPointer<UInt8>, _ field: Range<Int>) -> Bool {
        ASSValues.standardCentiseconds(p, field) != nil || ASSValues.time(p, field) != nil
    }

    /// A margin as a block gives it: digits (a sign before them), or nothing.
    private static func isMargin(_ p: UnsafeBufferPointer<UInt8>, _ field: Range<Int>) -> Bool {
        var lower = field.lowerBound, upper = field.upperBound
        while lower < upper, p[lower] == 0x20 || p[lower] == 0x09 { lower += 1 }
        while upper > lower, p[upper - 1] == 0x20 || p[upper - 1] == 0x09 { upper -= 1 }
        if lower < upper, p[lower] == UInt8(ascii: "-") || p[lower] == UInt8(ascii: "+") { lower += 1 }
        return (lower..<upper).allSatisfy { p[$0] >= 0x30 && p[$0] <= 0x39 }
    }

    private mutating func eventLine(_ p: UnsafeBufferPointer<UInt8>, _ value: Range<Int>, whole: Range<Int>, kind: ASSEvent.Kind,
                                    line: Int, column: Int) {
        if !eventFormatSeen {
            if eventLinesWithoutFormat == 0 {
                log.report(.warning, .assMissingFormat, "an event before any Format line: read with the \(script.version == .ssa ? "SSA v4" : "ASS v4+") default columns", at: SourceLocation(line: line, column: 1))
            }
            eventLinesWithoutFormat += 1
            eventLayout = script.version == .ssa ? Self.ssaLayout : Self.assLayout
        }
        // Read where it is (not copied out: a copy of the layout was 10% of an event line's work).
        let count = eventLayout.count
        guard ASSFormatLine.split(p, value, count: count, into: &fields) else {
            log.report(.error, .assMissingFields, "a \(kind.rawValue) line with fewer fields than the \(count) its Format line names: skipped", at: SourceLocation(line: line, column: column))
            return
        }
        // The fields into locals, and the event made once from them (not a default one changed
        // field by field: each change of a 200-byte value in an array costs a copy of it).
        var start: MediaTime?
        var end: MediaTime?
        var colons = ColonTimes()
        if eventLayout.start < count {
            guard let time = eventTime(p, fields[eventLayout.start], in: value, line: line, column: column, colons: &colons) else { return }
            start = time
        }
        if eventLayout.end < count {
            guard let time = eventTime(p, fields[eventLayout.end], in: value, line: line, column: column, colons: &colons) else { return }
            end = time
        }
        if let first = colons.column {
            reportColonTimes(colons, start: eventLayout.start < count ? fields[eventLayout.start] : nil, p, line: line, column: first)
        }
        let layer = ASSValues.integer(p, fields[eventLayout.layer]) ?? 0
        let style = ASSValues.string(p, fields[eventLayout.style]), name = ASSValues.string(p, fields[eventLayout.name])
        let effect = ASSValues.string(p, fields[eventLayout.effect])
        let margins = (left: ASSValues.integer(p, fields[eventLayout.marginLeft]) ?? 0,
                       right: ASSValues.integer(p, fields[eventLayout.marginRight]) ?? 0,
                       vertical: ASSValues.integer(p, fields[eventLayout.marginVertical]) ?? 0)
        let text = fields[eventLayout.text]
        guard let start, let end else {
            log.report(.error, .assBadFormat, "the events' Format line names no \(start == nil ? "Start" : "End") column: the event is skipped", at: SourceLocation(line: line, column: 1))
            return
        }
        if kind == .dialogue, end < start {
            log.report(.warning, .assEndBeforeStart, "the event ends before it starts: kept (it is never shown)", at: SourceLocation(line: line, column: column))
        }
        script.events.append(ASSEvent(kind: kind, layer: layer, start: start, end: end, style: style, name: name, margins: margins,
                                      effect: effect, textBytes: script.text[text], line: line, lineRange: whole))
    }

    /// An event's `Start` or `End`, a field of the line's `value` (which starts at `column`); nil
    /// when it is not a time, and the event is skipped.
    @inline(__always)
    private mutating func eventTime(_ p: UnsafeBufferPointer<UInt8>, _ field: Range<Int>, in value: Range<Int>, line: Int, column: Int,
                                    colons: inout ColonTimes) -> MediaTime? {
        if let centiseconds = ASSValues.standardCentiseconds(p, field) { return MediaTime(value: centiseconds, timescale: 100) }
        return unusualEventTime(p, field, line: line, column: column + field.lowerBound - value.lowerBound, colons: &colons)
    }

    /// An event's times written with `:` before their centiseconds (`0:00:04:56`): reported once
    /// for the event, at the first.
    struct ColonTimes {
        var column: Int?
        /// The start's field, the end's, or both (no array: this is made for every event line).
        var first: Range<Int>?
        var second: Range<Int>?
        var fields: [Range<Int>] { [first, second].compactMap { $0 } }
    }

    /// A time in another form than `standardCentiseconds` reads, with what is odd about it reported;
    /// nil (reported) when it is not a time.
    private mutating func unusualEventTime(_ p: UnsafeBufferPointer<UInt8>, _ field: Range<Int>, line: Int, column: Int,
                                           colons: inout ColonTimes) -> MediaTime? {
        guard let parsed = ASSValues.time(p, field) else {
            log.report(.error, .assBadTimestamp, "'\(ASSValues.string(p, field))' is not an H:MM:SS.CC time: the event is skipped", at: SourceLocation(line: line, column: column))
            return nil
        }
        if let colon = parsed.colonBeforeFraction {
            if colons.column == nil { colons.column = column }
            if colons.first == nil { colons.first = field } else { colons.second = field }
            // libass, which draws the script itself, reads no time there (0, "Bad timestamp"):
            // it is given the '.' the time means.
            script.rendererRepairs.append(ASSTextRepair(range: colon..<(colon + 1), replacement: [UInt8(ascii: ".")], isWritten: false))
        }
        var time = parsed.time
        if parsed.isNegative {
            log.report(.warning, .assNegativeTime, "a negative time (\(ASSValues.string(p, field))): read as 0:00:00.00", at: SourceLocation(line: line, column: column))
            time = .zero
        }
        if parsed.isOutOfRange {
            log.report(.warning, .assTimeOutOfRange, "'\(ASSValues.string(p, field))' has minutes or seconds of 60 or more: counted on, as libass reads it", at: SourceLocation(line: line, column: column))
        }
        if parsed.fractionDigits > 2 || parsed.fractionDigits == 1 {
            log.report(.info, .assFractionDigits, "a time with \(parsed.fractionDigits) fraction digit\(parsed.fractionDigits == 1 ? "" : "s") (ASS has centiseconds): read as a decimal fraction, as Aegisub and pysubs2 read it (libass and ffmpeg count the digits as centiseconds: .5 is 0.05 s there)", at: SourceLocation(line: line, column: column))
        }
        return time
    }

    /// The one warning of an event whose times have `:` before their centiseconds.
    private mutating func reportColonTimes(_ colons: ColonTimes, start: Range<Int>?, _ p: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        let fields = colons.fields
        let written = fields.map { ASSValues.string(p, $0) }
        let meant = written.map { text in
            var t = text
            if let k = t.lastIndex(of: ":") { t.replaceSubrange(k...k, with: ".") }
            return t
        }
        let which: String
        if fields.count == 2 {
            which = "the start and end ('\(written[0])', '\(written[1])') have ':' before their centiseconds: read as \(meant[0]) and \(meant[1])"
        } else {
            which = "the \(fields.first == start ? "start" : "end") '\(written[0])' has ':' before its centiseconds: read as \(meant[0])"
        }
        log.report(.warning, .assTimeSeparator,
                   "\(which), as ffmpeg and Media3 read \(written.count == 2 ? "them" : "it") (libass reads no time there, and is given '.')",
                   at: SourceLocation(line: line, column: column))
    }

    // MARK: - [Fonts] and [Graphics]

    private mutating func attachmentLine(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int, kind: ASSAttachment.Kind) {
        let key: StaticString = kind == .font ? "fontname" : "filename"
        var colon = range.lowerBound
        while colon < range.upperBound, colon - range.lowerBound < 9, p[colon] != UInt8(ascii: ":") { colon += 1 }
        if colon < range.upperBound, p[colon] == UInt8(ascii: ":"), ASSValues.equalsLowercased(p, range.lowerBound..<colon, key) {
            finishAttachment()
            attachmentName = (ASSValues.string(p, (colon + 1)..<range.upperBound), line)
            return
        }
        guard attachmentName != nil else {
            log.report(.warning, .assBadAttachment, "data in [\(kind == .font ? "Fonts" : "Graphics")] before any \(key): line: ignored", at: SourceLocation(line: line, column: 1))
            return
        }
        attachmentData.append(contentsOf: UnsafeBufferPointer(rebasing: p[range]))
    }

    private mutating func finishAttachment() {
        guard let (name, line) = attachmentName else { return }
        let kind: ASSAttachment.Kind = section == .graphics ? .graphic : .font
        if let data = ASSUUEncoding.decode(attachmentData) {
            script.attachments.append(ASSAttachment(kind: kind, name: name, data: data, line: line))
            script.features.note(.attachment, at: SourceLocation(line: line, column: 1))
        } else {
            log.report(.warning, .assBadAttachment, "the data of '\(name)' is not valid UUencoding: the file is skipped", at: SourceLocation(line: line, column: 1))
        }
        attachmentName = nil
        attachmentData.removeAll(keepingCapacity: true)
    }
}
