/// Marks a longest strictly increasing subsequence of `values`: on return, `keep[i]` is `true`
/// exactly for the elements of one such subsequence.
///
/// Patience sorting with predecessor links: O(k log k) for k values at worst, and O(k) when the
/// values are already increasing (checked first) or arrive mostly in order (each value is first
/// compared with the longest pile's top).
@usableFromInline
func _markLongestIncreasingSubsequence(_ values: UnsafeBufferPointer<Int32>, keep: UnsafeMutableBufferPointer<Bool>) {
    let count = values.count
    guard count > 0 else { return }
    var increasing = true
    for index in 1..<count where values[index] <= values[index - 1] {
        increasing = false
        break
    }
    if increasing {
        for index in 0..<count { keep[index] = true }
        return
    }
    // tails[l] = index of the smallest tail of an increasing run of length l + 1.
    var tails: [Int32] = []
    tails.reserveCapacity(64)
    var previous = [Int32](repeating: -1, count: count)
    for index in 0..<count {
        let value = values[index]
        var low = 0
        var high = tails.count
        if let last = tails.last, values[Int(last)] < value {
            low = high
        } else {
            while low < high {
                let middle = (low + high) >> 1
                if values[Int(tails[middle])] < value { low = middle + 1 } else { high = middle }
            }
        }
        if low > 0 { previous[index] = tails[low - 1] }
        if low == tails.count { tails.append(Int32(index)) } else { tails[low] = Int32(index) }
    }
    for index in 0..<count { keep[index] = false }
    var cursor = Int(tails[tails.count - 1])
    while cursor >= 0 {
        keep[cursor] = true
        cursor = Int(previous[cursor])
    }
}
