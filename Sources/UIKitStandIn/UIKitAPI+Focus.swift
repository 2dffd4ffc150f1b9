#if !canImport(UIKit)
import Foundation

// Focus as UIKit documents it for collection and table views
// (https://developer.apple.com/documentation/uikit/focus-based-navigation): the focus engine moves the
// focus to a cell the delegate lets take it (`canFocusItemAt`, whose answer "takes precedence over"
// `allowsFocus`), asks `shouldUpdateFocusIn` before and tells `didUpdateFocusIn` after; with
// `selectionFollowsFocus` the focused item is selected (per item, `selectionFollowsFocusForItemAt`,
// "not called if selectionFollowsFocus is disabled"). Focus moving into the list view goes to the last
// focused index path when `remembersLastFocusedIndexPath` is on and one was focused, else to the
// delegate's `indexPathForPreferredFocusedView`, else to the first item that can take it. When a batch
// removes the focused cell, the focused index path is gone and a focus update is pending: the focus
// engine resets the focus into the list view as above, at the latest when `updateFocusIfNeeded()` is
// called ("the focus engine ... automatically updates focus when the focused view is removed from the
// view hierarchy": https://developer.apple.com/documentation/uikit/uifocusenvironment).

/// https://developer.apple.com/documentation/uikit/uifocusupdatecontext
/// `@MainActor class UIFocusUpdateContext : NSObject`
@MainActor
open class UIFocusUpdateContext: NSObject {}

/// https://developer.apple.com/documentation/uikit/uicollectionviewfocusupdatecontext
/// `@MainActor class UICollectionViewFocusUpdateContext : UIFocusUpdateContext`
@MainActor
open class UICollectionViewFocusUpdateContext: UIFocusUpdateContext {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewfocusupdatecontext/previouslyfocusedindexpath
    /// `var previouslyFocusedIndexPath: IndexPath? { get }`
    public let previouslyFocusedIndexPath: IndexPath?
    /// https://developer.apple.com/documentation/uikit/uicollectionviewfocusupdatecontext/nextfocusedindexpath
    /// `var nextFocusedIndexPath: IndexPath? { get }`
    public let nextFocusedIndexPath: IndexPath?

    init(previouslyFocusedIndexPath: IndexPath?, nextFocusedIndexPath: IndexPath?) {
        self.previouslyFocusedIndexPath = previouslyFocusedIndexPath
        self.nextFocusedIndexPath = nextFocusedIndexPath
    }
}

/// https://developer.apple.com/documentation/uikit/uitableviewfocusupdatecontext
/// `@MainActor class UITableViewFocusUpdateContext : UIFocusUpdateContext`
@MainActor
open class UITableViewFocusUpdateContext: UIFocusUpdateContext {
    /// https://developer.apple.com/documentation/uikit/uitableviewfocusupdatecontext/previouslyfocusedindexpath
    /// `var previouslyFocusedIndexPath: IndexPath? { get }`
    public let previouslyFocusedIndexPath: IndexPath?
    /// https://developer.apple.com/documentation/uikit/uitableviewfocusupdatecontext/nextfocusedindexpath
    /// `var nextFocusedIndexPath: IndexPath? { get }`
    public let nextFocusedIndexPath: IndexPath?

    init(previouslyFocusedIndexPath: IndexPath?, nextFocusedIndexPath: IndexPath?) {
        self.previouslyFocusedIndexPath = previouslyFocusedIndexPath
        self.nextFocusedIndexPath = nextFocusedIndexPath
    }
}

/// https://developer.apple.com/documentation/uikit/uifocusanimationcoordinator
/// `@MainActor class UIFocusAnimationCoordinator : NSObject`: the stand-in animates nothing.
@MainActor
open class UIFocusAnimationCoordinator: NSObject {}

// Defaults stand in for UIKit's `optional` requirements: absent, the list view's `allowsFocus` decides,
// every update is allowed, nothing is preferred, and the list view's `selectionFollowsFocus` decides.
// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath) -> Bool {
        collectionView.allowsFocus
    }
    public func collectionView(
        _ collectionView: UICollectionView, shouldUpdateFocusIn context: UICollectionViewFocusUpdateContext
    ) -> Bool { true }
    public func collectionView(
        _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator
    ) {}
    public func indexPathForPreferredFocusedView(in collectionView: UICollectionView) -> IndexPath? { nil }
    public func collectionView(_ collectionView: UICollectionView, selectionFollowsFocusForItemAt indexPath: IndexPath)
        -> Bool
    { true }
}

// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, canFocusRowAt indexPath: IndexPath) -> Bool {
        tableView.allowsFocus
    }
    public func tableView(_ tableView: UITableView, shouldUpdateFocusIn context: UITableViewFocusUpdateContext)
        -> Bool
    { true }
    public func tableView(
        _ tableView: UITableView, didUpdateFocusIn context: UITableViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator
    ) {}
    public func indexPathForPreferredFocusedView(in tableView: UITableView) -> IndexPath? { nil }
    public func tableView(_ tableView: UITableView, selectionFollowsFocusForRowAt indexPath: IndexPath) -> Bool {
        true
    }
}

