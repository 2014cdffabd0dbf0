#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Plumb

/// Every example of the Fahrenheit README (shared/seeds/fahrenheit-readme.md),
/// in Swift, laid out in a 400 x 300 root with hand-computed frames (in each
/// view's superview coordinates). Where an example leaves a view
/// underdetermined, extra maker lines pin the rest.
@Suite struct SeedExamplesFahrenheitTests {
    /// "Building hierarchies normally": two views nested in the root, each
    /// filling its superview, with the maker and `addSubview` by hand.
    @Test func buildingHierarchiesNormally() throws {
        let root = View("root")
        let view1 = View("view1")
        root.addSubview(view1)
        view1.makeConstraints { make in
            make.edges.equalTo(view1.superview!)
        }
        let view2 = View("view2")
        view1.addSubview(view2)
        view2.makeConstraints { make in
            make.edges.equalTo(view1)
        }
        try root.layout(width: 400, height: 300)
        expectFrame(view1, 0, 0, 400, 300)
        expectFrame(view2, 0, 0, 400, 300)
    }

    /// "Building hierarchies with Fahrenheit": the same hierarchy in nested blocks.
    @Test func buildingHierarchiesWithFahrenheit() throws {
        let root = View("root")
        var view1: View!, view2: View!
        ºº(root) {
            view1 = º(View("view1")) { s in
                s.make.edges.equalTo(s.superview)
                view2 = º(View("view2")) { s in
                    s.make.edges.equalTo(s.superview)
                }
            }
        }
        #expect(root.subviews.map(\.id) == ["view1"])
        #expect(view1.subviews.map(\.id) == ["view2"])
        #expect(root.superview == nil)  // ºº adds its view to nothing
        try root.layout(width: 400, height: 300)
        expectFrame(view1, 0, 0, 400, 300)
        expectFrame(view2, 0, 0, 400, 300)
    }

