import DiffableStore

extension ViewRegistry {
    /// Registers the host's container cell for ``StaticView`` items, when the host has one: items of
    /// that type then need no registration of their own (one made with `register(_:)` for
    /// `StaticView` takes precedence). Not listed in `registrations`.
    func registerStaticViewContainer(on host: any ListHost) {
        guard let containerType = host.staticViewContainerType else { return }
        let reuseIdentifier = containerType.reuseIdentifier
        let box = _ViewRegistrationStorage(
            key: RegistrationKey(cellFor: StaticView.self), reuseIdentifier: reuseIdentifier, viewType: containerType,
            makeView: { containerType.init() },
            accepts: { $0 is StaticView },
            readsContext: false,
            configure: { object, _, value in
                guard let container = object as? any StaticViewContainer else {
                    preconditionFailure(
                        "The host gave a \(type(of: object)) to configure for reuse identifier \(reuseIdentifier), not a \(containerType)"
                    )
                }
                container.embed(_castValue(value, to: StaticView.self).view)
            })
        box.register(on: host)
        addBuiltIn(box)
    }
}
