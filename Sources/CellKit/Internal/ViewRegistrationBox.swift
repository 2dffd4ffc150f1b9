import DiffableStore

/// The type-erased face of a registration: what the registry and the data source call.
///
/// Not API; ``ViewRegistration`` wraps it.
@MainActor
protocol _ViewRegistrationBox: AnyObject {
    /// What the registration is for.
    var key: RegistrationKey { get }
    /// The identifier the host registers and dequeues the view under.
    var reuseIdentifier: String { get }
    /// The class of view the registration makes.
    var viewType: AnyObject.Type { get }

    /// Registers the view's factory with a host.
    func register(on host: any ListHost)

    /// Whether the registration can configure its view with `value` (an item for cells, a section
    /// identifier for supplementary views): whether `value` casts to the registered type.
    func accepts(_ value: Any) -> Bool

    /// Dequeues the view from `host` and configures it with `value`.
    ///
    /// - Precondition: `accepts(value)`; the host returns a view of ``viewType`` for ``reuseIdentifier``.
    func view(in host: any ListHost, context: CellContext, value: Any) -> AnyObject
}

/// The one generic box: a view class, the type of value it shows, and the typed closure that configures it.
@MainActor
final class _ViewRegistrationStorage<View: ReusableView, Value>: _ViewRegistrationBox {
    let key: RegistrationKey
    let reuseIdentifier: String
    /// `nil` for cells; the kind for supplementary views (read on every dequeue, so kept apart from `key`).
    let supplementaryKind: SupplementaryKind?
    let configure: @MainActor (View, CellContext, Value) -> Void

    init(key: RegistrationKey, configure: @escaping @MainActor (View, CellContext, Value) -> Void) {
        self.key = key
        self.reuseIdentifier = View.reuseIdentifier
        self.supplementaryKind = key.category == .cell ? nil : key.kind
        self.configure = configure
    }

    var viewType: AnyObject.Type { View.self }

    func register(on host: any ListHost) {
        if let supplementaryKind {
            host.registerSupplementaryView(ofKind: supplementaryKind, reuseIdentifier: reuseIdentifier) { View() }
        } else {
            host.registerCell(reuseIdentifier: reuseIdentifier) { View() }
        }
    }

    func accepts(_ value: Any) -> Bool { value is Value }

    func view(in host: any ListHost, context: CellContext, value: Any) -> AnyObject {
        let object: AnyObject
        if let supplementaryKind {
            object = host.dequeueReusableSupplementaryView(
                ofKind: supplementaryKind, withReuseIdentifier: reuseIdentifier, for: context.indexPath)
        } else {
            object = host.dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: context.indexPath)
        }
        guard let view = object as? View else {
            preconditionFailure("The host returned a \(type(of: object)) for reuse identifier \(reuseIdentifier), not a \(View.self)")
        }
        guard let typed = value as? Value else {
            preconditionFailure("\(key) cannot configure a value of type \(type(of: value))")
        }
        configure(view, context, typed)
        return view
    }
}
