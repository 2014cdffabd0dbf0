import Testing
@testable import Plumb

/// ``Observer``: CocoaSugar's COSObserver example in Swift, frames after a
/// layout, intrinsic sizes, and observations that end when a view goes away.
@Suite struct ObserverTests {
    /// The seed's example: label1's observer watches label2's text and
    /// copies it into label1. Setting the same text again is no change.
    @Test func oneLabelsTextFollowsAnothers() {
        let label1 = View("label1"), label2 = View("label2")
        let observer = Observer.observer(for: label1)
        var calls = 0
        observer.addTarget(label2, property: .text) { object, target, change in
            calls += 1
            #expect(object === label1 && target === label2)
            object.text = change.new.text
        }
        label2.text = Text("Hello")
        #expect(label1.text?.string == "Hello")
        label2.text = Text("Hello again")
        #expect(label1.text?.string == "Hello again")
        label2.text = Text("Hello again")
        #expect(calls == 2)
        label2.text = nil
        #expect(label1.text == nil)
        #expect(calls == 3)
        #expect(Observer.observer(for: label1) === observer)
    }

    /// A frame notifies after a layout that moves the view, with the old and
    /// the new frame; a layout that leaves it in place says nothing.
    @Test func framesNotifyWhenALayoutMovesThem() throws {
        let root = View("root"), box = View("box")
        root.addSubview(box)
        try Constraint.activate(Constraint.make(simpleFormats: [
            "box.width = 100", "box.height = 50",
            "box.right = superview.right - 10", "box.top = superview.top + 20",
        ], views: ["box": box, "superview": root]))
        var changes: [Observer.Change] = []
        Observer.observer(for: root).addTarget(box, property: .frame) { _, _, change in changes.append(change) }
        try root.layout(width: 320, height: 480)
        try root.layout(width: 320, height: 480)
        try root.layout(width: 200, height: 480)
        #expect(changes.count == 2)
        #expect(changes.map(\.old.frame) == [Rect.zero, Rect(x: 210, y: 20, width: 100, height: 50)])
        #expect(changes.map(\.new.frame) == [Rect(x: 210, y: 20, width: 100, height: 50),
                                             Rect(x: 90, y: 20, width: 100, height: 50)])
    }

    @Test func intrinsicSizesNotify() {
        let a = View("a"), b = View("b")
        var seen: [IntrinsicSize?] = []
        Observer.observer(for: a).addTarget(b, property: .intrinsicContentSize) { _, _, change in
            seen.append(change.new.intrinsicContentSize)
        }
        b.intrinsicContentSize = IntrinsicSize(width: 40, height: 20)
        b.intrinsicContentSize = IntrinsicSize(width: 40, height: 20)
        b.intrinsicContentSize = .none
        #expect(seen == [IntrinsicSize(width: 40, height: 20), IntrinsicSize.none])
    }

    /// When the target goes away the observation ends; when the object goes
    /// away its observer goes with it and no block runs again.
    @Test func observationsEndWithEitherView() {
        var calls = 0
        let object = View("object")
        let observer = Observer.observer(for: object)
        do {
            let target = View("target")
            observer.addTarget(target, property: .text) { _, _, _ in calls += 1 }
            target.text = Text("x")
            #expect(observer.observationCount == 1)
        }
        #expect(observer.observationCount == 0)

        let target = View("target")
        weak var released: Observer?
        do {
            let shortLived = View("short")
            let o = Observer.observer(for: shortLived)
            released = o
            o.addTarget(target, property: .text) { _, _, _ in calls += 1 }
            target.text = Text("y")
        }
        #expect(released == nil)
        target.text = Text("z")
        #expect(calls == 2)
    }

    @Test func removeTargetEndsOneObservation() {
        let a = View("a"), b = View("b")
        let observer = Observer.observer(for: a)
        var texts = 0, frames = 0
        observer.addTarget(b, property: .text) { _, _, _ in texts += 1 }
        observer.addTarget(b, property: .intrinsicContentSize) { _, _, _ in frames += 1 }
        observer.removeTarget(b, property: .text)
        b.text = Text("gone")
        b.intrinsicContentSize = IntrinsicSize(width: 1, height: 1)
        #expect(texts == 0 && frames == 1)
        observer.removeTarget(b)
        b.intrinsicContentSize = .none
        #expect(frames == 1)
        #expect(observer.observationCount == 0)
    }
}
