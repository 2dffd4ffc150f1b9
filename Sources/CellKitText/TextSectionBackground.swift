import CellKit

/// A section background a ``TextListView`` draws around a section's items: a card.
///
/// Register it (or a subclass) as a decoration view; the list draws it around exactly the section's
/// item rows, leaving out the header and footer, and a section without items has none:
///
/// ```swift
/// try dataSource.registerDecorationView(ofKind: .background, viewType: TextSectionBackground.self) { card, section in
///     card.title = section.name
/// }
/// // ╭─ Today ──────╮
/// // │ Write        │
/// // │ Test         │
/// // ╰──────────────╯
/// ```
///
/// The list draws a background piece by piece with each item row: the top edge with the section's first
/// item, the sides with every item (and its item-scoped supplementary views, such as separators), the
/// bottom edge with the last item. The items render ``insets`` columns narrower, and are sized for that
/// width: an `ItemSizing` calculation is asked for it, and a cell is measured at it. When an edit makes
/// another item the first or last one, the data source configures it again and the edges move with it.
///
/// Around a grid section, it frames the whole grid, a grid row at a time; around a carousel section, the
/// whole strip (its `‹` `›` gutters inside), drawn as for a section's only item, and the strip is as
/// wide as the frame leaves.
///
/// Override ``frame(_:width:position:)`` to draw another frame.
@MainActor
open class TextSectionBackground: TextCell {
    /// How the frame's corners and edges are drawn.
    public enum Style: Hashable, Sendable {
        /// `╭─╮ │ │ ╰─╯`.
        case rounded
        /// `┌─┐ │ │ └─┘`.
        case square
    }

    /// How the frame is drawn; ``Style/rounded`` by default.
    public var style: Style = .rounded

    /// A title shown in the top edge; empty (the default) for none.
    public var title: String = ""

    /// The columns the frame takes on each side of an item's lines: 2 (`"│ "` and `" │"`). A subclass
    /// that changes them draws its own ``frame(_:width:position:)``.
    open var insets: (leading: Int, trailing: Int) { (2, 2) }

    /// The lines of an item row inside the frame: the item's lines with the sides, under the top edge
    /// for the first item of the section and above the bottom edge for the last.
    ///
    /// - Parameters:
    ///   - lines: The item's lines (its cell's, then its item-scoped supplementary views'), each
    ///     `width - insets.leading - insets.trailing` columns wide.
    ///   - width: The width of the framed lines.
    ///   - position: The item's position in its section.
    /// - Returns: The framed lines, each `width` columns wide.
    open func frame(_ lines: [String], width: Int, position: PositionInSection) -> [String] {
        let corners: (topLeft: String, topRight: String, bottomLeft: String, bottomRight: String) =
            style == .rounded ? ("╭", "╮", "╰", "╯") : ("┌", "┐", "└", "┘")
        let inner = max(0, width - 2)
        var framed: [String] = []
        framed.reserveCapacity(lines.count + 2)
        if position.isFirst {
            let label =
                title.isEmpty ? "" : TextWidth.fit("─ \(title) ", width: min(inner, TextWidth.columns(of: title) + 3))
            let rule = String(repeating: "─", count: max(0, inner - TextWidth.columns(of: label)))
            framed.append(corners.topLeft + label + rule + corners.topRight)
        }
        for line in lines {
            framed.append("│ " + line + " │")
        }
        if position.isLast {
            framed.append(corners.bottomLeft + String(repeating: "─", count: inner) + corners.bottomRight)
        }
        return framed
    }

    /// Resets ``title`` and ``style`` (and the text) before the view is reused.
    open override func prepareForReuse() {
        super.prepareForReuse()
        title = ""
        style = .rounded
    }
}
