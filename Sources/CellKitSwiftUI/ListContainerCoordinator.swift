#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
import CellKit
import CellKitUIKit
import DiffableStore

// What `CellKitList` (CellKitList.swift) does with each update SwiftUI gives it, without SwiftUI: the tests
// run it on Linux over the UIKit stand-in. The SwiftUI view only makes the collection view, hands this type
// the input of each `updateUIView`, and writes the selection it reports back to the binding.

/// Keeps a collection view host showing the latest input of a SwiftUI view: the snapshot, applied diffed
/// (off the main actor when large, the newest input only when several arrive during one apply), and the
/// selection, kept in step with a binding in both directions without feedback.
///
/// It reacts to *changes* of its input only: SwiftUI updates the view for any change of the state it
/// reads, and an input equal to the last one (a snapshot or a selection) is left alone. So a selection the
/// user made, reported to the binding, is not undone by an update SwiftUI makes before the binding's new
/// value reaches it, and a snapshot that did not change is not applied again.
///
/// The selection it keeps is the binding's: items the list does not show (not yet, or not any more) stay in
/// it, as in SwiftUI's `List`, and are shown selected when they appear. Only the user changes it, with a
/// tap (the item alone with single selection; added or removed with multiple selection): an apply does
/// not, and an item it deletes or reloads (which UIKit deselects) is selected again when it shows. A tap
/// that deselects an item while a large apply is diffing is undone by that apply (its deselections are the
/// apply's). The host's events are passed on in order.
@MainActor
final class ListContainerCoordinator<SectionIdentifier: Hashable & Sendable> {
    /// The data source that shows the snapshots.
    let dataSource: UniversalDataSource<SectionIdentifier>
    /// The host the data source drives.
    let host: CollectionViewHost
    /// The number of items (on screen or in the new snapshot) from which an apply diffs off the main actor.
    var asyncApplyThreshold: Int
    /// Called with the selection when the user (or the host) changed it: write it to the binding.
    var onSelectionChange: (@MainActor (_ selection: Set<AnyHashable>) -> Void)?
    /// Called with each event of the host, in order.
    var onEvent: (@MainActor (_ event: ListHostEvent) -> Void)?
    /// Called with the error of an apply the data source refused (the list keeps what it showed).
    var onApplyError: (@MainActor (_ error: DataSourceError) -> Void)?

    /// The last snapshot given as input.
    private var inputSnapshot: Snapshot<SectionIdentifier, AnyHashable>?
    /// The last selection given as input.
    private var inputSelection: Set<AnyHashable>?
    /// The snapshot the last apply was given (shown, or being diffed).
    private var appliedSnapshot: Snapshot<SectionIdentifier, AnyHashable>?
    /// Whether to animate the next apply.
    private var animatesNextApply = true
    /// The selection the list shows where it can: the binding's, with the user's changes.
    private(set) var selection: Set<AnyHashable> = []
    /// The async apply under way and the ones queued behind it, coalesced into the newest input.
    private var applying: Task<Void, Never>?
    /// Whether an apply is under way: the host's deselections then are the apply's.
    private var inApply = false
    /// The number of applies made, for the tests of coalescing.
    private(set) var appliesMade = 0

    /// Takes over a data source's events and the host's first visible item: the data source's `onEvent`
    /// is the coordinator's (its events reach ``onEvent``), and the host keeps its first visible item
    /// anchored through each update (the scroll position, by item identity).
    ///
    /// - Parameters:
    ///   - dataSource: A data source of `host`, with its registrations.
    ///   - host: A collection view host.
    ///   - asyncApplyThreshold: The item count from which applies diff off the main actor.
    init(
        dataSource: UniversalDataSource<SectionIdentifier>, host: CollectionViewHost, asyncApplyThreshold: Int = 1000
    ) {
        self.dataSource = dataSource
        self.host = host
        self.asyncApplyThreshold = asyncApplyThreshold
        host.keepsFirstVisibleItemAnchored = true
        dataSource.onEvent = { [weak self] event in self?.hostReported(event) }
    }

