import InstantSearch
import Localization
import ScoutModels

extension TerminalApp {
    /// → on a result of a source with relations (books): loads and shows its related items.
    func showRelated() {
        guard let lookup = tabs[activeTab].related, let item = selectedItem, related == nil else { return }
        related = .loading(item)
        let failed = messages.text("tui.related.failed", ["title": messages.text("quote", ["text": item.title])])
        selection = 0
        scrollTop = 0
        relatedTask = Task { @MainActor [weak self] in
            let outcome: RelatedPanel
            do {
                outcome = .loaded(item, try await lookup(item))
            } catch is CancellationError {
                return
            } catch let failure as any SearchFailure {
                outcome = .failed(item, failure.userMessage)
            } catch {
                outcome = .failed(item, failed)
            }
            guard let self, self.related?.origin == item else { return }
            self.related = outcome
            self.scheduleRender()
        }
    }

    /// Keys while the related panel is open: ←/Esc go back, ↑/↓ move, Enter opens, r retries.
    /// Returns false for keys the main list handles the same way (Enter, Tab, quitting).
    func handleRelated(_ key: Key) -> Bool {
        switch key {
        case .left, .escape:
            closeRelated()
            return true
        case .text("r") where isRetryOffered:
            retry()
            return true
        case .text, .backspace, .delete, .control("u"), .control("w"):
            // Editing the query leaves the panel for the new results.
            closeRelated()
            return false
        default:
            return false
        }
    }

    /// Back to the result list, with the item the panel was for selected again.
    func closeRelated() {
        guard let panel = related else { return }
        relatedTask?.cancel()
        relatedTask = nil
        related = nil
        selection = model.items.firstIndex(of: panel.origin) ?? 0
        scrollTop = 0
    }
}
