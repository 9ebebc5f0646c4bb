import Foundation
import HTTPServer
import ScoutTestSupport
import Synchronization

/// A client on a thread of its own with a blocking socket — no dispatch queue or task between
/// it and the wire — that sends one request every `interval` on a kept-alive connection
/// (optionally from its own loopback address), times each from the moment it is written to the
/// last byte of the reply, and has a ``ReplyTally`` judge it. The load soak's latencies come
/// from these: wrk's own figures do not add up once a Lua script is loaded (see ``WrkSoakRun``).
///
/// ```swift
/// let probe = ProbeClient(name: "images (cached)", port: port, interval: .milliseconds(10)) { n in targets[n % targets.count] }
/// probe.run(until: end, into: tally)   // blocks this thread
/// ```
struct ProbeClient: Sendable {
    let name: String
    let port: UInt16
    var address: String?
    let interval: Duration
    /// The source label (for the tally) and the request target of the n-th request.
    let target: @Sendable (Int) -> (source: String, target: String)

    init(
        name: String, port: UInt16, address: String? = nil, interval: Duration,
        target: @escaping @Sendable (Int) -> (source: String, target: String)
    ) {
        self.name = name
        self.port = port
        self.address = address
        self.interval = interval
        self.target = target
    }

    /// Runs on a new thread until `end`; returns once it has finished.
    func run(until end: ContinuousClock.Instant, into tally: ReplyTally) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                loop(until: end, into: tally)
                continuation.resume()
            }
            thread.name = "soak probe \(name)"
            thread.start()
        }
    }

    private func loop(until end: ContinuousClock.Instant, into tally: ReplyTally) {
        let clock = ContinuousClock()
        var socket: BlockingSocket?
        var due = clock.now
        var index = 0
        while clock.now < end {
            if clock.now < due { usleep(useconds_t((due - clock.now) / .microseconds(1))) }
            due = max(due + interval, clock.now)
            let (source, target) = self.target(index)
            index += 1
            let path = String(target.prefix { $0 != "?" })
            let started = clock.now
            do {
                let open = try socket ?? BlockingSocket(port: port, from: address)
                socket = open
                let reply = try open.get(target)
                tally.record(
                    path: path, source: source, latency: clock.now - started, status: reply.status,
                    headers: reply.headers, body: reply.body)
            } catch {
                socket = nil
                tally.recordFailure(path: path, source: source, error: error, latency: clock.now - started)
            }
        }
    }
}

/// A blocking HTTP/1.1 connection to 127.0.0.1 for ``ProbeClient``: one request at a time,
/// replies framed by `Content-Length` or chunked encoding.
final class BlockingSocket {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One reply.
    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let body: [UInt8]
    }

    init(port: UInt16, from source: String?, timeout: Duration = .seconds(10)) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var time = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        do {
            if let source { try call(bind, Self.address(source, port: 0), "bind") }
            try call(connect, Self.address("127.0.0.1", port: port), "connect")
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    private func call(
        _ function: (Int32, UnsafePointer<sockaddr>?, socklen_t) -> Int32, _ address: sockaddr_in, _ name: String
    ) throws {
        var address = address
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                function(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw Failure(description: "\(name): errno \(errno)") }
    }

    private static func address(_ host: String, port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        return address
    }

    /// Sends `GET target` and reads the whole reply.
    func get(_ target: String) throws -> Reply {
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw Failure(description: "send: errno \(errno)") }
            sent += count
        }
        let head = String(decoding: try read(until: Array("\r\n\r\n".utf8)), as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure(description: "bad status line") }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body: [UInt8] = []
        if let length = headers["Content-Length"].flatMap(Int.init) {
            body = try read(count: length)
        } else if headers["Transfer-Encoding"]?.lowercased().contains("chunked") == true {
            while true {
                let line = String(decoding: try read(until: [13, 10]), as: UTF8.self)
                guard let size = Int(line.split(separator: ";").first ?? "", radix: 16) else {
                    throw Failure(description: "bad chunk size")
                }
                if size == 0 {
                    _ = try read(until: [13, 10])
                    break
                }
                body += try read(count: size)
                _ = try read(count: 2)
            }
        }
        return Reply(status: status, headers: headers, body: body)
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else {
            throw Failure(description: count == 0 ? "closed by the server" : "recv: errno \(errno)")
        }
        buffer += chunk[..<count]
    }

    private func read(until delimiter: [UInt8]) throws -> [UInt8] {
        var from = 0
        while true {
            if buffer.count >= delimiter.count {
                var index = from
                while index + delimiter.count <= buffer.count {
                    if buffer[index..<(index + delimiter.count)].elementsEqual(delimiter) {
                        let result = Array(buffer[..<index])
                        buffer.removeFirst(index + delimiter.count)
                        return result
                    }
                    index += 1
                }
                from = max(0, buffer.count - delimiter.count + 1)
            }
            try fill()
        }
    }

    private func read(count: Int) throws -> [UInt8] {
        while buffer.count < count { try fill() }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }
}
