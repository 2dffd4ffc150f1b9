@_spi(ListHost) import CellKit

extension UniversalDataSource {
    /// The kinds of header, footer and decoration (a card, ``/CellKit/SupplementaryKind/background``) a section goes
    /// without, by its identifier: a section that leaves out ``/CellKit/SupplementaryKind/footer`` shows no footer
    /// row at all (no blank line), one that leaves out a card's kind draws no card. `nil` (the default):
    /// every section shows every registered kind.
    ///
    /// ```swift
    /// dataSource.omittedKinds = { section in section.footnote == nil ? [.footer] : [] }
    /// ```
    ///
    /// Asked whenever a host needs a section's views, so answer from the identifier alone: a section
    /// whose answer changes is one whose identifier changed, and an apply shows it. Set it before the
    /// first apply.
    ///
    /// - Complexity: The closure runs once for each header, footer or decoration a host configures.
    public var omittedKinds: (@MainActor (_ section: SectionIdentifier) -> Set<SupplementaryKind>)? {
        get { sectionOmittedKinds }
        set { sectionOmittedKinds = newValue }
    }
}
