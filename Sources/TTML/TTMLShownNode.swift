internal import XML

/// A node of what a region shows at some time, as the inline content is made from it: either a
/// node of the ISD tree (`TTMLISDNode`), or read straight from the region's selection
/// (`TTMLSelectedNode`) when nothing in the document can change styles over time, so that no
/// tree need be made for a cue.
protocol TTMLShownNode {
    associatedtype Children: Sequence where Children.Element == Self
    /// The node, by index into `TTMLDocument.nodes`.
    var node: Int { get }
    /// Its specified styles at the time.
    var styles: [XMLName: XMLAttribute] { get }
    var children: Children { get }
}

extension TTMLShownNode {
    var firstChild: Self? {
        var children = children.makeIterator()
        return children.next()
    }
}

extension TTMLISDNode: TTMLShownNode {}

/// A node of a selection (`TTMLISDBuilder.selectRegion`) of a document without `set`s: its
/// styles are its specified ones. Valid while the selection's and the nodes' buffers are.
struct TTMLSelectedNode: TTMLShownNode {
    let selection: UnsafeBufferPointer<Int>
    /// Where the node's index is in `selection`.
    let position: Int
    let nodes: UnsafeBufferPointer<TTMLContentNode>

    var node: Int { selection[position] }
    var styles: [XMLName: XMLAttribute] { nodes[selection[position]].specifiedStyles }
    var children: Children { Children(parent: self) }

    /// The node that a selection shows first (its first entry that is a node: set markers of the
    /// region come before it).
    static func root(of selection: UnsafeBufferPointer<Int>, nodes: UnsafeBufferPointer<TTMLContentNode>) -> TTMLSelectedNode {
        TTMLSelectedNode(selection: selection, position: selection.firstIndex { $0 >= 0 }!, nodes: nodes)
    }

    /// The children in order: each starts where the one before it closed.
    struct Children: Sequence, IteratorProtocol {
        let parent: TTMLSelectedNode
        var cursor: Int

        init(parent: TTMLSelectedNode) {
            self.parent = parent
            cursor = parent.position + 1
            while parent.selection[cursor] < TTMLISDBuilder.close { cursor += 1 }  // the node's set markers
        }

        mutating func next() -> TTMLSelectedNode? {
            let selection = parent.selection
            guard selection[cursor] != TTMLISDBuilder.close else { return nil }
            let child = TTMLSelectedNode(selection: selection, position: cursor, nodes: parent.nodes)
            // Past the child's subtree: its matching close.
            var depth = 1
            var k = cursor + 1
            while depth > 0 {
                let entry = selection[k]
                if entry == TTMLISDBuilder.close { depth -= 1 } else if entry >= 0 { depth += 1 }
                k += 1
            }
            cursor = k
            return child
        }
    }
}
