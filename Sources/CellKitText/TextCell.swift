import CellKit
import DiffableStore

/// A view a ``TextListView`` shows: a cell, header or footer that renders itself as lines of text.
///
/// Subclass it, adopt `ConfigurableView`, and either set ``text`` when configured or override
/// ``render(width:)``. The view sizes itself: its height is the number of lines it renders (at least
/// one), measured when it is configured and kept until its item is reloaded or reconfigured.
///
/// ```swift
/// final class FruitCell: TextCell, ConfigurableView {
///     var name = ""
///     func configure(with viewModel: String) { name = viewModel }
///     override func render(width: Int) -> [String] { ["• " + name] }
///     override func prepareForReuse() { super.prepareForReuse(); name = "" }
/// }
/// ```
///
/// The host's bookkeeping (``indexPath``, ``supplementaryKind``, ``isSelected``, ``isHighlighted``) is set by the
/// host, so tests can see where each view is; ``configureCount`` and ``prepareForReuseCount`` count what
/// happened to the view, for a test that checks a screen configured or reused its views as it should.
@MainActor
open class TextCell: ReusableView {
    /// The text the default ``render(width:)`` shows, one line per `"\n"`-separated part.
    public var text: String = ""

    /// How many times the host had this view configured by its data source, in place or after a dequeue.
    ///
    /// A view you show as a ``/CellKit/StaticView`` is never configured: its count stays 0.
    public internal(set) var configureCount = 0

    /// How many times ``prepareForReuse()`` was called on this view by the host.
    public internal(set) var prepareForReuseCount = 0

    /// Where the view shows: the item's index path for a cell, `section.0` for a supplementary view;
    /// `nil` while the view waits in a reuse pool.
    public internal(set) var indexPath: ListIndexPath? {
        didSet { attachments?.follow(indexPath) }
    }

    /// The kind of a supplementary view (header, footer, ...); `nil` for a cell.
    public internal(set) var supplementaryKind: SupplementaryKind?

    /// Whether the item the cell shows is selected.
    public internal(set) var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }

    /// Whether the item the cell shows is highlighted (``TextListView/highlight(_:)``).
    public internal(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    /// Whether the item the cell shows has the focus (``TextListView/focus(_:)``,
    /// ``TextListView/moveFocus(_:)``).
    public internal(set) var isFocused = false {
        didSet { if isFocused != oldValue { stateDidChange() } }
    }

    /// The item (for a cell) or section identifier (for a supplementary view) the view was last
    /// configured for, as the data source named it then: what the host's display events name.
    var shownIdentity: AnyHashable?

    /// For a cell: the state the host had it configured with (``/CellKit/CellContext/state``); the host
    /// asks the data source again when the item's state changes while it shows.
    var configuredState: CellState?

    /// The reuse identifier the view was made for, and its kind for a supplementary view; `nil` for a view
    /// the host did not make.
    var poolKey: PoolKey?

    /// The container showing this view when it is a static view (``/CellKit/StaticView``), if any.
    weak var staticContainer: StaticViewCell?
    /// For an item's cell: the item-scoped supplementary views and decorations shown with its row.
    var attachments: RowAttachments?
    /// For a grid item's cell: the lines the cell itself measured at its column's width, when it last
    /// measured (its slot is as tall as its tallest item).
    var gridCellLines: Int?

    /// Makes an empty view.
    public required init() {}

    /// The lines the view shows for a width; the view's height is the number of lines (at least one).
    ///
    /// Lines wider than `width` are cut with an ellipsis and narrower ones padded by the host, so an
    /// override need not measure. The default splits ``text`` at newlines; an empty text is one blank line.
    ///
    /// - Parameter width: The number of columns available.
    /// - Returns: The lines, top to bottom.
    open func render(width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Called when the host changes ``isSelected`` or ``isHighlighted``, to restyle the view, as a
    /// UIKit cell does in `isHighlighted`'s and `isSelected`'s observers. Does nothing by default.
    open func stateDidChange() {}

    /// Resets the view before the host hands it out again from its reuse pool.
    ///
    /// The default clears ``text``; an override should call `super`.
    open func prepareForReuse() {
        text = ""
    }
}

/// Where a view is recycled: its reuse identifier, and its kind for a supplementary view.
struct PoolKey: Hashable {
    var kind: SupplementaryKind?
    var reuseIdentifier: String
}
