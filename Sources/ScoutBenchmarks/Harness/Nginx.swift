import Foundation

/// A throwaway nginx (Debian's package) on 127.0.0.1, from a temporary directory: serving files —
/// the reference every HTTP benchmark is measured against — or balancing a fleet of `scout serve`.
final class Nginx {
    let port: UInt16
    private let directory: URL
    private let process: Process

    /// Serves each `files` entry at `/<name>` with its content type; `workers` like Scout's threads.
    convenience init(files: [String: (bytes: [UInt8], contentType: String)], workers: Int) throws {
        try self.init(workers: workers, probe: "/\(files.keys.first ?? "")") { directory in
            let root = directory.appending(path: "root")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            var locations = ""
            for (name, file) in files {
                try Data(file.bytes).write(to: root.appending(path: name))
                locations += "    location = /\(name) { default_type \"\(file.contentType)\"; }\n"
            }
            // Workers run as nobody when started by root, so the tree must be world-readable.
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
            return "    root \(root.path);\n\(locations)"
        }
    }

    /// A load balancer in front of `upstreams` (ports on 127.0.0.1), as docs/OPERATIONS.md's "On
    /// several machines" sets one up: round robin, kept-alive upstream connections, and the next
    /// instance tried when one fails. `probe` is a path every upstream answers.
    convenience init(proxyingTo upstreams: [UInt16], workers: Int, probe: String = "/healthz") throws {
        let servers = upstreams.map { "      server 127.0.0.1:\($0);\n" }.joined()
        try self.init(
            workers: workers, probe: probe, upstreamBlock: "  upstream scout {\n\(servers)      keepalive 64;\n  }\n"
        ) {
            _ in
            """
                location / {
                  proxy_pass http://scout;
                  proxy_http_version 1.1;
                  proxy_set_header Connection "";
                  proxy_next_upstream error timeout http_502 http_503;
                }

            """
        }
    }

    /// Writes the configuration around the `server` block's body that `serverBody` returns
    /// (given the temporary directory), starts nginx and waits until `probe` answers.
    private init(
        workers: Int, probe: String, upstreamBlock: String = "", serverBody: (URL) throws -> String
    ) throws {
        port = try freeLoopbackPort()
        directory = FileManager.default.temporaryDirectory.appending(path: "scout-bench-nginx-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let body = try serverBody(directory)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        let configuration = """
            worker_processes \(workers);
            pid \(directory.path)/nginx.pid;
            error_log \(directory.path)/error.log warn;
            events { worker_connections 4096; }
            http {
              access_log off;
              client_body_temp_path \(directory.path)/body;
              proxy_temp_path \(directory.path)/proxy;
              fastcgi_temp_path \(directory.path)/fastcgi;
              uwsgi_temp_path \(directory.path)/uwsgi;
              scgi_temp_path \(directory.path)/scgi;
              sendfile on;
              tcp_nopush on;
              keepalive_requests 1000000;
            \(upstreamBlock)  server {
                listen 127.0.0.1:\(port);
            \(body)  }
            }
            """
        let configurationFile = directory.appending(path: "nginx.conf")
        try configuration.write(to: configurationFile, atomically: true, encoding: .utf8)
        process = try Command.start(
            URL(fileURLWithPath: "/usr/sbin/nginx"),
            ["-p", directory.path, "-c", configurationFile.path, "-g", "daemon off;"])
        try waitUntilServing("http://127.0.0.1:\(port)\(probe)", what: "nginx")
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
