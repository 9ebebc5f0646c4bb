/// How a view model follows its session: a main-actor task that applies each element of
/// `stream` to `model`, in order, until the stream ends or the model is released. It holds the
/// model weakly, so the task never keeps its model alive; the model cancels it in `deinit`.
@MainActor
func follow<Model: AnyObject & Sendable, Element: Sendable>(
    _ stream: AsyncStream<Element>, applyingTo model: Model,
    _ apply: @escaping @Sendable @MainActor (Model, Element) -> Void
) -> Task<Void, Never> {
    Task { [weak model] in
        for await element in stream {
            guard let model else { return }
            apply(model, element)
        }
    }
}
