// Shows items of several types in one list: each type selects its own cell, with no switch and no cast.
import CellKit
import CellKitPlugins  // apply { }
import CellKitText
import DiffableStore

struct Photo: Hashable { var caption: String }
struct Ad: Hashable { var sponsor: String }
protocol Message { var body: String { get } }
struct TextMessage: Hashable, Message { var body: String }
struct VoiceMessage: Hashable, Message { var body: String; var seconds: Int }

final class PhotoCell: TextCell, ConfigurableView {
    func configure(with photo: Photo) { text = "[photo] " + photo.caption }
}
final class AdCell: TextCell, ConfigurableView {
    func configure(with ad: Ad) { text = "Sponsored by " + ad.sponsor }
}
final class MessageCell: TextCell, ConfigurableView {
    // Registered for a protocol: serves every conforming type without a registration of its own.
    func configure(with message: any Message) { text = "> " + message.body }
}

let list = TextListView(width: 30, height: 4)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(PhotoCell.self)
dataSource.registerCellType(AdCell.self)
dataSource.registerCellType(MessageCell.self)

try dataSource.apply {
    SnapshotSection(0) {
        Photo(caption: "Sunset over the bay")
        TextMessage(body: "Where was this?")
        VoiceMessage(body: "Voice note (0:12)", seconds: 12)
        Ad(sponsor: "Acme Cameras")
    }
}
print(list.render())
// snippet.hide
// Prints:
// [photo] Sunset over the bay
// > Where was this?
// > Voice note (0:12)
// Sponsored by Acme Cameras
