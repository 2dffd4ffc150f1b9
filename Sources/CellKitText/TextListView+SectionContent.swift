@_spi(ListHost) import CellKit
import DiffableStore

// A section whose identifier changed content (a new title under the same id): its supplementary views
// are configured again in place, and its rows are left alone.

extension TextListView {
    /// Configures the supplementary views of these sections again, in place: the visible headers and
    /// footers (the data source's dequeue returns the view already showing), and the item-scoped and
    /// decoration views attached to the sections' visible items (their cells are not configured again).
    /// The reconfigured views are measured again; the supplementary rows not visible forget their height
    /// and are measured when they next come into view. Logs `"reconfigure supplementary views in
    /// sections 0, 2"`.
    ///
    /// - Parameter sections: Section indices in the current state; ones outside the list are ignored.
    /// - Complexity: O(k log k + k·a + v) for *k* sections, *a* supplementary kinds and *v* visible rows,
    ///   plus configuring the visible views and laying out.
    public func reconfigureSupplementaryViews(inSections sections: [Int]) {
        transaction {
            loadIfNeeded()
            let targets = Set(sections).filter { $0 >= 0 && $0 < rows.sectionCount }.sorted()
            guard let dataSource, !targets.isEmpty else { return }
            updateLog.append(
                "reconfigure supplementary views in sections "
                    + targets.map(String.init).joined(separator: ", "))
            for section in targets {
                for kind in rows.kindsAbove + rows.kindsBelow {
                    guard let row = rows.row(at: .supplementary(kind, section: section)) else { continue }
                    reconfigureSupplementary(row: row, kind: kind, section: section, from: dataSource)
                }
            }
            if !attachmentState.isEmpty {
                let changed = Set(targets)
                for (row, view) in displayed {
                    guard case .item(let path) = rows.location(ofRow: row), changed.contains(path.section) else {
                        continue
                    }
                    attach(to: view, at: path, from: .inPlace(view.attachments?.views ?? []))
                    measure(view, row: row)
                }
            }
            layout()
            _checkInvariantsInDebug()
        }
    }

    /// Configures a section's supplementary row again in place when it is visible (the data source may
    /// now give none, or a view of another class); otherwise forgets its height.
    private func reconfigureSupplementary(
        row: Int, kind: SupplementaryKind, section: Int, from dataSource: any ListHostDataSource
    ) {
        guard let index = displayedIndex(ofRow: row) else {
            rows.invalidateHeight(ofRow: row)
            return
        }
        let location = RowLocation.supplementary(kind, section: section)
        let view = displayed[index].view
        statistics.configured += 1
        // The view itself when the data source names its kind and reuse identifier again.
        guard let cell = configuredView(for: location.element, from: .inPlace([view])) else {
            endDisplaying(view, at: location)
            displayed.remove(at: index)
            rows.setHeight(0, ofRow: row)
            return
        }
        cell.configureCount += 1
        let identity = dataSource.sectionIdentifier(at: section, in: self)
        if cell !== view {
            endDisplaying(view, at: location)
            displayed[index].view = cell
            cell.indexPath = location.indexPath
            cell.shownIdentity = identity
            events.append(location.willDisplay(identity))
        } else {
            cell.shownIdentity = identity
        }
        measure(cell, row: row)
    }
}
