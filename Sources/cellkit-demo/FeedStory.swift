import CellKit
@_spi(Testing) import CellKitText
import DiffableStore

/// The scripted story the demo plays by default: a feed, then one change of each kind, each shown as the
/// changeset it produced and the screen after it. Everything is fixed, so the output is the same on every run.
@MainActor
enum FeedStory {
    static let today = FeedSection(id: "today", title: "Today", tagline: "End of today")
    static let pinned = FeedSection(id: "pinned", title: "Pinned", tagline: "Pinned by you")
    static let earlier = FeedSection(id: "earlier", title: "Earlier", tagline: "Older posts are archived")

    static let offline = Alert(id: 1, level: .warning, message: "Offline: showing saved posts")
    static let run = Tile(id: 10, title: "Morning run", subtitle: "5.2 km along the river", likes: 3)
    static let offsite = Tile(id: 11, title: "Team offsite", subtitle: "Friday 10:00, room 4", likes: 12)
    static let lunch = Tile(id: 12, title: "Lunch spot", subtitle: "Noodle bar on Fifth Street", likes: 0)
    static let comment = Row(id: 20, text: "Ana commented on your photo")
    static let follower = Row(id: 21, text: "Ben started following you")
    static let summary = Row(id: 22, text: "Your weekly summary is ready")
    static let like = Row(id: 23, text: "Chen liked your post")
    static let tip = Alert(id: 2, level: .info, message: "New: pin posts to the top")
    static let highlights = FeedSection(
        id: "highlights", title: "Highlights", tagline: "Swipe for more",
        layout: .carousel(itemWidth: .fractional(0.6), spacing: 1, scrolling: .groupPaging))
    static let photos = FeedSection(
        id: "photos", title: "Photos", tagline: "4 photos", layout: .grid(columns: 2, spacing: 2))
    static let hike = Tile(id: 13, title: "Sunset hike", subtitle: "Ridge trail, 8 km", likes: 7)
    static let books = Tile(id: 14, title: "Book club", subtitle: "Thursday 19:00", likes: 4)
    static let bake = Tile(id: 15, title: "Bake sale", subtitle: "Saturday morning", likes: 9)
    static let shots = [
        Row(id: 24, text: "beach.jpg"), Row(id: 25, text: "city.jpg"), Row(id: 26, text: "dunes.jpg"),
        Row(id: 27, text: "field.jpg"),
    ]

    /// The feed before the story starts.
    static func initialFeed() throws -> Snapshot<FeedSection, AnyHashable> {
        var feed = Snapshot<FeedSection, AnyHashable>()
        try feed.appendSections([today, pinned, earlier])
        try feed.appendItems([offline, run, comment, follower], toSection: today)
        try feed.appendItems([offsite], toSection: pinned)
        try feed.appendItems([summary, like, tip], toSection: earlier)
        return feed
    }

    /// One change to the feed, made with the snapshot's mutations.
    struct Step {
        var title: String
        var change: (inout Snapshot<FeedSection, AnyHashable>) throws -> Void
    }

    static let steps: [Step] = [
        Step(title: "Insert: a new tile arrives at the top of Today") { feed in
            try feed.insertItems([lunch], beforeItem: offline)
        },
        Step(title: "Delete: back online, the offline alert goes away") { feed in
            try feed.deleteItems([offline])
        },
        Step(title: "Move: Ben's row moves up, above the morning run") { feed in
            try feed.moveItem(follower, beforeItem: run)
        },
        Step(title: "Content change: someone likes the morning run") { feed in
            // Same id, new content: the diff reconfigures the visible cell in place.
            var liked = run
            liked.likes += 1
            try feed.insertItems([liked], afterItem: run)
            try feed.deleteItems([run])
        },
        Step(title: "Section move: Pinned moves to the top") { feed in
            try feed.moveSection(pinned, beforeSection: today)
        },
        Step(title: "Layouts: a carousel of highlights and a grid of photos arrive on top") { feed in
            try feed.insertSections([highlights, photos], beforeSection: pinned)
            try feed.appendItems([hike, books, bake], toSection: highlights)
            try feed.appendItems(shots, toSection: photos)
        },
    ]

    /// Plays the story on a screen, writing what happens to `print`.
    ///
    /// - Throws: An error only if the script itself is wrong (a mutation names a missing item).
    static func play(on screen: FeedScreen) throws {
        var feed = try initialFeed()
        print("CellKit demo: a feed of section headers, tiles, rows and alerts on the text host.")
        print("Each step changes the snapshot; the data source diffs it and the host performs the batches.")
        print()
        print("Registrations, one line each:")
        for registration in screen.dataSource.registrations {
            print("  " + withoutModuleName("\(registration.key) -> \(registration.viewType)"))
        }
        let first = try screen.show(feed, animated: false)
        print()
        print(
            "Start. \(feed.numberOfItems.counted("item")) in \(feed.numberOfSections.counted("section")), shown without animation"
        )
        for line in first.hostLog {
            print("  batch      \(line)")
        }
        print("  views      \(describe(first.statistics))")
        print(screen.framed(title: "Feed"))

        for (number, step) in steps.enumerated() {
            try step.change(&feed)
            // The data source computes the same changeset when it applies; it is computed here only to print it.
            let changeset = Changeset(from: screen.dataSource.snapshot(), to: feed)
            let update = try screen.show(feed)
            print()
            print("Step \(number + 1) of \(steps.count + 2). \(step.title)")
            report(changeset, update)
            print(screen.framed(title: "Feed"))
        }

        print()
        print(
            "Step \(steps.count + 1) of \(steps.count + 2). Swipe: the highlights carousel comes to rest on its next card"
        )
        let before = screen.list.statistics
        screen.list.scrollCarousel(inSection: 0, by: 5)
        print(
            "  offset     \(screen.dataSource.carouselOffset(of: highlights)) columns, kept by the section's identifier"
        )
        print("  views      \(describe(screen.list.statistics - before))")
        print(screen.framed(title: "Feed"))

        print()
        print("Step \(steps.count + 2) of \(steps.count + 2). Bad data is refused, and nothing changes")
        let screenBefore = screen.list.render()
        var duplicate = feed
        do {
            try duplicate.appendItems(
                [Row(id: 30, text: "Dana replied"), Row(id: 30, text: "Dana replied")], toSection: earlier)
        } catch {
            print("  snapshot error     " + withoutModuleName("\(error)"))
        }
        var unknown = feed
        try unknown.appendItems([Poll(id: 40, question: "Lunch at noon?")], toSection: earlier)
        do {
            try screen.show(unknown)
        } catch {
            print("  data source error  " + withoutModuleName("\(error)"))
        }
        print("  screen unchanged   \(screen.list.render() == screenBefore ? "yes" : "no")")
    }

    private static func report(_ changeset: Changeset<FeedSection, AnyHashable>, _ update: FeedScreen.Update) {
        let stages = changeset.stages.count
        print("  changeset  \(changeset.summary) (\(stages.counted("stage")))")
        for line in update.hostLog {
            print("  batch      \(line)")
        }
        print("  views      \(describe(update.statistics))")
    }

    private static func describe(_ statistics: TextListView.Statistics) -> String {
        "\(statistics.viewsCreated) created, \(statistics.reused) reused, "
            + "\(statistics.reconfiguredInPlace) reconfigured in place, \(statistics.configured) configured"
    }
}
