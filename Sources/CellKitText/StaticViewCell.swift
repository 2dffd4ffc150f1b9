@_spi(ListHost) import CellKit
import DiffableStore

/// The container a ``TextListView`` shows ``/CellKit/StaticView`` items in: it renders the static view's
/// lines as they are, and never configures the view or prepares it for reuse.
///
/// A static view shows in one container at a time, the one its ``TextCell/staticContainer`` names:
/// embedding it in another container moves it there. A container handed out again from the reuse pool
/// lets go of its view only if it still owns it; a view that moved on stays where it is.
@MainActor
final class StaticViewCell: TextCell, StaticViewContainer {
    /// The static view last embedded here; the container shows it only while it owns it.
    private var embedded: TextCell?

    /// The static view this container shows: the one embedded here, while it has not moved on.
    var shown: TextCell? {
        guard let embedded, embedded.staticContainer === self else { return nil }
        return embedded
    }

    func embed(_ view: AnyObject) {
        guard let block = view as? TextCell else {
            preconditionFailure("TextListView shows TextCell subclasses; a StaticView holds a \(type(of: view))")
        }
        embedded = block
        block.staticContainer = self
    }

    override func render(width: Int) -> [String] {
        shown?.render(width: width) ?? [""]
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        // Let go of the view only if it is still here: it may show in another container now.
        if let shown { shown.staticContainer = nil }
        embedded = nil
    }
}

extension TextListView {
    /// The container ``/CellKit/StaticView`` items show in: their view, a ``TextCell`` you own, is shown as
    /// it renders, never configured or prepared for reuse by the list.
    @_spi(ListHost) public var staticViewContainerType: (any StaticViewContainer.Type)? { StaticViewCell.self }
}

extension TextListView {
    /// The static view showing at an index path (in its container cell), if the item is a visible
    /// ``/CellKit/StaticView``.
    @_spi(Testing)
    public func staticView(at indexPath: ListIndexPath) -> TextCell? {
        (cellForItem(at: indexPath) as? StaticViewCell)?.shown
    }
}

extension TextCell {
    /// The container cell this static view shows in now, if any.
    @_spi(Testing)
    public var staticViewContainer: TextCell? { staticContainer }
}
