/// In-place least-significant-digit radix sort of 64-bit keys, 8 bits per pass, using a scratch
/// array and a count table that keep their capacity: linear time, stable, and no allocation once
/// warmed up (the standard library's sort may allocate a merge buffer).
struct RadixSorter {
    private var scratch: [UInt64] = []
    private var counts = [Int](repeating: 0, count: 256)

    /// Sorts `keys` ascending. Passes whose digit is the same for every key are skipped.
    mutating func sort(_ keys: inout [UInt64]) {
        let count = keys.count
        guard count > 1 else { return }
        if scratch.count < count { scratch.append(contentsOf: repeatElement(0, count: count - scratch.count)) }
        var allBits: UInt64 = 0, commonBits: UInt64 = ~0
        for key in keys {
            allBits |= key
            commonBits &= key
        }
        let varying = allBits ^ commonBits
        var inKeys = true
        for pass in 0..<8 {
            let shift = UInt64(pass * 8)
            guard (varying >> shift) & 0xff != 0 else { continue }
            keys.withUnsafeMutableBufferPointer { keys in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    counts.withUnsafeMutableBufferPointer { counts in
                        let source = inKeys ? keys : scratch, target = inKeys ? scratch : keys
                        for i in 0..<counts.count { counts[i] = 0 }
                        for i in 0..<count { counts[Int((source[i] >> shift) & 0xff)] += 1 }
                        var total = 0
                        for i in 0..<counts.count {
                            let c = counts[i]
                            counts[i] = total
                            total += c
                        }
                        for i in 0..<count {
                            let digit = Int((source[i] >> shift) & 0xff)
                            target[counts[digit]] = source[i]
                            counts[digit] += 1
                        }
                    }
                }
            }
            inKeys.toggle()
        }
        if !inKeys {
            for i in 0..<count { keys[i] = scratch[i] }
        }
    }
}
