public import TimedText
internal import XML

extension DiagnosticCode {
    /// The document holds text, but none of it is ever shown; the message names the cause.
    public static let ttmlNothingShown: Self = "ttml.nothing-shown"
}

/// Why a document with text gives no cue. By the spec an empty presentation can be right, but a
/// user converting the file gets an empty result: one diagnostic names the cause, so nothing is
/// lost without a word.
enum TTMLNothingShown {
    /// The diagnostic for a document whose track has no cue, or nil when it holds nothing to show.
    static func diagnostic(for document: TTMLDocument, root: XMLElementNode) -> Diagnostic? {
        let nodes = document.nodes
        guard let firstText = nodes.first(where: {
            if case .text = $0.kind { return !$0.isCollapsibleWhitespace }
            return false
        }) else {
            guard let image = firstImage(in: root) else { return nil }
            return Diagnostic(.error, .ttmlNothingShown,
                              "no cue: the document's content is images (SMPTE-TT backgroundImage, TTML2 image), and none of them is ever shown in a region",
                              at: image.location)
        }
        let hasDefaultRegion = document.regions.contains { $0.origin == .defaultRegion }
        let cause: String
        if !hasDefaultRegion && !nodes.contains(where: { $0.region.map { $0 >= 0 } ?? false }) {
            let ids = document.regions.prefix(5).map { "'\($0.id)'" }.joined(separator: ", ")
            cause = "the document defines regions (\(ids)\(document.regions.count > 5 ? ", …" : "")) but no content names one with a region attribute, and content outside every region is not shown (TTML2 §11.3.1.3)"
        } else if nodes.allSatisfy({ $0.interval.isEmpty || TTMLContentPresence.isHidden($0.specifiedStyles) || $0.region.map { $0 < 0 } ?? false }) {
            cause = "all of its content is hidden (tts:display=\"none\"), timed to last no time, or in regions that do not exist"
        } else {
            cause = "its content is never active in a region that is shown (look at the regions named, their times and tts:display, and the content's times: a nested begin or end counts from its parent's begin, TTML2 §12.2, so times written as if absolute fall outside their parents)"
        }
        return Diagnostic(.error, .ttmlNothingShown, "no cue: the document holds text but none of it is ever shown: \(cause)",
                          at: firstText.location)
    }

    /// The first element that is an image or has one as its background.
    static func firstImage(in element: XMLElementNode) -> XMLElementNode? {
        if element.name.local == "image" || element.attributes.contains(where: { $0.name.local == "backgroundImage" }) { return element }
        for child in element.childElements { if let found = firstImage(in: child) { return found } }
        return nil
    }
}
