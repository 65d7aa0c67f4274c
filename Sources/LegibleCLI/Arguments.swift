import Legible

/// A command-line option a command accepts.
struct OptionSpec: Sendable {
    var long: String
    var short: Character?
    /// The placeholder shown in help (`FILE`), or nil for a flag that takes no value.
    var valueName: String?
    var help: String
    /// Accepted but left out of `--help` and of "did you mean" (an option for Legible's own use,
    /// such as the batch worker's).
    var isHidden: Bool

    init(_ long: String, short: Character? = nil, value valueName: String? = nil, help: String, hidden: Bool = false) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.help = help
        isHidden = hidden
    }
}

/// A usage error: wrong options or arguments. Exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Parsed command-line arguments: positionals in order, option values by long name.
struct Arguments {
    var positionals: [String] = []
    private(set) var values: [String: [String]] = [:]

    func has(_ name: String) -> Bool { values[name] != nil }
    /// The last value given for an option (later ones override earlier ones).
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// A time option: seconds (`12.5`, exact) or a clock time (`1:02:03.5`, `02:03`); negative only
    /// where `allowsNegative`. Nil when the option is absent.
    func time(_ name: String, allowsNegative: Bool = false) throws(UsageError) -> MediaTime? {
        guard let text = value(name) else { return nil }
        let negative = allowsNegative && text.hasPrefix("-")
        let fields = (negative ? String(text.dropFirst()) : text).split(separator: ":", omittingEmptySubsequences: false)
        var wholeMinutes: Int64 = 0
        var seconds: Fraction?
        for (k, field) in fields.enumerated() {
            // Whole hours and minutes; a fraction only in the seconds.
            guard fields.count <= 3, let value = Fraction(decimal: field.utf8),
                  k == fields.count - 1 || (value.denominator == 1 && value.numerator < 1_000_000)
            else {
                throw UsageError(message: "--\(name) takes seconds or a clock time, such as 95.5 or 1:02:03.5 (got '\(text)')")
            }
            if k == fields.count - 1 { seconds = value } else { wholeMinutes = wholeMinutes * 60 + value.numerator }
        }
        let time = MediaTime(seconds: wholeMinutes * 60) + MediaTime(value: seconds!.numerator, timescale: seconds!.denominator)
        return negative ? MediaTime.zero - time : time
    }

    /// Parses GNU-style arguments: `--name value`, `--name=value`, `-n value`, `-nvalue`, flags,
    /// `-` as a positional (standard input or output), `--` ending the options.
    static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> Arguments {
        var result = Arguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let spec: OptionSpec
            var inlineValue: String?
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                if let equals = body.firstIndex(of: "=") { inlineValue = String(body[body.index(after: equals)...]) }
                guard let found = options.first(where: { $0.long == name }) else {
                    throw UsageError(message: "unknown option '--\(name)'\(suggestion(for: name, in: options))")
                }
                spec = found
            } else {
                let letter = argument.dropFirst().first!
                guard let found = options.first(where: { $0.short == letter }) else {
                    throw UsageError(message: "unknown option '-\(letter)'")
                }
                spec = found
                let rest = argument.dropFirst(2)
                if !rest.isEmpty {
                    guard spec.valueName != nil else {
                        throw UsageError(message: "option '-\(letter)' takes no value")
                    }
                    inlineValue = String(rest)
                }
            }
            if spec.valueName != nil {
                if inlineValue == nil {
                    guard index < arguments.count else {
                        throw UsageError(message: "option '--\(spec.long)' needs a value (\(spec.valueName!))")
                    }
                    inlineValue = arguments[index]
                    index += 1
                }
                result.values[spec.long, default: []].append(inlineValue!)
            } else {
                if inlineValue != nil { throw UsageError(message: "option '--\(spec.long)' takes no value") }
                result.values[spec.long, default: []].append("")
            }
        }
        return result
    }

    private static func suggestion(for name: String, in options: [OptionSpec]) -> String {
        let close = options.filter { !$0.isHidden }.map(\.long).filter { editDistance($0, name) <= 2 }
        return close.isEmpty ? "" : " (did you mean '--\(close[0])'?)"
    }
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
