// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `CompositionHarness` requirements.)
import CellKit
import CellKitText
import DiffableStore

#if !canImport(UIKit)
@_spi(Testing) import CellKitUIKit
@_spi(Simulation) import UIKitStandIn
#endif

// What the composition tests (slices, outlines, sizing, separators, cards) need of a host beyond
// `HostHarness`: the updates it was told in a host-neutral form, the screen drawn at the views' heights,
// scrolling by lines and to another host's place, interactive moves, and resizing.

/// A `HostHarness` for the composition tests.
@MainActor
public protocol CompositionHarness: HostHarness {
    /// What the list view was told, one operation an entry, oldest first: a batch as `BatchUpdate`
    /// describes it without its reconfigures (`"insert 0.2"`), a reconfigure (`"reconfigure 0.1"`: the
    /// UIKit hosts reconfigure after the batch, so the text host's `"insert 0.2; reconfigure 0.1"` is
    /// two entries too), `"reload data"`.
    var updates: [String] { get }
    /// The viewport, exactly as many lines as it is tall: each view shown drawn at its height (its text
    /// cut there, or padded with blank lines), trailing spaces left out.
    func screen() -> [String]
    /// The height of the content, in lines (points).
    var contentHeight: Int { get }
    /// Scrolls by a number of lines (down when positive), within the content.
    func scroll(byLines lines: Int)
    /// Scrolls to where `other`, a harness of the same kind showing the same content, is scrolled (on the
    /// text host, to its scroll anchor: the row at its top and the lines scrolled past).
    func scroll(like other: any CompositionHarness)
    /// Picks up an item to move it, as a long press (a table's reorder control) does; whether it moves.
    func beginMove(_ indexPath: ListIndexPath) -> Bool
    /// Drags the item being moved over another place.
    func moveDrag(to indexPath: ListIndexPath)
    /// Drops the item being moved where it would drop now.
    func endMove()
    /// Deselects the selected items, telling the delegate.
    func deselectAll()
    /// Changes the size of the viewport.
    func resize(width: Int, height: Int)
}

extension HostKind {
    /// A composition harness with a viewport `height` lines tall and `width` columns wide; the text host
    /// estimates rows it has not measured at `estimatedRowHeight` lines.
    @MainActor
    public func makeComposition(width: Int = 30, height: Int = 10, estimatedRowHeight: Int = 1)
        -> any CompositionHarness
    {
        let harness = make(width: width, height: height)
        if let text = harness as? TextHarness { text.list.estimatedRowHeight = estimatedRowHeight }
        guard let composition = harness as? any CompositionHarness else {
            preconditionFailure("\(type(of: harness)) does not conform to CompositionHarness")
        }
        return composition
    }
}

