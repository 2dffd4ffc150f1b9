import CellKit
@_spi(Testing) import CellKitText
import DiffableStore

/// The feed screen: a text list view, the data source that drives it, and one registration per view
/// model type.
///
/// Everything the demo shows goes through the same pipeline an app's screen would: the feed is described
/// as a ``Snapshot`` of mixed items, the data source checks it, diffs it against what is on screen and
/// performs the batches on the host, and the host configures, recycles and renders the cells.
@MainActor
final class FeedScreen {
    let list: TextListView
    let dataSource: UniversalDataSource<FeedSection>

    /// Makes the screen and registers the feed's views: one line per view model type.
    ///
    /// - Parameters:
    ///   - width: Columns of the viewport.
    ///   - height: Lines of the viewport.
    init(width: Int, height: Int) {
        list = TextListView(width: width, height: height)
        list.showsStateMarkers = false  // the rows draw the cursor themselves
        dataSource = UniversalDataSource(host: list)
        dataSource.sectionLayouts = { $0.layout }
        dataSource.registerCellType(TileCell.self)
        dataSource.registerCellType(RowCell.self)
        dataSource.registerCellType(AlertCell.self)
        do {
            try dataSource.registerSupplementaryView(ofKind: .header, viewType: SectionHeader.self)
            try dataSource.registerSupplementaryView(ofKind: .footer, viewType: SectionFooter.self)
        } catch {
            // One view per kind: a new data source has none registered, so this cannot happen.
            preconditionFailure("\(error)")
        }
    }

    /// Registers what draws a section that has a ``FeedSection/card`` title: a card around its items (a
    /// decoration) and a separator under each of its rows but the last (an item-scoped supplementary view,
    /// kept right as rows come and go). Both are registered for every section: in the others they draw
    /// nothing. Call it before the first ``show(_:animated:)``; the story does not, so its rows stay bare.
    ///
    /// - Throws: ``RegistrationError`` when either kind has a registration already.
    func registerCards() throws(RegistrationError) {
        try dataSource.registerItemSupplementaryView(ofKind: .separator, viewType: FeedSeparator.self) {
            separator, context, _, section in
            separator.isShown = section.card != nil && !context.position.isLast
        }
        try dataSource.registerDecorationView(ofKind: .background, viewType: FeedCard.self) { card, section in
            card.isShown = section.card != nil
            card.title = section.card ?? ""
        }
    }

    /// How many lines a card section adds around the cell of an item: the card's top edge above the first
    /// item, its separator under each item but the last, the card's bottom edge under the last item.
    ///
    /// - Parameter indexPath: An item of the snapshot on screen.
    /// - Returns: The lines above and below the cell; none for an item of a section without a card.
    func cardLines(around indexPath: ListIndexPath) -> (above: Int, below: Int) {
        let snapshot = dataSource.snapshot()
        guard snapshot.sectionIdentifier(at: indexPath.section)?.card != nil else { return (0, 0) }
        let position = PositionInSection(
            item: indexPath.item, count: snapshot.numberOfItems(inSectionAt: indexPath.section))
        return (position.isFirst ? 1 : 0, 1)  // a separator, or the bottom edge under the last
    }

    /// What one apply did: the batches the host performed, and how the host's view counts moved.
    struct Update {
        var hostLog: [String]
        var statistics: TextListView.Statistics
    }

    /// Shows a snapshot, animating the differences, and reports what happened.
    ///
    /// - Parameter snapshot: The feed to show.
    /// - Returns: The update.
    /// - Throws: ``DataSourceError`` when the snapshot cannot be shown; the screen is left as it was.
    @discardableResult
    func show(_ snapshot: Snapshot<FeedSection, AnyHashable>, animated: Bool = true) throws(DataSourceError) -> Update {
        let logStart = list.updateLog.count
        let before = list.statistics
        try dataSource.apply(snapshot, animatingDifferences: animated)
        return Update(
            hostLog: Array(list.updateLog[logStart...]),
            statistics: list.statistics - before)
    }

    /// The viewport in a frame, with a title in the top edge.
    func framed(title: String = "") -> String {
        let caption = title.isEmpty ? "" : " \(title) "
        // A space after the widest line keeps a row that fills the list's width off the frame.
        let top =
            "┌─" + caption + String(repeating: "─", count: max(0, list.width - TextWidth.columns(of: caption)))
            + "┐"
        let body = list.render().split(separator: "\n", omittingEmptySubsequences: false).map { "│\($0) │" }
        let bottom = "└" + String(repeating: "─", count: list.width + 1) + "┘"
        return ([top] + body + [bottom]).joined(separator: "\n")
    }
}

extension TextListView.Statistics {
    /// The counts that changed between two readings.
    static func - (lhs: Self, rhs: Self) -> Self {
        var result = Self()
        result.viewsCreated = lhs.viewsCreated - rhs.viewsCreated
        result.dequeued = lhs.dequeued - rhs.dequeued
        result.reused = lhs.reused - rhs.reused
        result.recycled = lhs.recycled - rhs.recycled
        result.configured = lhs.configured - rhs.configured
        result.reconfiguredInPlace = lhs.reconfiguredInPlace - rhs.reconfiguredInPlace
        result.measured = lhs.measured - rhs.measured
        result.batchUpdates = lhs.batchUpdates - rhs.batchUpdates
        result.reloads = lhs.reloads - rhs.reloads
        return result
    }
}
