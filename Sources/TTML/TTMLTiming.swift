public import TimedText
internal import XML

extension DiagnosticCode {
    /// A `timeContainer` value other than `par` or `seq`; `par` is used.
    public static let ttmlBadTimeContainer: Self = "ttml.bad-time-container"
    /// An element whose `end` (or `begin` + `dur`) comes before its `begin`: it is never active.
    public static let ttmlEndBeforeBegin: Self = "ttml.end-before-begin"
}

/// An element's timing attributes as written: `begin`, `end`, `dur` (each nil when absent or
/// invalid) and `timeContainer`.
struct TTMLTimingAttributes {
    var begin: MediaTime?
    var end: MediaTime?
    var dur: MediaTime?
    var isSequential = false
    /// A time among them had frames at or above the frame rate (`00:00:05:77` at 24 fps): the
    /// builder then asks whether the document's last fields are hundredths (`TTMLFrameReading`).
    var hasFrameBeyondRate = false

    /// Reads the attributes (TTML2 §12.2); an invalid value is reported and ignored.
    init(_ element: XMLElementNode, parameters: TTMLTimingParameters, log: inout DiagnosticLog) {
        // By index, and values passed alone: handing the attribute itself to `time` copied it
        // (four Strings retained and released) for every begin and end of a document.
        let attributes = element.attributes
        for k in attributes.indices where attributes[k].name.namespace.isEmpty {
            let local = attributes[k].name.local
            // By length first: a String switch compares with each case in turn, each a call.
            switch local.utf8.count {
            case 5 where local == "begin": begin = Self.time(attributes, k, parameters, &log, &hasFrameBeyondRate)
            case 3 where local == "end": end = Self.time(attributes, k, parameters, &log, &hasFrameBeyondRate)
            case 3 where local == "dur": dur = Self.time(attributes, k, parameters, &log, &hasFrameBeyondRate)
            case 13 where local == "timeContainer":
                switch trimmed(attributes[k].value) {
                case "seq": isSequential = true
                case "par": isSequential = false
                default:
                    log.report(.warning, .ttmlBadTimeContainer,
                               "timeContainer=\"\(attributes[k].value)\" is neither par nor seq; par is used", at: attributes[k].location)
                }
            default: break
            }
        }
    }

    /// The time attribute `k` of `attributes` states, or nil (reported) when it is invalid.
    static func time(_ attributes: [XMLAttribute], _ k: Int, _ parameters: TTMLTimingParameters,
                     _ log: inout DiagnosticLog, _ frameBeyondRate: inout Bool) -> MediaTime? {
        switch TTMLTimeExpression.parse(attributes[k].value, parameters: parameters) {
        case .success(let t): return t
        case .failure(let invalid):
            if invalid.isFrameBeyondRate { frameBeyondRate = true }
            let attribute = attributes[k]
            // Times as producers write them by mistake — a bare number of seconds, minutes and
            // seconds, one-digit hours, a comma before the fraction — are read as they mean.
            if let (fixed, time) = readAsMeant(attribute.value, parameters) {
                log.report(.warning, .ttmlBadTime, "\(attribute.name.local)=\"\(attribute.value)\": \(invalid.reason); read as \"\(fixed)\"",
                           at: attribute.location)
                return time
            }
            log.report(.warning, .ttmlBadTime, "\(attribute.name.local)=\"\(attribute.value)\": \(invalid.reason); the attribute is ignored",
                       at: attribute.location)
            return nil
        }
    }

