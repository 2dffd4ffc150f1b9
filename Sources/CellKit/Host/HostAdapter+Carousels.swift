extension HostAdapter: ListHostCarousels {
    /// The offset the owner keeps for a carousel section (0 for an identifier of another type).
    ///
    /// - Complexity: Expected O(1).
    func carouselOffset(ofSection section: AnyHashable, in host: any ListHost) -> Double {
        guard let identifier = section as? SectionIdentifier else { return 0 }
        return owner.carousels.offset(of: identifier)
    }

    /// Keeps the offset a host reports for a carousel section.
    ///
    /// - Complexity: Expected O(1).
    func recordCarouselOffset(_ offset: Double, ofSection section: AnyHashable, in host: any ListHost) {
        guard offset.isFinite, let identifier = section as? SectionIdentifier else { return }
        owner.carousels.set(offset, of: identifier)
    }
}
