import Foundation
import Networking
import Synchronization

extension ImageLoader {
    /// What one hop answered.
    private enum HopReply {
        case body(Data)
        case redirect(to: String?)
    }

    /// Fetches `url`, following at most ``Configuration/maxRedirects`` redirects by hand with
    /// every target canonicalized and checked by the policy, then sniffs the body and applies
    /// the pixel budget. Nothing here touches a cache.
    func download(_ url: URL) async throws -> LoadedImage {
        let deadline = elapsed() + configuration.deadline
        var current = url
        var redirects = 0
        do {
            while true {
                guard try await isAllowed(current, within: deadline - elapsed()) else {
                    throw ImageLoaderError(.refused, details: "policy refused \(current.host ?? "?")")
                }
                let remaining = deadline - elapsed()
                guard remaining > .zero else { throw ImageLoaderError(.timedOut(configuration.deadline)) }
                switch try await fetch(current, deadline: remaining) {
                case .body(let data):
                    return try validate(data, from: current)
                case .redirect(let location):
                    redirects += 1
                    guard redirects <= configuration.maxRedirects else {
                        throw ImageLoaderError(.tooManyRedirects(limit: configuration.maxRedirects))
                    }
                    guard let location, let next = HopURL.redirectTarget(location, from: current) else {
                        throw ImageLoaderError(.refused, details: "unusable redirect from \(current.host ?? "?")")
                    }
                    current = next
                }
            }
        } catch let error as ImageLoaderError {
            tally.withLock { counters in
                switch error.kind {
                case .refused, .tooManyRedirects, .tooLarge, .tooManyPixels, .notAnImage: counters.rejected += 1
                default: counters.failed += 1
                }
            }
            throw error
        }
    }

    /// The policy's verdict on `url`, or a timeout when it takes longer than `remaining` (a
    /// name lookup can hang).
    private func isAllowed(_ url: URL, within remaining: Duration) async throws -> Bool {
        let timeout = ImageLoaderError(.timedOut(configuration.deadline), details: "the policy check took too long")
        guard remaining > .zero else { throw timeout }
        let policy = self.policy
        let sleep = self.sleep
        return try await withThrowingTaskGroup(of: Bool?.self) { group in
            group.addTask { await policy.allows(url) }
            group.addTask {
                try await sleep(remaining)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let verdict = first else {
                try Task.checkCancellation()
                throw timeout
            }
            return verdict
        }
    }

    private func validate(_ data: Data, from url: URL) throws -> LoadedImage {
        guard let image = LoadedImage(sniffing: data) else {
            throw ImageLoaderError(.notAnImage, details: "\(data.count) bytes from \(url.host ?? "?")")
        }
        guard image.info.pixelCount <= configuration.maxPixels else {
            throw ImageLoaderError(
                .tooManyPixels(image.info, limit: configuration.maxPixels),
                details: "\(image.info) from \(url.host ?? "?")")
        }
        return image
    }

    /// One request through the API client, without following redirects.
    private func fetch(_ url: URL, deadline: Duration) async throws -> HopReply {
        let token = capture.expect()
        let endpoint = Endpoint<Data>(
            source: "Image host", url: url,
            headers: [
                "Accept": "image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1",
                CapturingTransport.header: token,
            ],
            deadline: deadline, maxResponseBytes: configuration.maxBytes, allowsRedirects: false,
            decode: { $0 })
        do {
            let body = try await client.send(endpoint)
            _ = capture.take(token)
            return .body(body)
        } catch let error as APIError {
            let captured = capture.take(token)
            if error.kind == .redirectRefused, let captured, [301, 302, 303, 307, 308].contains(captured.status) {
                return .redirect(to: captured.headers["location"])
            }
            throw Self.loaderError(for: error, deadline: configuration.deadline, limit: configuration.maxBytes)
        } catch {
            _ = capture.take(token)
            throw error
        }
    }

    private static func loaderError(for error: APIError, deadline: Duration, limit: Int) -> ImageLoaderError {
        let details = error.debugDescription
        switch error.kind {
        case .timedOut: return ImageLoaderError(.timedOut(deadline), details: details)
        case .tooLarge: return ImageLoaderError(.tooLarge(limit: limit), details: details)
        case .rateLimited(let retryAfter):
            return ImageLoaderError(.rateLimited(retryAfter: retryAfter), details: details)
        case .overBudget(let retryAfter):
            return ImageLoaderError(.rateLimited(retryAfter: retryAfter), details: details)
        case .unavailable: return ImageLoaderError(.unavailable, details: details)
        case .status(let status): return ImageLoaderError(.status(status), details: details)
        case .redirectRefused: return ImageLoaderError(.status(error.status ?? 300), details: details)
        case .invalidResponse: return ImageLoaderError(.notAnImage, details: details)
        case .offline, .transport, .upstream: return ImageLoaderError(.transport, details: details)
        case .addressRefused: return ImageLoaderError(.refused, details: details)
        }
    }
}
