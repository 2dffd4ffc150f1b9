import CellKit
import DiffableStore

/// What an item row of a ``TextListView`` shows besides its cell: the item's item-scoped supplementary
/// views (below the cell's lines, in kind order) and its section's decorations (drawn around both, the
/// first kind outermost), framed for the item's position in its section.
///
/// The cell holds them (``TextCell/attachments``), so they move with it through batches and go back to
/// the pools with it.
@MainActor
final class RowAttachments {
    /// The item-scoped supplementary views, by kind, in the order the data source lists the kinds.
    var supplementaries: [(kind: SupplementaryKind, view: TextCell)] = []
    /// The decoration views, by kind, outermost first.
    var backgrounds: [(kind: SupplementaryKind, view: TextSectionBackground)] = []
    /// The item's position in its section when the row was configured.
    var position = PositionInSection.only

    var isEmpty: Bool { supplementaries.isEmpty && backgrounds.isEmpty }

    /// A cell's lines cut or padded with blank lines to `count`, when given.
    static func fitted(_ lines: [String], to count: Int?) -> [String] {
        guard let count else { return lines }
        return lines.count >= count
            ? Array(lines.prefix(count)) : lines + Array(repeating: "", count: count - lines.count)
    }

    /// Every view attached, supplementary views first.
    var views: [TextCell] { supplementaries.map(\.view) + backgrounds.map(\.view) }

    /// Keeps the attached views' index paths with their cell's.
    func follow(_ indexPath: ListIndexPath?) {
        for view in views { view.indexPath = indexPath }
    }

    /// The columns the cell and the supplementary views render at in a row `width` columns wide: what the
    /// decorations' insets leave (at least 1).
    func innerWidth(_ width: Int) -> Int {
        max(1, width - backgrounds.reduce(0) { $0 + $1.view.insets.leading + $1.view.insets.trailing })
    }

    /// The row's lines for a width: the cell's lines (at least one; exactly `cellLines` when the item's
    /// size is known) and the supplementary views', each fitted to the width left inside the
    /// decorations, then framed by each decoration, innermost first.
    func lines(of cell: TextCell, width: Int, cellLines: Int? = nil) -> [String] {
        var inner = innerWidth(width)
        var lines = Self.fitted(cell.render(width: inner), to: cellLines).map { TextWidth.fit($0, width: inner) }
        if lines.isEmpty { lines = [TextWidth.fit("", width: inner)] }
        for (_, view) in supplementaries {
            lines += view.render(width: inner).map { TextWidth.fit($0, width: inner) }
        }
        for (_, background) in backgrounds.reversed() {
            inner += background.insets.leading + background.insets.trailing
            lines = background.frame(lines, width: inner, position: position)
        }
        return lines
    }
}

/// The kinds a ``TextListView`` attaches to item rows, read when it loads.
struct AttachmentState {
    /// The data source's item-scoped supplementary kinds.
    var itemKinds: [SupplementaryKind] = []
    /// The data source's decoration kinds.
    var decorationKinds: [SupplementaryKind] = []

    /// Whether item rows get anything attached.
    var isEmpty: Bool { itemKinds.isEmpty && decorationKinds.isEmpty }
}