/// The lines of a text, `"\n"`-separated, empty lines kept.
func lines(of text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// A line without its trailing spaces.
func trimmingTrailingSpaces(_ line: some StringProtocol) -> String {
    var line = Substring(line)
    while line.last == " " { line = line.dropLast() }
    return String(line)
}

// MARK: - Text host

extension TextHarness: CompositionHarness {
    public var updates: [String] {
        list.updateLog.flatMap { entry -> [String] in
            guard let range = entry.range(of: "; reconfigure ") else { return [entry] }
            return [String(entry[..<range.lowerBound]), "reconfigure " + entry[range.upperBound...]]
        }
    }
    public func screen() -> [String] { lines(of: list.render()).map(trimmingTrailingSpaces) }
    public var contentHeight: Int { list.contentHeight }
    public func scroll(byLines lines: Int) { list.scrollBy(lines: lines) }
    public func scroll(like other: any CompositionHarness) {
        guard let other = other as? TextHarness else { preconditionFailure("not a text harness") }
        if let anchor = other.list.scrollAnchor { list.scroll(to: anchor) }
    }
    public func beginMove(_ indexPath: ListIndexPath) -> Bool { list.beginMove(indexPath) }
    public func moveDrag(to indexPath: ListIndexPath) { list.moveDrag(to: indexPath) }
    public func endMove() {
        do { try list.endMove() } catch { preconditionFailure("the text host refused a move: \(error)") }
    }
    public func deselectAll() { list.deselect() }
    public func resize(width: Int, height: Int) { list.resize(width: width, height: height) }
}

#if !canImport(UIKit)

// MARK: - UIKit hosts

/// The stand-in's update log in the host-neutral form of ``CompositionHarness/updates``.
func neutralUpdates(_ log: [String]) -> [String] {
    log.map { entry in
        if entry == "reloadData" { return "reload data" }
        for prefix in ["performBatchUpdates: "] where entry.hasPrefix(prefix) {
            return String(entry.dropFirst(prefix.count))
        }
        for prefix in ["reconfigureItems: ", "reconfigureRows: "] where entry.hasPrefix(prefix) {
            return "reconfigure " + entry.dropFirst(prefix.count)
        }
        return entry
    }
}

/// A viewport `height` points tall scrolled to `offset`, drawn from the views shown and their frames:
/// each view's text lines, one a point, cut at its height or padded with blank lines.
@MainActor
func drawScreen(_ frames: [(view: UIView, top: CGFloat, height: CGFloat)], offset: CGFloat, height: CGFloat)
    -> [String]
{
    var screen = [String](repeating: "", count: Int(height))
    for (view, top, viewHeight) in frames {
        let text = lines(of: (view as? Labelled)?.text ?? "?")
        for line in 0..<Int(viewHeight) {
            let row = Int(top - offset) + line
            guard screen.indices.contains(row) else { continue }
            screen[row] = line < text.count ? trimmingTrailingSpaces(text[line]) : ""
        }
    }
    return screen
}

extension CollectionHarness: CompositionHarness {
    public var updates: [String] { neutralUpdates(collectionView._updateLog) }
    public func screen() -> [String] {
        let frames = collectionView._visibleFramesTopToBottom.map { ($0.view as UIView, $0.top, $0.height) }
        collectionHost.deliverPendingEvents()
        return drawScreen(frames, offset: collectionView.contentOffset.y, height: collectionView.frame.height)
    }
    public var contentHeight: Int {
        collectionView.layoutIfNeeded()
        return Int(collectionView.contentSize.height)
    }
    public func scroll(byLines lines: Int) {
        scroll(toLine: min(max(0, topLine + lines), max(0, contentHeight - Int(collectionView.frame.height))))
    }
    public func scroll(like other: any CompositionHarness) { scroll(toLine: other.topLine) }
    public func beginMove(_ indexPath: ListIndexPath) -> Bool {
        collectionView.beginInteractiveMovementForItem(at: indexPath.indexPath)
    }
    public func moveDrag(to indexPath: ListIndexPath) {
        collectionView._updateInteractiveMovementTarget(indexPath.indexPath)
    }
    public func endMove() {
        collectionView.endInteractiveMovement()
        collectionHost.deliverPendingEvents()
    }
    public func deselectAll() {
        for path in selectedIndexPaths { collectionHost.deselectItem(at: path) }
    }
    public func resize(width: Int, height: Int) {
        collectionView.frame = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
        collectionView.layoutIfNeeded()
        collectionHost.deliverPendingEvents()
    }
}

extension TableHarness: CompositionHarness {
    public var updates: [String] { neutralUpdates(tableView._updateLog) }
    public func screen() -> [String] {
        let frames = tableView._visibleFramesTopToBottom
        tableHost.deliverPendingEvents()
        return drawScreen(frames, offset: tableView.contentOffset.y, height: tableView.frame.height)
    }
    public var contentHeight: Int {
        tableView.layoutIfNeeded()
        return Int(tableView.contentSize.height)
    }
    public func scroll(byLines lines: Int) {
        scroll(toLine: min(max(0, topLine + lines), max(0, contentHeight - Int(tableView.frame.height))))
    }
    public func scroll(like other: any CompositionHarness) { scroll(toLine: other.topLine) }
    public func beginMove(_ indexPath: ListIndexPath) -> Bool {
        tableView.isEditing = true
        return tableView._beginReorder(at: indexPath.indexPath)
    }
    public func moveDrag(to indexPath: ListIndexPath) {
        tableView._updateReorderTarget(indexPath.indexPath)
    }
    public func endMove() {
        tableView._endReorder()
        tableView.isEditing = false
        tableHost.deliverPendingEvents()
    }
    public func deselectAll() {
        for path in selectedIndexPaths { tableHost.deselectItem(at: path) }
    }
    public func resize(width: Int, height: Int) {
        tableView.frame = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
        tableView.layoutIfNeeded()
        tableHost.deliverPendingEvents()
    }
}
#endif