    /// Takes SwiftUI's input: applies a snapshot that differs from the last input, and shows a selection
    /// that differs from the last input.
    ///
    /// A small apply is made at once; one of ``asyncApplyThreshold`` items or more diffs off the main
    /// actor, and inputs that arrive meanwhile wait for it, the newest alone being applied next.
    ///
    /// - Parameters:
    ///   - snapshot: The sections and items to show.
    ///   - selection: The items to show selected.
    ///   - animated: Whether to animate the changes.
    /// - Complexity: O(n + m) expected to compare the snapshot with the last input (*m* marks), plus the apply's cost when it
    ///   differs, plus O(k) for *k* selected items when the selection changes.
    func update(
        snapshot: Snapshot<SectionIdentifier, AnyHashable>, selection newSelection: Set<AnyHashable>, animated: Bool
    ) {
        if newSelection != inputSelection {
            inputSelection = newSelection
            selection = newSelection
        }
        if !Self.sameInput(snapshot, inputSnapshot) {
            inputSnapshot = snapshot
            animatesNextApply = animated
            applyInput()
        } else if applying == nil {
            showSelection()
        }
    }

    /// Whether two inputs are the same: the same sections and items, and the same reload and reconfigure
    /// marks (which `Snapshot`'s `==` leaves out): an input that marks items to reconfigure is applied.
    private static func sameInput(
        _ new: Snapshot<SectionIdentifier, AnyHashable>, _ old: Snapshot<SectionIdentifier, AnyHashable>?
    ) -> Bool {
        guard let old else { return false }
        return new == old && new.reconfiguredItemIdentifiers == old.reconfiguredItemIdentifiers
            && new.reloadedItemIdentifiers == old.reloadedItemIdentifiers
            && new.reloadedSectionIdentifiers == old.reloadedSectionIdentifiers
    }

    /// Waits until the applies under way and queued are made.
    func settled() async {
        while let task = applying { await task.value }
    }

    /// Applies the input snapshot: at once when small and nothing is under way; otherwise off the main
    /// actor, after the apply under way.
    private func applyInput() {
        guard applying == nil, let target = inputSnapshot, !Self.sameInput(target, appliedSnapshot) else { return }
        if target.numberOfItems < asyncApplyThreshold, dataSource.snapshot().numberOfItems < asyncApplyThreshold {
            appliedSnapshot = target
            appliesMade += 1
            inApply = true
            do {
                try dataSource.apply(target, animatingDifferences: animatesNextApply)
            } catch {
                onApplyError?(error)
            }
            inApply = false
            showSelection()
            return
        }
        applying = Task { [weak self] in await self?.applyQueued() }
    }

    /// Applies the input snapshot off the main actor until the newest is applied, then shows the selection.
    private func applyQueued() async {
        inApply = true
        defer { inApply = false }
        while let target = inputSnapshot, !Self.sameInput(target, appliedSnapshot) {
            appliedSnapshot = target
            appliesMade += 1
            do {
                try await dataSource.apply(target, animatingDifferences: animatesNextApply)
            } catch {
                onApplyError?(error)
            }
        }
        applying = nil
        inApply = false
        showSelection()
    }

    /// Selects the items of the selection the list shows and deselects the others. The host tells each
    /// (``CellKitUIKit/CollectionViewHost/selectItem(at:)``), and each leaves the selection as it is: a
    /// deselected item is not in it, a selected one is (with single selection, the one item in it).
    private func showSelection() {
        let shown = Set(host.indexPathsForSelectedItems.compactMap { dataSource.item(at: $0) })
        for item in shown where !selection.contains(item) {
            if let path = dataSource.indexPath(for: item) { host.deselectItem(at: path) }
        }
        for item in selection where !shown.contains(item) {
            if let path = dataSource.indexPath(for: item) { host.selectItem(at: path) }
        }
    }

    /// Passes an event on, and reports a selection the user changed.
    private func hostReported(_ event: ListHostEvent) {
        var changed = selection
        switch event {
        case .didSelect(let item, _):
            if host.allowsMultipleSelection { changed.insert(item) } else { changed = [item] }
        case .didDeselect(let item, _) where !inApply:
            changed.remove(item)
        default:
            break
        }
        if changed != selection {
            selection = changed
            onSelectionChange?(changed)
        }
        onEvent?(event)
    }
}
