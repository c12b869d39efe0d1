/// Receives the animator's pause and resume notifications.
public protocol DynamicAnimatorDelegate: AnyObject {
    /// The animator came to rest (or has no behaviors) and stopped doing work.
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
    /// Something changed and the paused animator is about to run again.
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
}
