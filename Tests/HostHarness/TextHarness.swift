// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` and `Labelled` requirements.)
import CellKit
import DiffableStore
@_spi(Testing) import CellKitText

/// A text-host cell that shows its label.
@MainActor public final class TextLabelCell: TextCell, Labelled {}

/// `HostHarness` on a `TextListView`.
@MainActor
public final class TextHarness: HostHarness {
    /// The list.
    public let list: TextListView
    /// A list `width` columns wide and `height` lines tall.
    public init(width: Int = 30, height: Int) { list = TextListView(width: width, height: height) }
    public var host: any ListHost { list }
    public func setDelegate(_ delegate: any ListHostDelegate) { list.delegate = delegate }
    public func registerLabel<S: Hashable, Item>(
        _ dataSource: UniversalDataSource<S>, for itemType: Item.Type,
        text: @escaping @MainActor (CellContext, Item) -> String
    ) {
        dataSource.registerCell(itemType: itemType, cellType: TextLabelCell.self) { cell, context, item in
            cell.text = text(context, item)
        }
    }
    public func registerLabel<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (ListIndexPath, S) -> String
    ) throws {
        try dataSource.registerSupplementaryView(ofKind: kind, viewType: TextLabelCell.self) {
            view, indexPath, section in
            view.text = text(indexPath, section)
        }
    }
    public func render() -> [String] {
        list.render().split(separator: "\n").map { line in
            var line = Substring(line)
            while line.last == " " { line = line.dropLast() }
            return String(line)
        }.filter { !$0.isEmpty }
    }
    public func select(_ indexPath: ListIndexPath) { list.select(indexPath) }
    public var selectedIndexPaths: [ListIndexPath] { list.selectedIndexPath.map { [$0] } ?? [] }
    public func scroll(toLine line: Int) { list.scroll(toLine: line) }
    public func scrollToEnd() { list.scrollToEnd() }
    public var topLine: Int { list.firstVisibleLine }
    public func cell(at indexPath: ListIndexPath) -> AnyObject? { list.cellForItem(at: indexPath) }
    public var viewsCreated: Int { list.statistics.viewsCreated }
    public var problems: [String] { [] }
}
