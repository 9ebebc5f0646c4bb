// The All tab's part of the search machine (machine.js), pure as the rest of it: one
// multisearch for every source (ALL_ORDER), whose NDJSON lines come back as `page` and `failed`
// events of its generation, each filling its own section; a section loads, answers, comes back
// empty or fails on its own, and a failed one is retried alone (`retrySection`: one
// /api/v1/search of that source, in the same generation, so a newer search still wins).
import { ALL_LIMIT, allSources } from './rules.js';
import * as sections from './sections.js';
import { allSections, searchLanguage } from './state.js';

/**
 * Searches `q` in every source of the All tab, in `s` (a state machine.js is stepping) whose
 * request and generation are set: every section waits for its line, keeping the rows of the
 * search before while it does (its place held, nothing moves), or a placeholder.
 */
export function searchAll(s, fx, q, lang) {
  const sources = allSources(s.sources);
  s.request.sources = sources;
  const loading = sections.allLoading(sources, s.generation, s.view === 'all' ? s.sections : {});
  Object.assign(s, { view: 'all', sections: loading, shown: null, failure: null });
  fx.push({ type: 'multisearch', generation: s.generation, q, lang, sources, limit: ALL_LIMIT });
}

/** Puts `section` (answered or failed) in its place; true when no section is loading any more. */
export function answerSection(s, section) {
  if (!s.sections[section.source]) return false; // a source this search did not ask
  s.sections = { ...s.sections, [section.source]: section };
  return !sections.isLoading(s.sections);
}

/** The All tab's own events; `answered(s, fx)` ends a search whose sections all answered. */
export const allHandlers = (answered) => ({
  /** Retry in one failed section: that source alone, through /api/v1/search. */
  retrySection(s, { source }, fx) {
    const section = s.sections[source];
    if (!s.request || !s.request.sources || !section || section.state !== 'failed') return;
    s.sections = { ...s.sections, [source]: sections.loadingSection(source, s.generation) };
    const lang = searchLanguage(s, source);
    fx.push({ type: 'fetch', generation: s.generation, source, q: s.request.q, lang, cursor: null, limit: ALL_LIMIT });
  },
  /** The multisearch's stream closed: a section still without its line failed. */
  ended(s, { generation }, fx) {
    if (generation !== s.generation || !s.request || !s.request.sources) return;
    for (const section of allSections(s)) {
      const unanswered = sections.unansweredSection(section.source, generation);
      if (section.state === 'loading' && answerSection(s, unanswered)) answered(s, fx);
    }
  },
});