    /// The same, with insets, so that the nesting shows in the frames:
    /// view2 is in view1's coordinates.
    @Test func nestedFramesAreInTheSuperviewsCoordinates() throws {
        let root = View("root")
        var view1: View!, view2: View!
        ºº(root) {
            view1 = º(View("view1")) { s in
                s.make.edges.equalTo(s.superview).insets(EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
                view2 = º(View("view2")) { s in
                    s.make.edges.equalTo(s.superview).inset(5)
                }
            }
        }
        try root.layout(width: 400, height: 300)
        expectFrame(view1, 20, 10, 340, 260)
        expectFrame(view2, 5, 5, 330, 250)
    }

    /// "Advanced usage": `two` is assigned after `one`'s `º`, but `one`'s
    /// block runs after both are assigned, so it sees `two`; and the other
    /// way round. one.left = two.left and two.top = one.top; the rest is pinned.
    @Test func siblingsReferToEachOther() throws {
        let root = View("root")
        var seenInOne: View?
        var one: View!, two: View!
        ºº(root) {
            one = º(View("one")) { s in
                // Even though two is assigned below, it is not nil here.
                seenInOne = two
                s.make.left.equalTo(two)
                s.make.top.equalTo(20)
                s.make.size.equalTo(50)
            }
            two = º(View("two")) { s in
                // one is not nil here either.
                s.make.top.equalTo(one)
                s.make.left.equalTo(100)
                s.make.width.equalTo(80)
                s.make.height.equalTo(40)
            }
        }
        #expect(seenInOne === two)
        #expect(root.subviews.map(\.id) == ["one", "two"])
        try root.layout(width: 400, height: 300)
        expectFrame(one, 100, 20, 50, 50)
        expectFrame(two, 100, 20, 80, 40)
    }

    /// "Advanced usage": each `º` adds to the view of the most recent
    /// enclosing block, in the order of the calls; blocks run after
    /// everything else in their enclosing block, parents before children.
    @Test func orderOfViewsAndBlocks() throws {
        let root = View("root")
        var log: [String] = []
        var a: View!, b: View!, a1: View!, a2: View!
        ºº(root) {
            a = º(View("a")) { s in
                log.append("block a")
                a1 = º(View("a1")) { _ in log.append("block a1") }
                log.append("after a1")
                a2 = º(View("a2"))
                s.make.edges.equalTo(s.superview)
            }
            log.append("after a")
            b = º(View("b")) { s in
                log.append("block b")
                s.make.size.equalTo(s.superview.mas_size).dividedBy(2)
                s.make.center.equalTo(a)
            }
            log.append("after b")
        }
        #expect(log == ["after a", "after b", "block a", "after a1", "block a1", "block b"])
        #expect(root.subviews.map(\.id) == ["a", "b"])
        #expect(a.subviews.map(\.id) == ["a1", "a2"])
        #expect(a1.superview === a && a2.superview === a)
        a1.makeConstraints { make in make.top.left.equalTo(0); make.size.equalTo(10) }
        a2.makeConstraints { make in make.bottom.right.equalTo(0); make.size.equalTo(10) }
        try root.layout(width: 400, height: 300)
        expectFrame(a, 0, 0, 400, 300)
        expectFrame(b, 100, 75, 200, 150)
        expectFrame(a1, 0, 0, 10, 10)
        expectFrame(a2, 390, 290, 10, 10)
    }

    /// The typed `_` of the original (`º((UIButton *)...)`): here the block's
    /// `s` reaches the view's own properties directly, through dynamic member
    /// lookup, read and write.
    @Test func theScopeReachesTheViewsProperties() throws {
        let root = View("root")
        var button: View!
        ºº(root) {
            button = º(View("button")) { s in
                #expect(s.id == "button")
                #expect(s.view === button && s.superview === root)
                s.intrinsicContentSize = IntrinsicSize(width: 60, height: 30)
                s.layoutMargins = EdgeInsets(all: 4)
                s.make.center.equalTo(s.superview)
            }
        }
        #expect(button.intrinsicContentSize == IntrinsicSize(width: 60, height: 30))
        #expect(button.layoutMargins == EdgeInsets(all: 4))
        try root.layout(width: 400, height: 300)
        expectFrame(button, 170, 135, 60, 30)
    }

    /// "If you don't like the `º` or `ºº` symbols": the ASCII names
    /// `fahrenheitTopLevel` and `fahrenheit` (the original's macro names).
    @Test func asciiNames() throws {
        let root = View("root")
        var view1: View!, view2: View!
        fahrenheitTopLevel(root) {
            view1 = fahrenheit(View("view1")) { s in
                s.make.edges.equalTo(s.superview).inset(10)
                view2 = fahrenheit(View("view2")) { s in
                    s.make.edges.equalTo(s.superview)
                }
            }
        }
        try root.layout(width: 400, height: 300)
        expectFrame(view1, 10, 10, 380, 280)
        expectFrame(view2, 0, 0, 380, 280)
    }

    /// The README's Fahrenheit example, as printed there.
    @Test func readmeExample() throws {
        let root = View("root")
        var header: View!, badge: View!, content: View!
        ºº(root) {
            header = º(View("header")) { s in
                s.make.top.left.right.equalTo(s.superview)
                s.make.height.equalTo(44)
                badge = º(View("badge")) { s in
                    s.intrinsicContentSize = IntrinsicSize(width: 20, height: 20)
                    s.make.right.equalTo(-8)
                    s.make.centerY.equalTo(s.superview)
                }
            }
            content = º(View("content")) { s in
                s.make.top.equalTo(header.mas_bottom)
                s.make.left.right.bottom.equalTo(s.superview).inset(8)
            }
        }
        try root.layout(width: 320, height: 480)
        expectFrame(header, 0, 0, 320, 44)
        expectFrame(badge, 292, 12, 20, 20)
        expectFrame(content, 8, 44, 304, 428)
    }

    /// The example in the documentation of `ºº`.
    @Test func docCommentExample() throws {
        let root = View("root")
        var view1: View!, view2: View!
        ºº(root) {
            view1 = º(View("view1")) { s in
                s.make.edges.equalTo(s.superview)
                view2 = º(View("view2")) { s in
                    s.make.edges.equalTo(s.superview).inset(10)
                }
            }
        }
        try root.layout(width: 200, height: 100)
        expectFrame(view1, 0, 0, 200, 100)
        expectFrame(view2, 10, 10, 180, 80)
    }
}

/// Fahrenheit's mistakes: reported by a layout, never a crash.
@Suite struct FahrenheitErrorTests {
    /// `º` outside any `ºº`: the view is added to nothing, its block does not
    /// run, and a layout of a tree holding the view reports it at the call.
    @Test func blockOutsideTopLevel() throws {
        var ran = false
        let lost = º(View("lost")) { _ in ran = true }
        #expect(lost.superview == nil)
        #expect(!ran)
        let root = View("root")
        root.addSubview(lost)
        lost.makeConstraints { make in make.edges.equalTo(root) }
        #expect(frontEndProblems(of: root) == [.fahrenheitOutsideTopLevel(view: "lost")])
        try root.layout(width: 400, height: 300)  // reported once: now it lays out
        expectFrame(lost, 0, 0, 400, 300)
        #expect(!ran)
    }

