// The search in the address: q, source and (Wikipedia's, also on All) lang in the URL of / or /search, so that
// back, forward, reload and a shared link show the same search. The shell (shell.js) writes
// history: typing replaces the current entry; a search that settled (left alone, submitted or
// opened) keeps its entry, and the next change pushes a new one (machine.js decides which).
import { DEFAULT_SOURCE, hasLanguage } from './rules.js';

/** The address of a search: the same `path` (/ or /search) with q, source and Wikipedia's lang (Wikipedia's tab and All). */
export function urlFor(path, q, source, lang = null) {
  const base = path === '/search' ? '/search' : '/';
  const parameters = new URLSearchParams();
  if (q.trim()) parameters.set('q', q);
  if (q.trim() || source !== DEFAULT_SOURCE) parameters.set('source', source);
  if (lang && hasLanguage(source)) parameters.set('lang', lang);
  const query = parameters.toString();
  return query ? `${base}?${query}` : base;
}

/** The page's title for the field's text `q`. */
export function titleFor(q) {
  return q.trim() ? `${q.trim()} – Scout` : 'Scout';
}
