// Shows a CellKit list with SwiftUI rows inside a SwiftUI screen, from an ObservableObject model and an @Observable one; SwiftUI does not exist on Linux, where scripts/ios-typecheck type-checks it against the iOS SDK instead.
#if canImport(SwiftUI) && canImport(UIKit)
import CellKit
import CellKitSwiftUI
import CellKitUIKit
import DiffableStore
import SwiftUI
import UIKit

struct Song: Hashable {
    var title: String
    var artist: String
}

/// A row of the list: a SwiftUI view made from the item and the cell's state.
struct SongRow: View {
    var song: Song
    var selected: Bool

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(song.title).font(.headline)
                Text(song.artist).font(.subheadline).foregroundColor(.secondary)
            }
            Spacer()
            if selected { Image(systemName: "play.fill") }
        }
    }
}

/// The model, as an `ObservableObject`: the screen updates when `songs` changes.
@MainActor final class Playlist: ObservableObject {
    @Published var songs = [Song(title: "So What", artist: "Miles Davis")]

    /// The list's sections and items: one section of songs.
    var snapshot: Snapshot<String, AnyHashable> {
        var snapshot = Snapshot<String, AnyHashable>()
        try? snapshot.appendSections(["songs"])
        try? snapshot.appendItems(songs, toSection: "songs")
        return snapshot
    }

    func add(_ song: Song) { songs.insert(song, at: 0) }
}

@available(iOS 16.0, tvOS 16.0, *)
@MainActor struct PlaylistScreen: View {
    @StateObject private var playlist = Playlist()
    @State private var playing: Song?

    var body: some View {
        NavigationStack {
            // Each change of `playlist.songs` is applied to the list, diffed and animated.
            CellKitList(playlist.snapshot, selection: $playing) { dataSource in
                dataSource.registerSwiftUI(itemType: Song.self) { song, state in
                    SongRow(song: song, selected: state.isSelected)
                }
            }
            .navigationTitle(playing?.title ?? "Playlist")
            .toolbar {
                Button("Add") { playlist.add(Song(title: "Blue in Green", artist: "Bill Evans")) }
            }
        }
    }
}

/// The same model with Observation (iOS 17): the screen reads `songs`, so it updates when they change.
@available(iOS 17.0, tvOS 17.0, *)
@Observable @MainActor final class ObservedPlaylist {
    var songs = [Song(title: "So What", artist: "Miles Davis")]

    var snapshot: Snapshot<String, AnyHashable> {
        var snapshot = Snapshot<String, AnyHashable>()
        try? snapshot.appendSections(["songs"])
        try? snapshot.appendItems(songs, toSection: "songs")
        return snapshot
    }
}

@available(iOS 17.0, tvOS 17.0, *)
@MainActor struct ObservedPlaylistScreen: View {
    @State private var playlist = ObservedPlaylist()
    @State private var queued: Set<Song> = []

    var body: some View {
        // Several selected at once: a `Set` binding.
        CellKitList(playlist.snapshot, selection: $queued) { dataSource in
            dataSource.registerSwiftUI(itemType: Song.self) { song, state in
                SongRow(song: song, selected: state.isSelected)
            }
        } onEvent: { event in
            // The host's events: displays, selection, scrolling, ...
            if case .didSelect(let item, _) = event { print("Queued \(item)") }
        }
    }
}
#endif
// snippet.hide
#if !(canImport(SwiftUI) && canImport(UIKit))
print("No SwiftUI here: scripts/ios-typecheck type-checks this snippet against the iOS SDK.")
#endif
// Prints:
// No SwiftUI here: scripts/ios-typecheck type-checks this snippet against the iOS SDK.
