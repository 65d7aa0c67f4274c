/// Whose value an appearance attribute takes (Apple's `MACaptionAppearanceBehavior`).
public enum AppearancePrecedence: String, Sendable, Hashable {
    /// The content's value when it gives one, otherwise the viewer's
    /// (`kMACaptionAppearanceBehaviorUseContentIfAvailable`).
    case contentFirst = "content-first"
    /// The viewer's value, whatever the content says (`kMACaptionAppearanceBehaviorUseValue`);
    /// written with a trailing `!` on the command line and in appearance files.
    case viewerAlways = "viewer-always"
}

/// One attribute of a viewer's caption appearance: the value and whose value wins.
public struct AppearanceSetting<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The viewer's value for the attribute.
    public var value: Value
    /// Whether `value` gives way to the content's value (`contentFirst`) or overrides it (`viewerAlways`).
    public var precedence: AppearancePrecedence

    /// The viewer's `value`, by default giving way to the content's when it has one.
    public init(_ value: Value, _ precedence: AppearancePrecedence = .contentFirst) {
        self.value = value
        self.precedence = precedence
    }

    /// The value that applies: the viewer's when it always wins or the content gives none.
    public func resolve(content: Value?) -> Value {
        precedence == .viewerAlways ? value : (content ?? value)
    }
}