    /// A time value that is not a TTML time expression but says one plainly (`19.764`, `1:00.998`,
    /// `0:00:02.07`, `00:00:01,500`): the expression meant, and its time. Nil when it does not.
    static func readAsMeant(_ value: String, _ parameters: TTMLTimingParameters) -> (String, MediaTime)? {
        // Told by its bytes first, before any String is made: this is asked of every time that
        // is not valid, thousands in a damaged document, and most cannot be read so (four fields,
        // letters) — building Strings of Characters to find that out was most of their cost.
        var colons = 0
        for b in value.utf8 {
            if b == UInt8(ascii: ":") {
                colons += 1
            } else if !((b >= 0x30 && b <= 0x39) || b == UInt8(ascii: ".") || b == UInt8(ascii: ",") || isWhitespace(b)) {
                return nil
            }
        }
        guard colons <= 2 else { return nil }
        let text = String(trimmed(value).map { $0 == "," ? "." : $0 })
        guard !text.isEmpty, text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") })
        else { return nil }
        let fields = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        func pad(_ field: String) -> String? {
            guard !field.isEmpty, field.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return field.count < 2 ? "0" + field : field
        }
        func paddedSeconds(_ field: String) -> String? {
            let parts = field.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2, let whole = pad(String(parts[0])) else { return nil }
            guard parts.count == 2 else { return whole }
            guard !parts[1].isEmpty, parts[1].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return whole + "." + parts[1]
        }
        let expression: String
        switch fields.count {
        case 1:
            guard text.utf8.filter({ $0 == UInt8(ascii: ".") }).count <= 1, text.first != ".", text.last != "." else { return nil }
            expression = text + "s"
        case 2:
            guard let m = pad(fields[0]), let s = paddedSeconds(fields[1]) else { return nil }
            expression = "00:" + m + ":" + s
        case 3:
            guard let h = pad(fields[0]), let m = pad(fields[1]), let s = paddedSeconds(fields[2]) else { return nil }
            expression = h + ":" + m + ":" + s
        default:
            return nil
        }
        guard expression != trimmed(value), case .success(let time) = TTMLTimeExpression.parse(expression, parameters: parameters) else { return nil }
        return (expression, time)
    }

    var hasExplicitEnd: Bool { end != nil || dur != nil }
}

/// TTML2 §12.4 (SMIL 3 semantics as TTML constrains them): the active interval of an element.
enum TTMLTiming {
    /// The begin, and the end that `end`/`dur` give (nil when neither is given). `syncBegin` is the
    /// parent's begin in a `par` container, the previous sibling's end in a `seq` container; both
    /// `begin` and `end` are offsets from it, `dur` from the begin. With both `end` and `dur`, the
    /// earlier end wins.
    static func explicitInterval(_ a: TTMLTimingAttributes, syncBegin: MediaTime) -> (begin: MediaTime, end: MediaTime?) {
        let (begin, end, _) = checkedInterval(a, syncBegin: syncBegin)
        return (begin, end)
    }

    /// As `explicitInterval`, also saying whether the end came before the begin (and was moved
    /// to it, making the element never active).
    static func checkedInterval(_ a: TTMLTimingAttributes, syncBegin: MediaTime) -> (begin: MediaTime, end: MediaTime?, endBeforeBegin: Bool) {
        let begin = syncBegin + (a.begin ?? .zero)
        var end: MediaTime?
        if let e = a.end { end = syncBegin + e }
        if let d = a.dur {
            let byDuration = begin + d
            end = end.map { min($0, byDuration) } ?? byDuration
        }
        if let e = end, e < begin { return (begin, begin, true) }
        return (begin, end, false)
    }

    /// The implicit end of an element that gives neither `end` nor `dur`.
    /// - A leaf (anonymous span, `br`, `set`, a `span` holding only text): indefinite in a `par`
    ///   parent, zero duration in a `seq` parent (TTML2 §12.4, TTML1 §10.4).
    /// - A `par` container: the latest end of its children (indefinite when any is; its begin
    ///   when it has none), SMIL's `endsync="last"`.
    /// - A `seq` container: the end of its last child (its begin when it has none).
    static func implicitEnd(isLeaf: Bool, parentIsSequential: Bool, isSequential: Bool, begin: MediaTime,
                            childEnds: TTMLChildEnds) -> MediaTime? {
        if isLeaf { return parentIsSequential ? begin : nil }
        guard childEnds.count > 0 else { return begin }
        if isSequential { return childEnds.last }
        guard !childEnds.anyIndefinite, let latest = childEnds.latest else { return nil }
        return max(begin, latest)
    }
}

/// What an element's implicit end needs of its children's ends, gathered as they are built
/// (keeping every end in an array of its own cost an allocation per element).
struct TTMLChildEnds {
    private(set) var count = 0
    /// The last child's end (a `seq` container ends with it).
    private(set) var last: MediaTime?
    /// The latest end among the children with one, and whether any has none (a `par` container
    /// ends with the latest, or never when one of them never ends).
    private(set) var latest: MediaTime?
    private(set) var anyIndefinite = false

    mutating func add(_ end: MediaTime?) {
        count += 1
        last = end
        if let end { latest = latest.map { max($0, end) } ?? end } else { anyIndefinite = true }
    }
}
