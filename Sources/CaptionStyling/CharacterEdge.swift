/// The character edge attribute of FCC 47 CFR 79.103(c)(7) (Apple's `MACaptionAppearanceTextEdgeStyle`):
/// what is drawn around each glyph so that text stays readable without a background.
public enum CharacterEdge: String, Sendable, Hashable, CaseIterable {
    case none
    /// Lit from the top left: a light edge above-left and a dark one below-right.
    case raised
    /// The inverse of `raised`: the text looks pressed in.
    case depressed
    /// An outline of even width all round.
    case uniform
    /// A shadow offset down and to the right.
    case dropShadow = "drop-shadow"
}