    /// The message and the position, checked once through the layout error.
    @Test func outsideTopLevelDiagnostic() throws {
        let root = View("root")
        let line = #line + 1
        let v = º(View("stray"))
        root.addSubview(v)
        v.makeConstraints { make in make.edges.equalTo(root) }
        do {
            try root.layout(width: 400, height: 300)
            Issue.record("expected an error")
        } catch {
            #expect(error.problems == [.swiftFrontEnd(.fahrenheitOutsideTopLevel(view: "stray"))])
            #expect(error.diagnostics.first?.line == line)
            #expect("\(error)".contains("outside any ºº"))
        }
    }

    /// After a `ºº` returns, `º` is outside again; nested `ºº` start their own hierarchies.
    @Test func topLevelBlocksEndAndNest() throws {
        let root = View("root"), other = View("other")
        var inner: View!
        ºº(root) {
            º(View("a")) { _ in
                ºº(other) {
                    inner = º(View("inner"))
                }
            }
        }
        #expect(inner.superview === other)
        #expect(root.subviews.map(\.id) == ["a"])
        let after = º(View("after"))
        #expect(after.superview == nil)
        #expect(frontEndProblems(of: after) == [.fahrenheitOutsideTopLevel(view: "after")])
    }

    /// The stack of enclosing blocks belongs to the thread: a `º` on another
    /// thread, while a `ºº` runs here, is outside any `ºº` there.
    @Test func blocksBelongToTheirThread() throws {
        let root = View("root")
        var fromOtherThread: [SwiftFrontEndProblem] = []
        var here: View!
        ºº(root) {
            fromOtherThread = onNewThread {
                let v = º(View("elsewhere"))
                return frontEndProblems(of: v)
            }
            here = º(View("here"))
        }
        #expect(fromOtherThread == [.fahrenheitOutsideTopLevel(view: "elsewhere")])
        #expect(here.superview === root && root.subviews.count == 1)
    }

    /// A maker mistake inside a block is reported by the root's layout like any other.
    @Test func makerMistakeInsideABlock() throws {
        let root = View("root")
        ºº(root) {
            º(View("v")) { s in
                _ = s.make.left
                s.make.edges.equalTo(s.superview)
            }
        }
        #expect(frontEndProblems(of: root) == [.missingRelation("left")])
    }
}

/// Something a new thread runs.
private protocol ThreadBody: AnyObject {
    func run()
}

/// `body` and, once run, its result. `@unchecked Sendable`: handed to one
/// thread, and read only after that thread has been joined.
private final class ThreadWork<R>: ThreadBody, @unchecked Sendable {
    let body: () -> R
    var result: R?
    init(_ body: @escaping () -> R) { self.body = body }
    func run() { result = body() }
}

/// Runs `body` on a new POSIX thread and returns its result once the thread has ended.
private func onNewThread<R>(_ body: @escaping () -> R) -> R {
    let work = ThreadWork(body)
    let context = Unmanaged<AnyObject>.passRetained(work).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let status = pthread_create(&thread, nil, { raw in
        #if canImport(Darwin)
        let object = Unmanaged<AnyObject>.fromOpaque(raw).takeRetainedValue()
        #else
        let object = Unmanaged<AnyObject>.fromOpaque(raw!).takeRetainedValue()
        #endif
        (object as! ThreadBody).run()
        return nil
    }, context)
    precondition(status == 0, "pthread_create failed (\(status))")
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
    return work.result!
}
