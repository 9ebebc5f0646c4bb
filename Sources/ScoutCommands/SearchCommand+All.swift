import Foundation
import Providers
import ScoutModels

extension SearchCommand {
    /// `scout search all`: every configured source searched at once, each printed under its
    /// name the moment it answers (with `--json`, one line per source). Exit 1 only when every
    /// source failed: one source down still leaves an answer worth a 0.
    func runAll() async -> Int32 {
        let providers: [any SearchProvider]
        do {
            providers = try allProviders()
        } catch {
            Console.error("scout: \(SettingHint.describe(error)).")
            return ExitCode.usage
        }
        var failures = 0
        var printed = 0
        await withTaskGroup(of: (any SearchProvider, Results).self) { group in
            for provider in providers {
                group.addTask { (provider, await collect(from: provider)) }
            }
            for await (provider, results) in group {
                if results.failure != nil { failures += 1 }
                if printsJSON {
                    ResultPrinter.printJSONSection(
                        source: provider.source, items: results.items, error: results.failure)
                } else {
                    printSection(results, from: provider, isFirst: printed == 0)
                }
                printed += 1
            }
        }
        return failures == providers.count ? ExitCode.failure : ExitCode.success
    }

    /// The providers `all` searches, in `scout search`'s order: Flickr only with its key, as in
    /// `scout tui`.
    func allProviders() throws -> [any SearchProvider] {
        try sources.compactMap { source in
            let provider = try makeProvider(for: source)
            if let flickr = provider as? FlickrProvider, !flickr.isConfigured { return nil }
            return provider
        }
    }

    /// One source's part: its name, then its rows (or its no-results line), then the sentence
    /// of a failure; a blank line apart from the part before.
    private func printSection(_ results: Results, from provider: any SearchProvider, isFirst: Bool) {
        if !isFirst { Console.out("") }
        Console.out(UILanguageOption.sourceName(provider.source, otherwise: provider.displayName, messages))
        if results.items.isEmpty, results.failure == nil {
            printNoResults(results, from: provider)
        } else if !results.items.isEmpty {
            ResultPrinter.printTable(
                results.items, width: TerminalSize.columns(otherwise: configuration.columns), messages: messages)
        }
        if let failure = results.failure { Console.out(failure) }
    }
}
