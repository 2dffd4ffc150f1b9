#if !canImport(UIKit)
import DiffableStore
import Foundation

/// The scroll view UIKit embeds an orthogonally scrolling section's cells in: one per section index,
/// as tall as the section's band and as wide as the collection view, its content the section's items side
/// by side. UIKit does not document the view (its cells' `superview` is a `UIScrollView`), nor what
/// becomes of its offset when sections move: the stand-in keeps each offset by section index through
/// batch updates and reloads, the behaviour behind the reports of a reused carousel showing another
/// section's offset (IGListKit issues 133, 1433), which a host must undo.
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/orthogonalscrollingbehavior
final class OrthogonalScrollView: UIScrollView {
    /// Called when the offset changes (a scroll, or a host setting it).
    var onScroll: (() -> Void)?

    override func _contentOffsetDidChange() { onScroll?() }
}

/// Orthogonally scrolling sections: their offsets, which of their items are in view, the visible items
/// handler, and where their cells live.
extension ListViewEngine {
    /// The horizontal offset of an orthogonally scrolling section (0 before it was scrolled).
    func orthogonalOffset(ofSection section: Int) -> CGFloat {
        guard view._scrollsOrthogonally(section: section) else { return 0 }
        return orthogonalScrollers[section]?.contentOffset.x ?? 0
    }

    /// The scroll view of an orthogonally scrolling section, made the first time it is needed.
    func orthogonalScroller(ofSection section: Int) -> OrthogonalScrollView {
        if let scroller = orthogonalScrollers[section] { return scroller }
        let scroller = OrthogonalScrollView(frame: .zero)
        scroller.onScroll = { [unowned self] in orthogonalOffsetChanged() }
        orthogonalScrollers[section] = scroller
        return scroller
    }

    /// Whether an item of an orthogonally scrolling section lies within the section's visible width at
    /// its offset.
    func isInView(_ slot: Slot, ofOrthogonalSection section: Int) -> Bool {
        let leading = orthogonalOffset(ofSection: section)
        let width = slot.width ?? view.frame.width
        return width > 0 && slot.x + width > leading && slot.x < leading + view.frame.width
    }

    /// Whether an item shows at its section's sideways offset (any item of a section that does not
    /// scroll sideways does).
    func isInViewSideways(_ path: ListIndexPath) -> Bool {
        guard view._scrollsOrthogonally(section: path.section), let slot = slot(of: path) else { return true }
        return isInView(slot, ofOrthogonalSection: path.section)
    }

    /// The width of an orthogonally scrolling section's content: to the trailing edge of its last item.
    func orthogonalContentWidth(ofSection section: Int) -> CGFloat {
        guard itemSlots.indices.contains(section) else { return 0 }
        return itemSlots[section].map { $0.x + ($0.width ?? view.frame.width) }.max() ?? 0
    }

    /// Sizes each orthogonal section's scroll view to its band and content, and keeps its offset inside
    /// the content, as a scroll view whose content shrank does.
    func layOutOrthogonalScrollers() {
        for section in itemSlots.indices where view._scrollsOrthogonally(section: section) {
            let scroller = orthogonalScroller(ofSection: section)
            let slots = itemSlots[section]
            let top = slots.first?.top ?? 0
            let height = slots.map(\.bottom).max().map { $0 - top } ?? 0
            scroller.frame = CGRect(x: 0, y: top, width: view.frame.width, height: height)
            scroller.contentSize = CGSize(width: orthogonalContentWidth(ofSection: section), height: height)
            let maximum = max(0, scroller.contentSize.width - view.frame.width)
            if scroller.contentOffset.x > maximum { scroller.contentOffset.x = maximum }
        }
    }

    /// The offset of a section's scroll view changed: the cells in view follow at once (during a layout
    /// pass, the pass places them again).
    func orthogonalOffsetChanged() {
        needsLayout = true
        if isLayingOut {
            orthogonalOffsetMoved = true
        } else {
            layoutIfNeeded()
        }
    }

    /// Scrolls an orthogonally scrolling section sideways to an offset (kept inside its content) and lays
    /// out, as a scroll gesture's frame would; the collection view's own offset and delegate are not
    /// involved (the section scrolls in a scroll view of its own).
    func scrollOrthogonalSection(_ section: Int, toX x: CGFloat) {
        layoutIfNeeded()
        guard view._scrollsOrthogonally(section: section) else {
            raise("section \(section) does not scroll orthogonally")
            return
        }
        let scroller = orthogonalScroller(ofSection: section)
        let target = min(max(0, x), max(0, scroller.contentSize.width - view.frame.width))
        horizontalScroll = (section, target >= scroller.contentOffset.x)
        scroller.contentOffset.x = target
        layoutIfNeeded()
    }

    /// Calls the visible items handler of each section in the viewport, before its new views display;
    /// when a handler moves a section's offset, the views in view are updated again (at most a few
    /// rounds: a handler that keeps moving it is a bug of its own).
    func tellOrthogonalSections() {
        for _ in 0..<4 {
            // A handler finds a section's cells in its scroll view, as UIKit embeds them.
            placeOrthogonalCells()
            orthogonalOffsetMoved = false
            for section in itemSlots.indices {
                let slots = itemSlots[section]
                guard let top = slots.first?.top, let bottom = slots.map(\.bottom).max(),
                    isVisible(Slot(top: top, height: bottom - top))
                else { continue }
                let sideways = view._scrollsOrthogonally(section: section)
                let leading = sideways ? orthogonalOffset(ofSection: section) : 0
                let items = slots.enumerated().compactMap { item, slot -> (IndexPath, CGRect)? in
                    guard isVisible(slot), !sideways || isInView(slot, ofOrthogonalSection: section) else { return nil }
                    let frame = CGRect(
                        x: slot.x - leading, y: slot.top, width: slot.width ?? view.frame.width, height: slot.height)
                    return (ListIndexPath(item: item, section: section).indexPath, frame)
                }
                view._willDisplayItems(
                    ofSection: section, items, offset: CGPoint(x: leading, y: view.contentOffset.y))
            }
            guard orthogonalOffsetMoved else { return }
            updateVisible(endingHidden: true)
        }
        placeOrthogonalCells()
    }

    /// Puts each cell shown in an orthogonal section into its section's scroll view (and takes the
    /// others out of one), as UIKit embeds them.
    func placeOrthogonalCells() {
        for (path, cell) in cells {
            let scroller =
                view._scrollsOrthogonally(section: path.section) ? orthogonalScroller(ofSection: path.section) : nil
            guard cell.superview !== scroller else { continue }
            if cell.superview is OrthogonalScrollView { cell.removeFromSuperview() }
            scroller?.addSubview(cell)
        }
    }

    /// Up to `prefetchDistance` items of an orthogonal section beyond the ones shown, in the direction
    /// of its last sideways scroll.
    func prefetchWindow(ofOrthogonalSection section: Int, forward: Bool, shown: Set<ListIndexPath>) -> [ListIndexPath] {
        guard prefetchDistance > 0, let counts, counts.indices.contains(section) else { return [] }
        let inView = shown.filter { $0.section == section }.map(\.item)
        guard let first = inView.min(), let last = inView.max() else { return [] }
        let candidates = forward ? Array(last + 1..<counts[section]) : Array((0..<first).reversed())
        return candidates.prefix(prefetchDistance).map { ListIndexPath(item: $0, section: section) }
    }
}
#endif
