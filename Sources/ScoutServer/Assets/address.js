// The search in the address: q, source and (Wikipedia's) lang in the URL of / or /search, so that back, forward,
// reload and a shared link show the same search. Typing replaces the current history entry; a
// search that settled (left alone, submitted or opened) keeps its entry, and the next change
// pushes a new one.
import { syncClearButton } from './field.js';
import { languageFromLocation, searchLanguage } from './languages.js';
import { DEFAULT_SOURCE, elements, state } from './page.js';
import { addRecent } from './recent.js';
import { clearResults, search } from './search.js';
import { renderTabs } from './sources.js';

const { input, tabNote } = elements;

function readLocation() {
  const parameters = new URLSearchParams(window.location.search);
  return { q: parameters.get('q') || '', source: parameters.get('source') || '', lang: parameters.get('lang') || '' };
}

/** The address of a search: the same path (/ or /search) with q, source and Wikipedia's lang. */
export function urlFor(q, source, lang = null) {
  const path = window.location.pathname === '/search' ? '/search' : '/';
  const parameters = new URLSearchParams();
  if (q.trim()) parameters.set('q', q);
  if (q.trim() || source !== DEFAULT_SOURCE) parameters.set('source', source);
  if (lang && source === 'wikipedia') parameters.set('lang', lang);
  const query = parameters.toString();
  return query ? `${path}?${query}` : path;
}

function showTitle(q) {
  document.title = q.trim() ? `${q.trim()} – Scout` : 'Scout';
}

/** Puts the field's text and the source in the address: a new entry when `push`. */
export function writeHistory(push) {
  const q = input.value;
  const lang = searchLanguage(state.source);
  const url = urlFor(q, state.source, lang);
  const entry = { q, source: state.source, lang };
  const current = window.location.pathname + window.location.search;
  if (push && url !== current) window.history.pushState(entry, '', url);
  else window.history.replaceState(entry, '', url);
  showTitle(q);
}

/** After a change of the field: a settled entry stays in history; the new text gets its own. */
export function pushTyped() {
  writeHistory(state.entrySettled);
  state.entrySettled = false;
}

/** The search shown is final: its entry stays in history, and it becomes a recent search. */
export function settleEntry() {
  clearTimeout(state.settleTimer);
  if (!state.request) return;
  writeHistory(false);
  state.entrySettled = true;
  if (state.view === 'results' || state.view === 'empty') addRecent(state.request.q, state.request.source);
}

/** Shows the search in the address; `settle` as for search(). */
export function restoreFromLocation(settle) {
  const { q, source, lang } = readLocation();
  state.source = source || DEFAULT_SOURCE;
  languageFromLocation(lang);
  input.value = q;
  syncClearButton();
  state.entrySettled = true;
  if (tabNote) tabNote.hidden = true;
  renderTabs();
  showTitle(q);
  if (q.trim()) search(q, state.source, settle);
  else clearResults();
}

export function startAddress() {
  window.addEventListener('popstate', () => restoreFromLocation('never'));
}
