public import TimedText

/// Why one option was or was not chosen: one line of the decision trace.
public struct SelectionDecision: Sendable, Hashable, CustomStringConvertible {
    public enum Verdict: String, Sendable, Hashable {
        case chosen
        case rejected
    }

    public var optionID: String
    public var verdict: Verdict
    public var reason: String

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

    public init(chosen: TrackOption?, trace: [SelectionDecision], summary: String) {
        self.chosen = chosen
        self.trace = trace
        self.summary = summary
    }
}
