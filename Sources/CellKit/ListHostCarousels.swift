/// What a host that scrolls carousel sections sideways asks its data source: adopted by data sources
/// that keep each carousel's offset by section identity (``UniversalDataSource`` does).
///
/// A carousel's offset belongs to its section, not to the index it is at: a host reports the offset of
/// the section it laid out (its identifier, from ``ListHostDataSource/sectionIdentifier(at:in:)`` when it
/// laid the section out), and when a section comes into view, or after a batch or a reload, it reads the
/// offset kept for the identifier now at that index and shows it, whatever offset its own view kept for
/// the index. When the app sets an offset, the data source tells the host with
/// ``ListHost/carouselOffsetDidChange(inSection:)``.
///
/// A host asks only a data source that adopts it; with any other, each carousel keeps the offset the
/// host's view gives it.
@MainActor
@_spi(ListHost)
public protocol ListHostCarousels: ListHostDataSource {
    /// The sideways offset kept for a carousel section: 0 for a section whose offset was never
    /// reported or set.
    ///
    /// - Parameters:
    ///   - section: The section's identifier, as ``ListHostDataSource/sectionIdentifier(at:in:)`` gave it.
    ///   - host: The host asking.
    /// - Complexity: Expected O(1).
    func carouselOffset(ofSection section: AnyHashable, in host: any ListHost) -> Double

    /// Keeps the sideways offset a carousel section shows now, after the user scrolled it (or the host's
    /// view moved it: a clamp to a shorter content).
    ///
    /// - Parameters:
    ///   - offset: The offset, 0 at the leading edge; a negative one (a bounce) is kept as 0.
    ///   - section: The section's identifier, as ``ListHostDataSource/sectionIdentifier(at:in:)`` gave it.
    ///   - host: The host reporting.
    /// - Complexity: Expected O(1).
    func recordCarouselOffset(_ offset: Double, ofSection section: AnyHashable, in host: any ListHost)
}

extension ListHost {
    /// Does nothing: the default, for hosts that lay out no carousel.
    ///
    /// - Parameter section: A section index in the current state.
    @_spi(ListHost) public func carouselOffsetDidChange(inSection section: Int) {}
}
