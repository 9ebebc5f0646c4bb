import Dispatch
import Foundation
import Networking
import Synchronization

/// Turns a host name into the addresses a connection could reach, so a policy can refuse names
/// that point inside the network. The system resolver runs `getaddrinfo` on its own queue, off
/// the cooperative pool.
///
/// ```swift
/// let addresses = await HostResolver.system.addresses(of: "upload.wikimedia.org")
/// let fake = HostResolver { _ in [IPAddress("10.0.0.7")!] }   // tests
/// ```
public struct HostResolver: Sendable {
    private let resolve: @Sendable (String) async -> [IPAddress]

    /// A resolver from a function; an empty answer means the name does not resolve.
    ///
    /// ```swift
    /// HostResolver { host in host == "images.example" ? [IPAddress("203.0.114.9")!] : [] }
    /// ```
    public init(_ resolve: @escaping @Sendable (String) async -> [IPAddress]) {
        self.resolve = resolve
    }

    /// Every address `host` resolves to (empty when it does not).
    public func addresses(of host: String) async -> [IPAddress] { await resolve(host) }

    /// `getaddrinfo` (TCP, any family) on a dedicated concurrent queue. A cancelled caller gets
    /// an empty answer at once (the lookup finishes in the background and is discarded).
    public static let system = HostResolver { host in
        let answer = Answer()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                answer.install(continuation)
                resolverQueue.async { answer.resume(with: getAddresses(host)) }
            }
        } onCancel: {
            answer.resume(with: [])
        }
    }

    private static let resolverQueue = DispatchQueue(label: "scout.image-loading.resolver", attributes: .concurrent)

    private static func getAddresses(_ host: String) -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)  // an enum in Glibc
        #else
            hints.ai_socktype = SOCK_STREAM  // a plain Int32 in Darwin
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let socketAddress = entry.pointee.ai_addr {
                switch entry.pointee.ai_family {
                case AF_INET:
                    let address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
                    addresses.append(IPAddress(v4: address.sin_addr))
                case AF_INET6:
                    let address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee }
                    addresses.append(IPAddress(v6: address.sin6_addr))
                default:
                    break
                }
            }
            cursor = entry.pointee.ai_next
        }
        return addresses
    }
}

/// Resumes a lookup's continuation exactly once, with the first answer — the resolver's or
/// cancellation's — even when cancellation comes before the continuation exists.
private final class Answer: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<[IPAddress], Never>)
        case answered([IPAddress]?)
    }

    private let state = Mutex(State.empty)

    func install(_ continuation: CheckedContinuation<[IPAddress], Never>) {
        let early: [IPAddress]? = state.withLock { state in
            if case .answered(let addresses) = state {
                state = .answered(nil)
                return addresses ?? []
            }
            state = .waiting(continuation)
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func resume(with addresses: [IPAddress]) {
        let continuation = state.withLock { state -> CheckedContinuation<[IPAddress], Never>? in
            switch state {
            case .empty:
                state = .answered(addresses)
                return nil
            case .waiting(let continuation):
                state = .answered(nil)
                return continuation
            case .answered:
                return nil
            }
        }
        continuation?.resume(returning: addresses)
    }
}
