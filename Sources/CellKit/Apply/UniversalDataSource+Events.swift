import DiffableStore

extension UniversalDataSource {
    /// Hands host events to the attached plugins, then ``onSelect`` and ``onEvent``, in order, then
    /// performs the applies the handlers made.
    ///
    /// The host calls it through the data source's adapter, its delegate since `init`. Each event already names the item it was about when it
    /// happened (see ``ListHostEvent``), so a handler gets the right item even when an apply ran
    /// between the event and its delivery.
    ///
    /// Events that arrive while the data source is applying a snapshot are held and handed over once
    /// the apply has finished, so a handler always sees a settled data source. An `apply` made from a
    /// handler is checked at once (an invalid snapshot throws at the call), queued, and performed after
    /// every event of the delivery has been handled, in call order; the events it causes are delivered
    /// next. When no caller is left to throw to, a queued apply's failure goes to ``onApplyError``.
    ///
    /// - Parameters:
    ///   - host: The host the events happened in.
    ///   - events: What happened, oldest first.
    func host(_ host: any ListHost, didReceive events: [ListHostEvent]) {
        transaction.receive(events)
    }

    /// Lets the attached plugins pick where a drag comes to rest (see
    /// ``ListPlugin/targetContentOffset(forDragEndingAt:velocity:in:)``); without plugins the proposal stands.
    ///
    /// - Parameters:
    ///   - host: The host being dragged.
    ///   - proposedContentOffset: Where the content would come to rest.
    ///   - velocity: How far, in the host's units, the content would coast.
    /// - Returns: The content offset the plugins chose.
    func host(_ host: any ListHost, targetContentOffsetForDragEndingAt proposedContentOffset: Int, velocity: Int) -> Int
    {
        guard !pluginCoordinator.plugins.isEmpty else { return proposedContentOffset }
        let context = pluginContext
        return pluginCoordinator.plugins.reduce(proposedContentOffset) { offset, plugin in
            plugin.targetContentOffset(forDragEndingAt: offset, velocity: velocity, in: context)
        }
    }

    /// Hands one event to the handlers.
    func dispatch(_ event: ListHostEvent) {
        if !pluginCoordinator.plugins.isEmpty {
            let context = pluginContext
            for plugin in pluginCoordinator.plugins { plugin.handle(event, in: context) }
        }
        if case .didMoveItem(let item, _, _) = event { didMove(item) }
        if case .didSelect(let item, let indexPath) = event { handlers.onSelect?(item, indexPath) }
        handlers.onEvent?(event)
    }
}