extension UICollectionView {
    /// https://developer.apple.com/documentation/uikit/uicollectionview/allowsfocus
    /// `var allowsFocus: Bool { get set }` (iOS 15): "The system determines the default value ... according
    /// to the platform"; the stand-in starts with `false`.
    public var allowsFocus: Bool {
        get { _engine.focus.allowsFocus }
        set { _engine.focus.allowsFocus = newValue }
    }
    /// https://developer.apple.com/documentation/uikit/uicollectionview/selectionfollowsfocus
    /// `var selectionFollowsFocus: Bool { get set }` (iOS 14); the stand-in starts with `false`.
    public var selectionFollowsFocus: Bool {
        get { _engine.focus.selectionFollowsFocus }
        set { _engine.focus.selectionFollowsFocus = newValue }
    }
    /// https://developer.apple.com/documentation/uikit/uicollectionview/rememberslastfocusedindexpath
    /// `var remembersLastFocusedIndexPath: Bool { get set }` (iOS 9, "defaults to NO").
    public var remembersLastFocusedIndexPath: Bool {
        get { _engine.focus.remembersLastFocusedIndexPath }
        set { _engine.focus.remembersLastFocusedIndexPath = newValue }
    }
    /// https://developer.apple.com/documentation/uikit/uifocusenvironment/setneedsfocusupdate()
    /// `func setNeedsFocusUpdate()`: asks for a focus update into this view's preferred focus.
    public func setNeedsFocusUpdate() { _engine.focus.needsUpdate = true }
    /// https://developer.apple.com/documentation/uikit/uifocusenvironment/updatefocusifneeded()
    /// `func updateFocusIfNeeded()`: performs a pending focus update now.
    public func updateFocusIfNeeded() { _engine.updateFocusIfNeeded() }
}

extension UITableView {
    /// https://developer.apple.com/documentation/uikit/uitableview/allowsfocus
    /// `var allowsFocus: Bool { get set }` (iOS 15); the stand-in starts with `false`.
    public var allowsFocus: Bool {
        get { _engine.focus.allowsFocus }
        set { _engine.focus.allowsFocus = newValue }
    }
    /// https://developer.apple.com/documentation/uikit/uitableview/selectionfollowsfocus
    /// `var selectionFollowsFocus: Bool { get set }` (iOS 14); the stand-in starts with `false`.
    public var selectionFollowsFocus: Bool {
        get { _engine.focus.selectionFollowsFocus }
        set { _engine.focus.selectionFollowsFocus = newValue }
    }
    /// https://developer.apple.com/documentation/uikit/uitableview/rememberslastfocusedindexpath
    /// `var remembersLastFocusedIndexPath: Bool { get set }` (iOS 9, "defaults to NO").
    public var remembersLastFocusedIndexPath: Bool {
        get { _engine.focus.remembersLastFocusedIndexPath }
        set { _engine.focus.remembersLastFocusedIndexPath = newValue }
    }
    /// https://developer.apple.com/documentation/uikit/uifocusenvironment/setneedsfocusupdate()
    /// `func setNeedsFocusUpdate()`: asks for a focus update into this view's preferred focus.
    public func setNeedsFocusUpdate() { _engine.focus.needsUpdate = true }
    /// https://developer.apple.com/documentation/uikit/uifocusenvironment/updatefocusifneeded()
    /// `func updateFocusIfNeeded()`: performs a pending focus update now.
    public func updateFocusIfNeeded() { _engine.updateFocusIfNeeded() }
}

// The focus engine, driven by tests (a key press, a remote's swipe, focus arriving from another view).
extension UICollectionView {
    /// The focused item's index path, `nil` while no cell of this view has the focus.
    public var _focusedIndexPath: IndexPath? { _engine.focus.focused?.indexPath }

    /// The focus engine moving the focus to an item (an arrow key or a remote found it), or out of the
    /// view (`nil`). `false`, changing nothing, when the item is not in the list or cannot take the focus, or
    /// the delegate refuses the update.
    @discardableResult
    public func _moveFocus(to indexPath: IndexPath?) -> Bool { _engine.moveFocus(to: indexPath.map(_path)) }

    /// Focus arriving in the view from elsewhere: see the file's comment for where it goes. Returns where
    /// it went, `nil` when nothing could take it.
    @discardableResult
    public func _focusIntoView() -> IndexPath? { _engine.focusIntoView()?.indexPath }
}

extension UITableView {
    /// The focused row's index path, `nil` while no cell of this view has the focus.
    public var _focusedIndexPath: IndexPath? { _engine.focus.focused?.indexPath }

    /// The focus engine moving the focus to a row, or out of the view (`nil`): as the collection view's.
    @discardableResult
    public func _moveFocus(to indexPath: IndexPath?) -> Bool { _engine.moveFocus(to: indexPath.map(_path)) }

    /// Focus arriving in the view from elsewhere: as the collection view's.
    @discardableResult
    public func _focusIntoView() -> IndexPath? { _engine.focusIntoView()?.indexPath }
}
#endif
