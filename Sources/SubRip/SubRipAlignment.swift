public import TimedText

/// SRT's `{\anN}` numpad positions (1 bottom-left … 9 top-right) expressed as WebVTT-style
/// cue settings, and back.
public enum SubRipAlignment {
    /// The layout of `{\anN}`: rows 7–9 at the top line, 4–6 at the middle, 1–3 the default bottom;
    /// columns 1/4/7 left-aligned at the left edge, 3/6/9 right-aligned at the right, 2/5/8 centred.
    /// A number outside 1...9 gives the default layout (2).
    public static func layout(numpad: Int) -> CueLayout { CueLayout(numpad: numpad) }

    /// The numpad position whose layout this is (ignoring `box`), or nil when it is none of them.
    /// The default layout is 2.
    public static func numpad(of layout: CueLayout) -> Int? { layout.numpad }
}
