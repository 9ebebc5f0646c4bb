import Foundation

/// A throwaway nginx (Debian's package) serving files from a temporary directory on
/// 127.0.0.1 — the reference every HTTP benchmark is measured against.
final class Nginx {
    let port: UInt16
    private let directory: URL
    private let process: Process

    /// Serves each `files` entry at `/<name>` with its content type; `workers` like Scout's threads.
    init(files: [String: (bytes: [UInt8], contentType: String)], workers: Int) throws {
        port = try freeLoopbackPort()
        directory = FileManager.default.temporaryDirectory.appending(path: "scout-bench-nginx-\(UUID())")
        let root = directory.appending(path: "root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var locations = ""
        for (name, file) in files {
            try Data(file.bytes).write(to: root.appending(path: name))
            locations += "    location = /\(name) { default_type \"\(file.contentType)\"; }\n"
        }
        // Workers run as nobody when started by root, so the tree must be world-readable.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
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
              server {
                listen 127.0.0.1:\(port);
                root \(root.path);
            \(locations)  }
            }
            """
        let configurationFile = directory.appending(path: "nginx.conf")
        try configuration.write(to: configurationFile, atomically: true, encoding: .utf8)
        process = try Command.start(
            URL(fileURLWithPath: "/usr/sbin/nginx"),
            ["-p", directory.path, "-c", configurationFile.path, "-g", "daemon off;"])
        try waitUntilServing("http://127.0.0.1:\(port)/\(files.keys.first ?? "")", what: "nginx")
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
