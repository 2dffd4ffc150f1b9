import CellKit

/// The container a ``TextListView`` shows ``StaticView`` items in: it renders the static view's lines
/// as they are, and never configures the view or prepares it for reuse.
///
/// A static view shows in one container at a time: embedding it takes it from the container that
/// showed it before. A container handed out again from the reuse pool lets go of its view only if it
/// still shows it.
@MainActor
final class StaticViewCell: TextCell, StaticViewContainer {
    /// The static view this container shows; it may have moved to another container since (then
    /// ``TextCell/staticContainer`` of the view is that container).
    private(set) var shown: TextCell?

    func embed(_ view: AnyObject) {
        guard let block = view as? TextCell else {
            preconditionFailure("TextListView shows TextCell subclasses; a StaticView holds a \(type(of: view))")
        }
        if shown === block && block.staticContainer === self { return }
        if let previous = block.staticContainer, previous !== self { previous.shown = nil }
        shown = block
        block.staticContainer = self
    }

    /// Whether the container shows `view` now.
    func owns(_ view: TextCell) -> Bool {
        shown === view && view.staticContainer === self
    }

    override func render(width: Int) -> [String] {
        shown?.render(width: width) ?? [""]
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        if let shown, shown.staticContainer === self { shown.staticContainer = nil }
        shown = nil
    }
}

extension TextListView {
    /// The container ``StaticView`` items show in: their view, a ``TextCell`` you own, is shown as it
    /// renders, never configured or prepared for reuse by the list.
    public var staticViewContainerType: (any StaticViewContainer.Type)? { StaticViewCell.self }
}
