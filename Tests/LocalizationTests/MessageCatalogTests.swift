import Foundation
import Localization
import Testing

/// The catalogs Scout ships are complete: every key English has, every language has, with the
/// same `{placeholders}`; and every key the code names (in Swift, the page's scripts and its
/// HTML template) is in English. A translation left out fails here, not on a reader's screen.
@Suite("Message catalogs")
struct MessageCatalogTests {
    static let english = MessageCatalog.english.texts

    @Test("every language Scout names has a catalog that decodes")
    func everyCatalogDecodes() {
        for language in Language.allCases {
            #expect(
                MessageCatalog.shipped[language] != nil,
                "Assets/\(language.code).json is missing or not a JSON object of strings")
        }
        #expect(Self.english.count > 50)
    }

    @Test("every catalog has every key English has", arguments: Language.allCases.filter { $0 != .english })
    func complete(language: Language) throws {
        let texts = try #require(MessageCatalog.shipped[language]?.texts)
        let missing = Set(Self.english.keys).subtracting(texts.keys).sorted()
        #expect(
            missing.isEmpty, "\(language.code).json lacks \(missing.count) keys: \(missing.joined(separator: ", "))")
        let extra = Set(texts.keys).subtracting(Self.english.keys).sorted()
        #expect(extra.isEmpty, "\(language.code).json has keys English has not (a typo?): \(extra)")
    }

    @Test("a translation fills in the same values as English", arguments: Language.allCases)
    func samePlaceholders(language: Language) throws {
        let texts = try #require(MessageCatalog.shipped[language]?.texts)
        for (key, text) in texts {
            guard let english = Self.english[key] else { continue }
            #expect(
                Set(MessageTemplate.names(in: text)) == Set(MessageTemplate.names(in: english)),
                "\(language.code).json \(key): \(text) fills other values than \(english)")
            #expect(!text.isEmpty, "\(language.code).json \(key) is empty")
        }
    }

    @Test("every key the code names is in the English catalog")
    func everyKeyUsedExists() throws {
        let used = try CodeKeys.used()
        #expect(used.count > 60, "the scan found only \(used.count) keys: is the source tree where it was?")
        for (key, file) in used.sorted(by: { $0.key < $1.key }) {
            let exists = Self.english[key] != nil || Self.english["\(key).other"] != nil
            #expect(exists, "\(file) uses \(key), which no catalog has")
        }
    }

    @Test("every key of the English catalog is used somewhere")
    func noUnusedKeys() throws {
        let used = try CodeKeys.used()
        // Source names are looked up by the source's id (`source.\(id)`), not named one by one.
        for key in Self.english.keys.sorted() where !key.hasPrefix("source.") {
            let base = key.replacing(/\.(one|other)$/, with: "")
            #expect(used[key] != nil || used[base] != nil, "\(key) is in the catalogs but no code uses it")
        }
    }
}

/// The catalog keys named in Scout's sources: string literals such as `"page.submit"`,
/// `'tui.idle'` and template names `{{page.tagline}}`.
enum CodeKeys {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func used() throws -> [String: String] {
        let sources = root.appending(path: "Sources")
        let pattern = try Regex(#"(?:["']|\{\{)((?:page|tui|cli|source|list)\.[A-Za-z0-9.]+|quote)(?:["']|\}\})"#)
        var keys: [String: String] = [:]
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard ["swift", "js", "html"].contains(file.pathExtension) else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                guard let key = match.output[1].substring else { continue }
                keys[String(key)] = file.lastPathComponent
            }
        }
        return keys
    }
}
