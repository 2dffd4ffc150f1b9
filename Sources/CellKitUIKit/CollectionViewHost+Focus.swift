#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit

// The collection view's focus properties, set where the data source's focus behaviour asks
// (UIKitListHost+Focus.swift).

extension CollectionViewHost {
    var allowsFocusInListView: Bool {
        if #available(iOS 15.0, tvOS 15.0, *) { return collectionView.allowsFocus }
        return true
    }

    func configureFocusInListView(selectionFollowsFocus: Bool) {
        if #available(iOS 15.0, tvOS 15.0, *) { collectionView.allowsFocus = true }
        #if !os(tvOS)
        if #available(iOS 14.0, *) { collectionView.selectionFollowsFocus = selectionFollowsFocus }
        #endif
        collectionView.remembersLastFocusedIndexPath = false
    }

    func updateFocusInListView() {
        collectionView.setNeedsFocusUpdate()
        collectionView.updateFocusIfNeeded()
    }
}
