/// A plugin that inserts and removes some rows on its own (`CellKitPlugins`' `FoldingPlugin` shows and
/// hides an item's children): an outline section refuses such an item with
/// ``OutlineError/foldingConflict(section:item:)``, since two owners would edit its rows.
///
/// A hook between outline sections and the folding plugin, behind `@_spi(PluginSupport)`.
@_spi(PluginSupport)
@MainActor
public protocol RowManagingPlugin: ListPlugin {
    /// The first of `items` whose rows this plugin inserts or removes on its own (a folded item, or a
    /// child it shows).
    ///
    /// - Parameter items: Every item of an outline about to be shown.
    /// - Returns: The first managed item, or `nil`.
    func firstManagedItem(among items: [AnyHashable]) -> AnyHashable?
}
