import Foundation

/// nginx as the fleet's load balancer, for one test: in a temporary directory, on a free
/// 127.0.0.1 port, in front of `upstreams`, configured as `scripts/fleet.sh` and
/// docs/OPERATIONS.md configure it — a dead instance's request goes to the next (`proxy_next_upstream` for
/// Scout's idempotent GETs), the client's address in `X-Forwarded-For`.
///
/// ```swift
/// try await TestNginx.with(upstreams: ports) { port in
///     let reply = try await RawHTTPConnection(port: port).get("/api/v1/search?q=dune")
/// }
/// ```
public enum TestNginx {
    /// Debian's nginx (`nginx-light`), if it is installed.
    public static var binary: String? {
        ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Why a test could not run nginx.
    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts nginx in front of `upstreams`, runs `body` with its port, then stops it and removes
    /// its directory however `body` ends.
    public static func with<T>(upstreams: [UInt16], _ body: (UInt16) async throws -> T) async throws -> T {
        guard let binary else { throw Failed(description: "nginx is not installed (make test installs nginx-light).") }
        let directory = FileManager.default.temporaryDirectory.appending(path: "scout-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let port = UInt16(try LoopbackSockets.freePort())
        let configuration = directory.appending(path: "nginx.conf")
        try Data(Self.configuration(port: port, upstreams: upstreams, directory: directory.path).utf8)
            .write(to: configuration)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-p", directory.path, "-c", configuration.path, "-e", directory.path + "/error.log"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // One process (master_process off): SIGKILL leaves no worker behind.
        func stop() async {
            kill(process.processIdentifier, SIGKILL)
            while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
        }
        let outcome: Result<T, any Error>
        do {
            try await waitUntilListening(port: port, process: process, log: directory.appending(path: "error.log"))
            outcome = .success(try await body(port))
        } catch {
            outcome = .failure(error)
        }
        await stop()
        return try outcome.get()
    }

    private static func waitUntilListening(port: UInt16, process: Process, log: URL) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline, process.isRunning {
            if (try? RawHTTPConnection(port: port, timeout: .seconds(1))) != nil { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        let errors = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw Failed(description: "nginx did not start on 127.0.0.1:\(port). Its error log:\n\(errors)")
    }

    static func configuration(port: UInt16, upstreams: [UInt16], directory: String) -> String {
        let servers = upstreams.map { "    server 127.0.0.1:\($0) max_fails=1 fail_timeout=2s;\n" }.joined()
        return """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(directory)/nginx.pid;
            error_log \(directory)/error.log warn;
            events { worker_connections 1024; }
            http {
              access_log off;
              client_body_temp_path \(directory)/body;
              proxy_temp_path \(directory)/proxy;
              fastcgi_temp_path \(directory)/fastcgi;
              uwsgi_temp_path \(directory)/uwsgi;
              scgi_temp_path \(directory)/scgi;
              upstream scout {
            \(servers)    keepalive 32;
              }
              server {
                listen 127.0.0.1:\(port);
                proxy_http_version 1.1;
                proxy_set_header Connection "";
                proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                proxy_next_upstream error timeout http_502;
                proxy_next_upstream_tries 3;
                proxy_connect_timeout 1s;
                location / { proxy_pass http://scout; }
              }
            }

            """
    }
}
