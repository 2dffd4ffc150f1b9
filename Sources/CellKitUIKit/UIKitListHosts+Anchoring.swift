#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit

extension CollectionViewHost {
    /// Whether a batch of updates keeps the first visible item where it was in the viewport: when the
    /// batch inserts or removes items above it, the host moves the collection view's `contentOffset` with
    /// it, so the item stays as far from the top as it was (what loading earlier pages above the content
    /// needs). Default `false`: the content offset stays, and the content above moves under it.
    ///
    /// The item is found by identity through the batch; when it is deleted, the next visible item that
    /// stays is kept in place instead. The delegate hears the scroll
    /// (``/CellKit/ListHostEvent/didScroll(contentOffset:)``); the offset stays within the content. The
    /// collection view lays its cells out once, at the new offset (the host answers its delegate's
    /// `collectionView(_:targetContentOffsetForProposedContentOffset:)`), so only items whose visibility
    /// changed get display events.
    ///
    /// - Complexity: O(v) per batch for *v* visible items, plus the layout UIKit runs.
    public var keepsFirstVisibleItemAnchored: Bool {
        get { state.keepsFirstVisibleItemAnchored }
        set { state.keepsFirstVisibleItemAnchored = newValue }
    }
}

extension TableViewHost {
    /// Whether a batch of updates keeps the first visible row where it was in the viewport: when the
    /// batch inserts or removes rows above it, the host moves the table view's `contentOffset` with it, so
    /// the row stays as far from the top as it was (what loading earlier pages above the content needs).
    /// Default `false`: the content offset stays, and the content above moves under it.
    ///
    /// The row's item is found by identity through the batch; when it is deleted, the next visible row
    /// that stays is kept in place instead. The delegate hears the scroll
    /// (``/CellKit/ListHostEvent/didScroll(contentOffset:)``); the offset stays within the content. The
    /// host moves the offset inside the batch's update closure, by the heights of the rows the batch
    /// deletes, inserts or moves above that row, so the table view lays its rows out once, at the new offset,
    /// and only rows whose visibility changed get display events (a reload or a section move above the row
    /// is corrected after the batch, with a scroll).
    ///
    /// - Complexity: O(v + c) per batch for *v* visible rows and *c* changes above the first visible
    ///   one (each inserted row measured as the table view would), plus the layout UIKit runs.
    public var keepsFirstVisibleItemAnchored: Bool {
        get { state.keepsFirstVisibleItemAnchored }
        set { state.keepsFirstVisibleItemAnchored = newValue }
    }
}
