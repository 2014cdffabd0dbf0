/// What a Fahrenheit block receives: the new view, its superview and a
/// maker for it; the view's own properties are reachable directly.
///
/// ```swift
/// º(View("badge")) { s in
///     s.intrinsicContentSize = IntrinsicSize(width: 20, height: 20)  // badge's own property
///     s.make.top.right.equalTo(s.superview)                       // badge's maker
/// }
/// ```
///
/// The original bound `_` to the view and `superview` to its superview;
/// here they are `s.view` (or `s` itself, for properties) and `s.superview`.
@dynamicMemberLookup
public struct FahrenheitScope {
    /// The view the block is about (the one passed to `º`).
    public let view: View
    /// The view it was added to: the view of the innermost enclosing block.
    public let superview: View
    /// A maker for ``view``; its lines become constraints when the block
    /// returns, as with ``View/makeConstraints(file:line:_:)``.
    public let make: ConstraintMaker

    /// A property of ``view`` that can be set (`s.intrinsicContentSize = ...`, `s.layoutMargins = ...`).
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<View, Value>) -> Value {
        get { view[keyPath: keyPath] }
        nonmutating set { view[keyPath: keyPath] = newValue }
    }

    /// A read-only property of ``view`` (`s.id`, `s.subviews`, `s.frame`).
    public subscript<Value>(dynamicMember keyPath: KeyPath<View, Value>) -> Value {
        view[keyPath: keyPath]
    }
}
