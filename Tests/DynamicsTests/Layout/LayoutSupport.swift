import Dynamics

/// Counts invalidation requests; kept apart from the layout so it survives the layout's release.
final class InvalidationLog {
    var count = 0
    /// The watched cell's center at each invalidation (read back through the animator).
    var centers: [Point] = []
}

/// A headless layout owner: records every invalidation, reading `watched` back through the
/// animator (as a collection view layout would), and can detach itself when asked.
final class RecordingLayout: DynamicLayout {
    let log: InvalidationLog
    var watched: LayoutIndexPath?
    var detachOnInvalidate = false

    init(log: InvalidationLog = InvalidationLog(), watching watched: LayoutIndexPath? = nil) {
        self.log = log
        self.watched = watched
    }

    func invalidateLayout(for animator: DynamicAnimator) {
        log.count += 1
        if let watched, let attributes = animator.layoutAttributesForCell(at: watched) {
            log.centers.append(attributes.center)
        }
        if detachOnInvalidate { animator.detachLayout() }
    }
}

/// The index path of `item` in `section`; the tests only build valid ones this way.
func path(_ item: Int, in section: Int = 0) throws -> LayoutIndexPath {
    try LayoutIndexPath(item: item, section: section)
}

/// A 100×100 cell for `indexPath` centred at `center`.
func cell(_ indexPath: LayoutIndexPath, at center: Point) throws -> LayoutAttributes {
    try LayoutAttributes(indexPath: indexPath, center: center, size: Size(width: 100, height: 100))
}

/// The objects' identities, in order: compares lists of attributes by identity.
func identities(_ objects: [LayoutAttributes]) -> [ObjectIdentifier] {
    objects.map(ObjectIdentifier.init)
}
