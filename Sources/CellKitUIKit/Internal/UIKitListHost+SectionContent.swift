#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import DiffableStore

// A section whose identifier changed content (a new title under the same id), for both hosts: its visible
// headers and footers are configured again in place, and its rows are left alone.

extension UIKitListHost {
    /// Configures the visible headers and footers of these sections again, in place: each is taken from
    /// the list view (`supplementaryView(forElementKind:at:)`, `headerView(forSection:)`,
    /// `footerView(forSection:)`) and handed to the data source, whose dequeue returns it; then the list
    /// view asks for its sizes again, so a header that grew or shrank, shown or not, takes its new
    /// height. Should the data source want a view of another class there, the list view reloads.
    func reconfigureKnownSupplementaryViews(inSections sections: [Int]) {
        transaction {
            layoutListView()
            let counts = knownCounts()
            let targets = Set(sections).filter { counts.indices.contains($0) }.sorted()
            guard let dataSource, !targets.isEmpty else { return }
            let kinds = dataSource.supplementaryKinds(in: self).filter { $0 == .header || $0 == .footer }
            var keptEveryView = true
            for section in targets {
                for kind in kinds {
                    guard let view = visibleSupplementaryViewInListView(ofKind: kind, inSection: section) else {
                        continue
                    }
                    state.inPlaceSupplementary = (kind, section, view)
                    let path = ListIndexPath(item: 0, section: section)
                    let configured = dataSource.supplementaryView(ofKind: kind, at: path, in: self)
                    state.inPlaceSupplementary = nil
                    guard configured === view else {
                        keptEveryView = false
                        continue
                    }
                    state.shownSections[ObjectIdentifier(view)] = dataSource.sectionIdentifier(at: section, in: self)
                }
            }
            if keptEveryView {
                relayoutListView()
            } else {
                reloadEverything()
            }
        }
    }

    /// While a header or footer is configured again in place, the view the data source's dequeue gets:
    /// the view itself when the data source asks for its reuse identifier; otherwise a sizing view, off
    /// screen (the list view then reloads). `nil` for any other dequeue.
    func inPlaceSupplementaryView(
        ofKind kind: SupplementaryKind, reuseIdentifier: String, for indexPath: ListIndexPath
    ) -> AnyObject? {
        guard let target = state.inPlaceSupplementary, target.kind == kind, target.section == indexPath.section
        else { return nil }
        if reuseIdentifierInListView(of: target.view) == reuseIdentifier { return target.view }
        return sizingView(ofKind: kind, reuseIdentifier: reuseIdentifier)
    }
}
