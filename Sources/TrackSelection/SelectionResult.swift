internal import TimedText

/// Why one option was or was not chosen: one line of the decision trace.
public struct SelectionDecision: Sendable, Hashable, CustomStringConvertible {
    /// Whether the option was the one chosen; the raw value is the word in the trace.
    public enum Verdict: String, Sendable, Hashable {
        case chosen
        case rejected
    }

    /// The `TrackOption.id` this decision is about.
    public var optionID: String
    /// Chosen or rejected.
    public var verdict: Verdict
    /// Why, in English, as `legible tracks` prints it.
    public var reason: String

    /// A decision about the option whose id is `optionID`.
    public init(optionID: String, verdict: Verdict, reason: String) {
        self.optionID = optionID
        self.verdict = verdict
        self.reason = reason
    }

    public var description: String { "\(optionID): \(verdict.rawValue) — \(reason)" }
}

/// The outcome of `TrackSelector.select`: at most one option, and why for every option.
public struct SelectionResult: Sendable, Hashable {
    /// The option to show, or nil when nothing is to be shown for this viewer.
    public var chosen: TrackOption?
    /// One decision per option, in the order the options were given.
    public var trace: [SelectionDecision]
    /// The reasoning that applied to all options (the display mode's rule, the audio comparison).
    public var summary: String

    /// A result as `TrackSelector` builds it: `trace` should hold one decision per option, in order.
    public init(chosen: TrackOption?, trace: [SelectionDecision], summary: String) {
        self.chosen = chosen
        self.trace = trace
        self.summary = summary
    }
}
