#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a message and a newline to standard error.
func printError(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if count <= 0 { return }
        written += count
    }
}
