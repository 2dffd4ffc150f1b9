#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit

// The table view's focus properties, set where the data source's focus behaviour asks
// (UIKitListHost+Focus.swift).

extension TableViewHost {
    var allowsFocusInListView: Bool {
        if #available(iOS 15.0, tvOS 15.0, *) { return tableView.allowsFocus }
        return true
    }

    func configureFocusInListView(selectionFollowsFocus: Bool) {
        if #available(iOS 15.0, tvOS 15.0, *) { tableView.allowsFocus = true }
        #if !os(tvOS)
        if #available(iOS 14.0, *) { tableView.selectionFollowsFocus = selectionFollowsFocus }
        #endif
        tableView.remembersLastFocusedIndexPath = false
    }

    func updateFocusInListView() {
        tableView.setNeedsFocusUpdate()
        tableView.updateFocusIfNeeded()
    }
}
