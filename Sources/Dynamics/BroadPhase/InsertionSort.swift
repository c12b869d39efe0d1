extension UnsafeMutableBufferPointer {
    /// Sorts in place by `key`, stably, by insertion: linear for the nearly sorted arrays the
    /// engine keeps from one sub-step to the next (broad-phase order, contacts, touches), and
    /// allocation-free.
    @inline(__always)
    func insertionSort<Key: Comparable>(by key: (Element) -> Key) {
        guard count > 1 else { return }
        for i in 1..<count {
            // Already in place: no copy of the element (a contact is a few hundred bytes).
            if key(self[i - 1]) <= key(self[i]) { continue }
            let moving = self[i]
            let movingKey = key(moving)
            var j = i - 1
            while j >= 0 && key(self[j]) > movingKey {
                self[j + 1] = self[j]
                j -= 1
            }
            self[j + 1] = moving
        }
    }
}
