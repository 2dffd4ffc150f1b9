/// Where the data source is with its host, as one value: whether the host shows the data source's
/// snapshot yet, whether applies and events are being worked through (and what that run owes), and how
/// many configuration calls from the host are on the stack. ``ApplyTransaction`` alone changes it.
enum ApplyPhase: Equatable {
    /// The host has shown nothing yet and nothing is being worked through.
    ///
    /// - Parameters:
    ///   - changedWithoutHost: Whether the snapshot changed without the host
    ///     (``UniversalDataSource/prepare(_:)``, or slice edits): the first plan reloads the host
    ///     instead of animating.
    ///   - configuring: How many configuration calls from the host are on the stack.
    case unshown(changedWithoutHost: Bool, configuring: Int)
    /// The host shows the data source's snapshot and nothing is being worked through.
    ///
    /// - Parameter configuring: How many configuration calls from the host are on the stack (the host
    ///   renders or scrolls on its own).
    case idle(configuring: Int)
    /// Plans and events are being worked through; see ``ApplyRun``.
    case running(ApplyRun)

    /// What an `apply` called now meets.
    enum Admission: Equatable {
        /// It is refused: a configuration closure is running (``DataSourceError/applyWhileConfiguringView``).
        case refused
        /// It is queued behind the plans and events being worked through.
        case queued
        /// It is performed at once, from the snapshot on screen.
        case now
    }

    /// May the app apply now, and how: the one answer every entry point that changes the list asks.
    var admission: Admission {
        if configuring > 0 { return .refused }
        if case .running = self { return .queued }
        return .now
    }

    /// Whether the host shows the data source's snapshot (its first plan was performed).
    var hostShowsDataSource: Bool {
        switch self {
        case .unshown: false
        case .idle: true
        case .running(let run): run.hostShows
        }
    }

    /// Whether the host missed a change of the snapshot on screen, so that the next plan must reload it.
    var hostMissedChanges: Bool {
        switch self {
        case .unshown(let changed, _): changed
        case .idle: false
        case .running(let run): !run.hostShows && run.changedWithoutHost
        }
    }

    /// Whether plans and events are being worked through.
    var isRunning: Bool {
        if case .running = self { return true }
        return false
    }

    /// Whether a plan's batches are being performed on the host.
    var isPerforming: Bool {
        if case .running(let run) = self { return run.step == .performing }
        return false
    }

    /// How many configuration calls from the host are on the stack.
    var configuring: Int {
        get {
            switch self {
            case .unshown(_, let depth), .idle(let depth): depth
            case .running(let run): run.configuring
            }
        }
        set {
            switch self {
            case .unshown(let changed, _): self = .unshown(changedWithoutHost: changed, configuring: newValue)
            case .idle: self = .idle(configuring: newValue)
            case .running(var run):
                run.configuring = newValue
                self = .running(run)
            }
        }
    }

    /// Whether the host may be asked to change its layout now: no plan is being performed and no view
    /// configured (size invalidations and registrations wait otherwise).
    var isQuiet: Bool { !isPerforming && configuring == 0 }
}

/// One run of the transaction: from the first plan or event that found it at rest until neither is left
/// and the plugins heard `didApply`.
struct ApplyRun: Equatable {
    /// What the run is doing.
    enum Step: Equatable {
        /// Held host events are being handed to the plugins and handlers.
        case delivering
        /// A plan's batches (or reload) are being performed on the host.
        case performing
        /// Every plan is performed and every event delivered: the plugins hear `didApply`.
        case settling
    }

    var step = Step.delivering
    /// Whether the host shows the data source's snapshot; `false` until the run's first plan succeeds
    /// when the run started before the host showed anything.
    var hostShows: Bool
    /// Before the host shows anything: whether the snapshot changed without it.
    var changedWithoutHost: Bool
    /// How many configuration calls from the host are on the stack.
    var configuring: Int
    /// How many plans the run has performed (an apply queued past the loop limit is refused).
    var performedPlans = 0
    /// Whether the run reported a refused loop to `onApplyError` (once per run).
    var reportedLoop = false
    /// Whether a plan was performed, or a plugin asked for one, since the plugins last heard `didApply`.
    var owesDidApply = false

    /// A run starting from a phase at rest.
    init(from phase: ApplyPhase) {
        hostShows = phase.hostShowsDataSource
        changedWithoutHost = phase.hostMissedChanges
        configuring = phase.configuring
    }

    /// The phase at rest once the run is over.
    var end: ApplyPhase {
        hostShows
            ? .idle(configuring: configuring)
            : .unshown(changedWithoutHost: changedWithoutHost, configuring: configuring)
    }
}
