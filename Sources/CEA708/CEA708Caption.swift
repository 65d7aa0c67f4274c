public import TimedText

extension CaptionFormatID {
    /// CEA-708 (DTVCC) caption services, decoded from a video's caption data or an MCC file.
    public static let cea708: Self = "cea708"
}

/// One state of one window on screen: from the moment a visible window showed this text, so
/// placed and styled, to the moment it changed, was hidden or deleted.
public struct CEA708Caption: Sendable, Hashable {
    /// When the window began to show this.
    public var start: MediaTime
    /// When it stopped; nil for a window still shown at the end of the input.
    public var end: MediaTime?
    /// The caption service, 1–63.
    public var service: Int
    /// The window as it was shown: its definition, attributes and cells.
    public var window: CEA708Window
    /// The window came on screen with this caption (it was not shown just before), so its
    /// display effect plays at the start.
    public var appeared: Bool
    /// The window left the screen at the end (hidden, deleted or emptied; not changed), so its
    /// display effect plays after it.
    public var disappeared: Bool

    /// A caption from its parts.
    public init(start: MediaTime, end: MediaTime?, service: Int, window: CEA708Window, appeared: Bool = false, disappeared: Bool = false) {
        self.start = start
        self.end = end
        self.service = service
        self.window = window
        self.appeared = appeared
        self.disappeared = disappeared
    }

    /// The window's rows as text, top to bottom: a row's empty cells before its first character
    /// are spaces, blanks after its last are left out, and rows without a character are skipped.
    public var text: String { rowTexts.joined(separator: "\n") }

    /// Each row that holds a character, as `text` reads it.
    public var rowTexts: [String] {
        window.rows.compactMap { row in
            guard let last = row.lastIndex(where: { $0?.character.map { $0 != " " } ?? false }) else { return nil }
            return String(row[...last].map { $0?.character ?? " " })
        }
    }
}

extension CEA708Window {
    /// True when `other` shows the same thing: place, size, attributes and cells (the pen's
    /// position and the pen itself show nothing until text is written).
    func showsSame(as other: CEA708Window) -> Bool {
        rows == other.rows && attributes == other.attributes && definition.anchorPoint == other.definition.anchorPoint
            && definition.anchorVertical == other.definition.anchorVertical
            && definition.anchorHorizontal == other.definition.anchorHorizontal
            && definition.relativePositioning == other.definition.relativePositioning
            && definition.priority == other.definition.priority
    }
}
