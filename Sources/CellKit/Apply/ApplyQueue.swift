import DiffableStore

/// Where the data source is in working through what changes the list.
enum ApplyPhase: Equatable {
    /// Nothing is being worked through: the next apply, or the next host event, starts the queue.
    case idle
    /// Held host events are being handed to the plugins and handlers.
    case delivering
    /// A plan's batches are being performed on the host.
    case performing
    /// Every plan is performed and every event delivered: the plugins hear `didApply`.
    case settling
}

/// The data source's queue of applies and host events, and the one phase it is in.
///
/// Every way of changing what is shown makes an ``ApplyPlan`` and hands it to the queue; host events
/// that arrive while the queue runs wait in it too. The queue works through them in a fixed order
/// (events first, then the next plan, then the settle), so a handler always sees a settled data source
/// and an apply made from a handler runs after the delivery it was made in.
@MainActor
final class ApplyQueue<SectionIdentifier: Hashable> {
    /// The one phase; see ``ApplyPhase``.
    private(set) var phase = ApplyPhase.idle
    /// Checked plans waiting for the running one (or the event delivery) to finish, in call order.
    var plans: [ApplyPlan<SectionIdentifier>] = []
    /// Host events received while busy, oldest first.
    var events: [ListHostEvent] = []
    /// Counts the snapshots the data source has shown: a plan whose diff started from an older
    /// generation diffs again.
    var generation = 0
    /// Completes when the latest async apply has finished: the next one waits for it.
    var asyncTail: Task<Void, Never>?
    /// How many diffs and section renamings the plans computed, and items their checks read, in all.
    var counts = _WorkCounts()
    /// Called on the main actor when an async apply's diff is back, before it is checked and performed
    /// (tests make a synchronous apply land there).
    var afterAsyncDiff: (@MainActor () -> Void)?

    /// How many plans the current run has performed (an apply queued past ``loopLimit`` is refused).
    private(set) var performedInRun = 0
    /// Whether the current run reported a refused loop to `onApplyError` (once per run).
    var reportedLoop = false
    /// The most plans one run performs: an apply queued after that many, before the list settled, comes
    /// from handlers that apply on every event their own applies cause, a loop, and is refused.
    static var loopLimit: Int { 1_000 }

    /// Whether the queue is being worked through (in any phase but `idle`).
    var isRunning: Bool { phase != .idle }
    /// Whether a plan's batches are being performed on the host.
    var isPerforming: Bool { phase == .performing }

    /// The snapshot of the last plan queued, or `shown` when none is.
    func latestSnapshot(shown: Snapshot<SectionIdentifier, AnyHashable>) -> Snapshot<SectionIdentifier, AnyHashable> {
        plans.last?.snapshot ?? shown
    }

    /// What is wrong with the queue when the data source is at rest (no call of it on the stack): it is
    /// idle, with no plan and no event left. Empty when nothing is.
    func _checkInvariants() -> [String] {
        var broken: [String] = []
        if phase != .idle { broken.append("ApplyQueue: at rest in phase \(phase), not idle") }
        if !plans.isEmpty { broken.append("ApplyQueue: at rest with \(plans.count) plans queued") }
        if !events.isEmpty { broken.append("ApplyQueue: at rest with \(events.count) events held") }
        return broken
    }

    /// Works through events and plans until neither is left, then settles.
    ///
    /// - Parameters:
    ///   - deliver: Hands one event to the handlers.
    ///   - perform: Performs one plan on the host; throws when the host rejected it.
    ///   - didPerform: Told after each plan, whether it succeeded.
    ///   - needsSettle: Whether anything waits to hear that the list settled (asked once nothing else is left).
    ///   - settle: Tells it.
    /// - Throws: The first error of the plans it performed (after performing the rest).
    func run(
        deliver: (ListHostEvent) -> Void,
        perform: (ApplyPlan<SectionIdentifier>) throws(DataSourceError) -> Void,
        didPerform: (_ succeeded: Bool) -> Void,
        needsSettle: () -> Bool,
        settle: () -> Void
    ) throws(DataSourceError) {
        assert(phase == .idle, "The apply queue runs once at a time: callers start it only when idle")
        defer { phase = .idle }
        performedInRun = 0
        reportedLoop = false
        var firstError: DataSourceError?
        while true {
            if !events.isEmpty {
                phase = .delivering
                let delivery = events
                events = []
                for event in delivery { deliver(event) }
            } else if !plans.isEmpty {
                let next = plans.removeFirst()
                performedInRun += 1
                phase = .performing
                var succeeded = true
                do {
                    try perform(next)
                } catch {
                    firstError = firstError ?? error
                    succeeded = false
                }
                phase = .delivering
                didPerform(succeeded)
            } else if needsSettle() {
                phase = .settling
                settle()
            } else {
                break
            }
        }
        if let firstError { throw firstError }
    }
}

/// One change of what is shown, checked and ready to perform: the snapshot and outlines it shows and
/// what was derived from the snapshot on screen for it, each computed once.
struct ApplyPlan<SectionIdentifier: Hashable> {
    /// The snapshot to show, with its reload and reconfigure marks.
    var snapshot: Snapshot<SectionIdentifier, AnyHashable>
    /// Whether to animate the differences (`false`: reload).
    var animated: Bool
    /// The snapshot on screen with the sections whose identifier changed content renamed, when it was
    /// computed ahead from the snapshot of `generation`.
    var renaming: ChangedSections<SectionIdentifier>?
    /// The diff from `renaming`'s base, when it was computed ahead from the snapshot of `generation`.
    var changeset: Changeset<SectionIdentifier, AnyHashable>?
    /// The generation `renaming` and `changeset` start from.
    var generation: Int
    /// The outline sections once this plan is performed.
    var outlines: [SectionIdentifier: SectionSnapshot<AnyHashable>]
    /// Whether the snapshot holds a value of a type that shares identifiers with other types, when its
    /// check read every item type; `nil` when it read only the items a diff adds.
    var sharesIdentifiers: Bool?
    /// The `id`s of the snapshot's `Identifiable` items, when its check made or carried them: the data
    /// source keeps them once the plan is shown, for the next check.
    var identities: IDIndexes?
}
