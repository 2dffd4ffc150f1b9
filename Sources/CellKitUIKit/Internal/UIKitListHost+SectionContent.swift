#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// A section whose identifier changed content (a new title under the same id), for both hosts: its visible
// headers and footers are configured again in place, and its rows are left alone.

extension UIKitListHost {
    /// Configures the visible headers and footers of these sections again, in place: each is taken from
    /// the list view (`supplementaryView(forElementKind:at:)`, `headerView(forSection:)`,
    /// `footerView(forSection:)`) and handed to the data source to configure; then the list
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
                    let path = ListIndexPath(item: 0, section: section)
                    // The view itself when the data source names its reuse identifier again; otherwise a
                    // sizing view, off screen (the list view then reloads).
                    let configured = configuredView(for: .supplementary(kind, path)) { key in
                        reuseIdentifierInListView(of: view) == key.reuseIdentifier ? view : sizingView(for: key)
                    }
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
}
