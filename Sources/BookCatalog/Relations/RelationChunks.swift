import Foundation

/// Relations handed to a store chunk by chunk while they are computed, so a rebuild holds one
/// chunk being written and one being computed instead of the whole catalog's relations
/// (``BookStore/replaceRelations(for:from:chunks:)``).
///
/// The producer runs in a task and computes the next chunk only once the store has taken the
/// previous one: at most two chunks are in flight, and computing one overlaps writing the other.
/// The store reads them with ``next()``, which blocks: both stores call it inside their
/// transaction, which runs as one synchronous block on the database's own queue (never on the
/// Swift concurrency pool, whose threads the producer needs).
///
/// ```swift
/// try await RelationChunks.stream { send in
///     for chunk in [[first], [second]] { guard await send(chunk) else { return } }
/// } into: { chunks in
///     try await store.replaceRelations(for: RelationBuilder.kinds, from: nil, chunks: chunks)
/// }
/// ```
///
/// `@unchecked Sendable`: every stored property is read and written under `condition` alone.
public final class RelationChunks: @unchecked Sendable {
    /// Hands one chunk to the store and waits until it is taken: `true` then, `false` when the
    /// store will take no more (it finished or failed), so the producer should stop.
    public typealias Send = @Sendable ([Relation]) async -> Bool

    private let condition = NSCondition()
    /// The chunk computed and not taken yet.
    private var waiting: [Relation]?
    /// Resumed when `waiting` is taken or the store stops taking.
    private var whenTaken: CheckedContinuation<Void, Never>?
    /// Whether the producer has sent its last chunk (or failed, with `failure`).
    private var isFinished = false
    private var failure: (any Error)?
    /// Whether the store takes no more chunks.
    private var isClosed = false
    /// How many relations the store has taken.
    private var taken = 0

    private init() {}

    /// Runs `produce` in a task, which calls `send` once per chunk, and `consume` (a store
    /// reading ``next()``) beside it; returns how many relations the store took. An error of
    /// either is thrown once both have stopped: a producer's reaches the store through
    /// ``next()``, which rolls its transaction back.
    ///
    /// ```swift
    /// let count = try await RelationChunks.stream({ send in _ = await send(relations) }) { chunks in
    ///     try await store.replaceRelations(for: [.sameSeries], from: nil, chunks: chunks)
    /// }
    /// ```
    @discardableResult
    public static func stream(
        _ produce: @escaping @Sendable (_ send: Send) async throws -> Void,
        into consume: (RelationChunks) async throws -> Void
    ) async throws -> Int {
        let chunks = RelationChunks()
        let producer = Task {
            do {
                try await produce { await chunks.send($0) }
                chunks.finish(throwing: nil)
            } catch {
                chunks.finish(throwing: error)
            }
        }
        do {
            // Cancelling the caller cancels the producer, whose error then rolls the store back.
            try await withTaskCancellationHandler {
                try await consume(chunks)
            } onCancel: {
                producer.cancel()
            }
        } catch {
            chunks.close()
            producer.cancel()
            await producer.value
            throw error
        }
        chunks.close()
        await producer.value
        return chunks.condition.withLock { chunks.taken }
    }

    /// The next chunk, waiting (blocking the calling thread) until it is computed; `nil` once
    /// every chunk was taken. Throws what the producer threw.
    public func next() throws -> [Relation]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting == nil, !isFinished, !isClosed { condition.wait() }
        if let chunk = waiting {
            waiting = nil
            taken += chunk.count
            whenTaken?.resume()
            whenTaken = nil
            return chunk
        }
        if let failure { throw failure }
        return nil
    }

    /// Every chunk's relations in one list, read off the concurrency pool: for a store that
    /// cannot write chunk by chunk (or a test looking at what was sent).
    ///
    /// ```swift
    /// let relations = try await chunks.all()
    /// ```
    public func all() async throws -> [Relation] {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        var relations: [Relation] = []
                        while let chunk = try self.next() { relations += chunk }
                        return relations
                    })
            }
        }
    }

    /// Offers `chunk` to the store and waits until it is taken; `false` when the store takes
    /// no more.
    private func send(_ chunk: [Relation]) async -> Bool {
        await withCheckedContinuation { continuation in
            condition.withLock {
                if isClosed {
                    continuation.resume()
                    return
                }
                waiting = chunk
                whenTaken = continuation
                condition.broadcast()
            }
        }
        return condition.withLock { !isClosed }
    }

    /// The producer has sent its last chunk, or failed with `error`.
    private func finish(throwing error: (any Error)?) {
        condition.withLock {
            isFinished = true
            failure = error
            condition.broadcast()
        }
    }

    /// The store takes no more: a chunk waiting is dropped and its producer let go.
    private func close() {
        condition.withLock {
            isClosed = true
            waiting = nil
            whenTaken?.resume()
            whenTaken = nil
            condition.broadcast()
        }
    }
}
