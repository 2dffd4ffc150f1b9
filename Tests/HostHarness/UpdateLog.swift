// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` requirements.)
@_spi(ListHost) import CellKit
import DiffableStore

#if !canImport(UIKit)
@_spi(Simulation) import UIKitStandIn
#endif

// What a host was told, in the text host's words, whichever host it is: every update
// (`performedUpdates`), the updates without the UIKit list views' empty batches (`updateLog`), and one
// operation an entry (`updates`).

extension HostHarness {
    /// What the list view was told, one operation an entry, oldest first: a batch as `BatchUpdate`
    /// describes it without its reconfigures (`"insert 0.2"`), a reconfigure (`"reconfigure 0.1"`: the
    /// UIKit hosts reconfigure after the batch, so the text host's `"insert 0.2; reconfigure 0.1"` is
    /// two entries too), `"reload data"`.
    public var updates: [String] {
        updateLog.flatMap { entry -> [String] in
            guard let range = entry.range(of: "; reconfigure ") else { return [entry] }
            return [String(entry[..<range.lowerBound]), "reconfigure " + entry[range.upperBound...]]
        }
    }
}

#if !canImport(UIKit)
extension UIKitHarness {
    /// The list view's log in the text host's words.
    public var performedUpdates: [String] {
        listView._updateLog.map { entry in
            if entry == "reloadData" { return "reload data" }
            for prefix in ["reconfigureItems: ", "reconfigureRows: "] where entry.hasPrefix(prefix) {
                return "reconfigure " + entry.dropFirst(prefix.count)
            }
            let batch = "performBatchUpdates: "
            return entry.hasPrefix(batch) ? String(entry.dropFirst(batch.count)) : entry
        }
    }
    public var updateLog: [String] { performedUpdates.filter { $0 != BatchUpdate().description } }
    public var batchUpdates: Int { listView._updateLog.count { $0.hasPrefix("performBatchUpdates") } }
    public var performsInteractiveMovesAsBatches: Bool { false }
}
#endif
