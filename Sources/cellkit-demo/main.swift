// cellkit-demo: a feed screen driven through CellKit's whole pipeline on the text host.
// The story, the screen and the other modes live in their own files; this file only dispatches.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let command: DemoCommand
do {
    command = try DemoCommand.parse(CommandLine.arguments.dropFirst())
} catch {
    printError(error.description)
    exit(2)
}

do {
    switch command {
    case .help:
        print(DemoCommand.usage)
    case .story:
        try FeedStory.play(on: FeedScreen(width: 44, height: 24))
    case .items(let count):
        try LargeList.run(count: count)
    case .interactive:
        guard RawTerminal.isAvailable else {
            printError(
                "cellkit-demo: --interactive needs a terminal, and stdin is not a terminal.\n"
                    + "Run it in a terminal (swift run cellkit-demo --interactive), or run cellkit-demo without options for the scripted story."
            )
            exit(1)
        }
        guard try InteractiveSession.run() else { exit(1) }
    }
} catch {
    printError("cellkit-demo: \(error)")
    exit(1)
}
