extension UniversalDataSource {
    /// The sideways offset of a carousel section (``SectionLayout/carousel(itemWidth:spacing:scrolling:)``):
    /// where the user last left it, or what the app set, 0 at its leading edge.
    ///
    /// The offset belongs to the section's identity: it is kept across applies (whatever moves or is
    /// inserted around the section, or moves the section itself), while the section is scrolled away and
    /// its views are reused for others, and until an apply deletes the section (then it starts at 0 when
    /// it comes back) or the app resets it with ``setCarouselOffset(_:of:)``.
    ///
    /// ```swift
    /// let offset = dataSource.carouselOffset(of: .featured)  // 0 until the user scrolls it
    /// ```
    ///
    /// - Parameter section: A section identifier.
    /// - Returns: The offset in the host's unit (points on UIKit); 0 for a section never scrolled.
    /// - Complexity: Expected O(1).
    public func carouselOffset(of section: SectionIdentifier) -> Double {
        carousels.offset(of: section)
    }

    /// Sets the sideways offset of a carousel section, or resets it with 0; a host showing the section
    /// scrolls it there at once, clamped to its content (the clamped offset is then the one kept).
    ///
    /// An offset set for a section the snapshot on screen does not hold yet is kept for it: the section
    /// shows at it once an apply adds it.
    ///
    /// - Parameters:
    ///   - offset: The offset in the host's unit, 0 at the leading edge; a negative one counts as 0.
    ///   - section: A section identifier.
    /// - Precondition: `offset` is finite (the value is the code's, not the data's).
    /// - Complexity: Expected O(1), plus the host's scroll when it shows the section.
    public func setCarouselOffset(_ offset: Double, of section: SectionIdentifier) {
        precondition(offset.isFinite, "A carousel offset must be finite")
        guard carousels.set(offset, of: section), let index = current.indexOfSection(section) else { return }
        host.carouselOffsetDidChange(inSection: index)
    }
}
