import DiffableStore

/// The type-erased storage of a registration: what the registry and the data source call.
///
/// Not API; ``ViewRegistration`` wraps it. The closures are made by ``ViewRegistration``'s
/// `@inlinable` factories, so they are compiled with the concrete view and value types at the
/// registration site: configuring a cell runs no generic code.
@MainActor
@usableFromInline
final class _ViewRegistrationStorage {
    /// What the registration is for.
    let key: RegistrationKey
    /// The identifier the host registers and dequeues the view under.
    let reuseIdentifier: String
    /// The class of view the registration makes.
    let viewType: AnyObject.Type
    /// Makes a new view (the host's factory).
    let makeView: @MainActor () -> AnyObject
    /// Whether `value` casts to the registered type.
    let accepts: (Any) -> Bool
    /// Whether the configuration closure receives the ``CellContext``: such cells are configured
    /// again when their position in their section changes.
    let readsContext: Bool
    /// What a host finds or makes the view by: `reuseIdentifier` and `viewType`.
    let reuse: ViewReuse
    /// Configures a view the host found or made for the registration's `reuse` with the value.
    ///
    /// - Precondition: `accepts(value)`; `view` is a `viewType` (for a cell factory: one of its candidates').
    let configure: @MainActor (_ view: AnyObject, _ context: CellContext, _ value: Any) -> Void
    /// Where the size of the registration's items comes from; `nil`: the host measures them itself.
    let sizing: _AnySizing?
    /// Whether a supplementary registration shows one item (a separator) rather than a section.
    let isItemScoped: Bool
    /// For a cell factory: the candidate chosen for a value, or `nil` when the factory maps it to none.
    /// `nil` for every other registration (the type alone selects it).
    let choose: (@MainActor (_ value: Any) -> _ViewRegistrationStorage?)?
    /// For a cell factory: its candidates, each registered with the host.
    let candidates: [_ViewRegistrationStorage]

    @usableFromInline
    init(
        key: RegistrationKey,
        reuseIdentifier: String,
        viewType: AnyObject.Type,
        makeView: @escaping @MainActor () -> AnyObject,
        accepts: @escaping (Any) -> Bool,
        readsContext: Bool = true,
        sizing: _AnySizing? = nil,
        isItemScoped: Bool = false,
        choose: (@MainActor (_ value: Any) -> _ViewRegistrationStorage?)? = nil,
        candidates: [_ViewRegistrationStorage] = [],
        configure: @escaping @MainActor (_ view: AnyObject, _ context: CellContext, _ value: Any) -> Void
    ) {
        self.key = key
        self.reuseIdentifier = reuseIdentifier
        self.viewType = viewType
        self.makeView = makeView
        self.accepts = accepts
        self.readsContext = readsContext
        self.sizing = sizing
        self.isItemScoped = isItemScoped
        self.choose = choose
        self.candidates = candidates
        self.configure = configure
        reuse = ViewReuse(reuseIdentifier: reuseIdentifier, viewClass: viewType)
    }

    /// Whether the registration has a view for `value` (a value of a type it serves): always, unless it
    /// is a cell factory that maps the value to no cell.
    @inline(__always)
    func serves(_ value: Any) -> Bool {
        guard let choose else { return true }
        return choose(value) != nil
    }

    /// Registers the view's factory with a host (a cell factory registers each of its candidates).
    func register(on host: any ListHost) {
        if !candidates.isEmpty {
            for candidate in candidates { candidate.register(on: host) }
        } else if key.category == .cell {
            host.registerCell(viewType, reuseIdentifier: reuseIdentifier, factory: makeView)
        } else if let kind = key.kind {
            host.registerSupplementaryView(viewType, ofKind: kind, reuseIdentifier: reuseIdentifier, factory: makeView)
        }
    }
}

/// Lets go of what `object` was configured with, when its class adopts ``UnbindableView``; called by the
/// registrations between the dequeue and the configuration.
@MainActor
@inlinable @inline(__always)
func _unbind(_ object: AnyObject, if unbinds: Bool) {
    if unbinds, let view = object as? any UnbindableView { view.unbind() }
}

/// `object` as a `View`, or a stop naming the host's mistake.
@MainActor
@inlinable @inline(__always)
func _castView<View: AnyObject>(_ object: AnyObject, to type: View.Type, reuseIdentifier: String) -> View {
    guard let view = object as? View else {
        preconditionFailure(
            "The host gave a \(Swift.type(of: object)) to configure for reuse identifier \(reuseIdentifier), not a \(View.self)"
        )
    }
    return view
}

/// `value` as a `Value`, or a stop naming the value (the data source checks `accepts` first).
@inlinable @inline(__always)
func _castValue<Value>(_ value: Any, to type: Value.Type) -> Value {
    guard let typed = value as? Value else {
        preconditionFailure(
            "A registration for \(Value.self) cannot configure a value of type \(Swift.type(of: value))")
    }
    return typed
}
