/// A view that holds on to what it shows (it observes a view model object, or keeps a subscription)
/// and must let go of it before it shows something else.
///
/// Bind in `configure`, let go in ``unbind()``. The data source calls ``unbind()`` on the view right
/// before every configuration: when the host reuses it for another item, and when it configures it
/// again in place (new content, or a new position in its section). So `configure` never binds on top of
/// an earlier binding, and a recycled view never keeps observing the view model it showed before. A
/// host calls it too when it puts the view in its reuse pool (`TextListView` does), so a view waiting
/// there observes nothing. (`CollectionViewHost` and `TableViewHost` cannot: UIKit tells of no cell
/// entering its pool, and may show a cell that ended display again without asking for it; a cell
/// waiting there keeps its last binding until it is configured again.)
///
/// ```swift
/// final class DownloadCell: TextCell, ConfigurableView, UnbindableView {
///     private var observation: Observation?
///     func configure(with download: DownloadModel) { observation = download.observe { [weak self] in self?.text = $0 } }
///     func unbind() { observation = nil }
/// }
/// ```
@MainActor
public protocol UnbindableView: AnyObject {
    /// Lets go of the value the view was configured with. It may be called when nothing is bound.
    func unbind()
}
