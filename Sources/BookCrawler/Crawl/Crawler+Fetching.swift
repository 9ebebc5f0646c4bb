import Foundation
import Networking

extension Crawler {
    /// How a page request ended.
    enum PageReply {
        /// An HTML page and the charset its `Content-Type` names.
        case page(Data, charset: String?)
        /// A redirect to this (absolute) address.
        case redirect(URL)
        /// Something other than HTML.
        case notHTML(contentType: String)
        /// A sentence saying what went wrong and what to do.
        case failure(String)
    }

    /// Fetches the page at `url` through its host's client. Throws only `CancellationError`.
    func fetchPage(_ url: URL, with host: HostSession) async throws -> PageReply {
        switch try await fetch(url, with: host.client, interval: host.interval, robotsFile: false) {
        case .success(let (body, head)):
            let contentType = head?.headers["content-type"].map(ContentType.init)
            guard contentType?.isHTML ?? true else { return .notHTML(contentType: contentType?.mediaType ?? "") }
            return .page(body, charset: contentType?.charset)
        case .failure(let error):
            if error.kind == .redirectRefused, let location = transport.take(url)?.headers["location"] {
                guard let target = HTMLDocument.resolve(location, against: url) else {
                    return .failure("The page redirects to an address Scout cannot read. Check the link.")
                }
                return .redirect(target)
            }
            return .failure(Self.reason(for: error))
        }
    }

    /// One GET through `client`: the body and the reply's head, or the client's error. The
    /// deadline leaves room for every attempt at the host's pace.
    func fetch(
        _ url: URL, with client: APIClient, interval: Duration, robotsFile: Bool
    ) async throws -> Result<(Data, ReplyHeadRecorder.Head?), APIError> {
        let retries = max(0, configuration.maxAttempts - 1)
        let endpoint = Endpoint<Data>(
            source: url.host ?? "The site", url: url,
            headers: ["Accept": robotsFile ? "text/plain" : "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1"],
            deadline: configuration.pageDeadline + interval * retries,
            maxResponseBytes: robotsFile ? RobotsPolicy.maxFileBytes : configuration.maxPageBytes,
            // A robots.txt may redirect (to https, say); a page's redirect is re-checked by hand.
            allowsRedirects: robotsFile, decode: { $0 })
        do {
            let body = try await client.send(endpoint)
            return .success((body, transport.take(url)))
        } catch let error as APIError {
            if error.kind != .redirectRefused { _ = transport.take(url) }
            return .failure(error)
        }
    }

    /// A sentence for a failed request, saying what happened and what to do.
    static func reason(for error: APIError) -> String {
        switch error.kind {
        case .timedOut(let deadline):
            "The page did not arrive within \(format(deadline)). Retry later."
        case .rateLimited:
            "The site asked Scout to slow down. Retry later with a lower rate."
        case .overBudget(let retryAfter):
            "Scout is at its request limit for the site; retry in \(format(retryAfter))."
        case .unavailable:
            error.status.map { "The site answered HTTP \($0) to every attempt. Retry later." }
                ?? "The site failed too often in a row, so Scout stopped asking it for now. Retry later."
        case .status(let status):
            "The site answered HTTP \(status). Check the link."
        case .tooLarge(let limit):
            "The page is larger than \(limit / 1024) KiB, so Scout did not read it. Raise the page size limit to read it."
        case .offline:
            "You seem to be offline. Check your connection and retry."
        case .transport:
            "Could not reach the site. Check the address and your connection."
        case .addressRefused:
            "The site is at a private or local network address, which Scout crawls only when a start page names it."
        case .redirectRefused, .invalidResponse, .upstream:
            "The site's answer could not be read. Retry later."
        }
    }

    /// "10 s", "250 ms".
    static func format(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
