// The page's search flow as a pure machine: step(state, event) → {state, effects}. No DOM, no
// requests, no timers, no storage: the shell (shell.js) carries out the effects and feeds what
// came of them back in as events; the views render the state. The one writer of every piece of
// the search's state: what is typed, the source and language, the request in flight, what each
// source answered, history's settled entry, recent searches and remembered languages.
//
// Latest wins inside the machine: every search and every clear bumps `generation`, each request
// and timer carries the generation it was made for, and a reply or timer of another is dropped.
//
// The All tab: one multisearch, whose lines come as `page`/`failed` events of its generation;
// a section a source (ALL_ORDER), each loading, answered, empty or failed (and retried) alone.
//
// Effects: fetch, multisearch, abort, after (a named timer that sends `event`), cancel (a named
// timer), history, saveRecent, saveLanguages, countLanguages. Events: the keys of HANDLERS.
import { allHandlers, answerSection, searchAll } from './machine-all.js';
import {
  ALL, allSources, choosable, DEFAULT_SOURCE, hasLanguage, isKnownLanguage, isPhotoSource, otherLanguages, PAGE_SIZE,
  PHOTO_PAGE_SIZE, preferredLanguage, sourceInfo, unknownSources, withChosen, withRecent,
} from './rules.js';
import * as sections from './sections.js';
import { searchLanguage, shownSection } from './state.js';

export { allSections, initialState, searchLanguage, shownSection } from './state.js';

export const DEBOUNCE_MS = 120; // wait this long after a keystroke before searching
export const SPINNER_DELAY_MS = 200; // show "loading" only for searches slower than this
export const SETTLE_MS = 1500; // a search left alone this long becomes a history entry and a recent search
export const CHOOSE_DELAY_MS = 400; // arrows step through the language menu: search where they stop

/** The new state and the effects of `event` on `state` (which is left as it is). */
export function step(state, event) {
  const s = { ...state };
  const effects = [];
  const handle = HANDLERS[event.type];
  if (handle) handle(s, event, effects);
  return { state: s, effects };
}

const cancel = (timer) => ({ type: 'cancel', timer });
const after = (timer, ms, event) => ({ type: 'after', timer, ms, event });

function writeHistory(s, fx, push) {
  fx.push({ type: 'history', push, entry: { q: s.text, source: s.source, lang: searchLanguage(s, s.source) } });
}

/** After a change of the field: a settled entry stays in history; the new text gets its own. */
function enterQuery(s, fx, text) {
  s.text = text;
  writeHistory(s, fx, s.entrySettled);
  s.entrySettled = false;
}

function setSource(s, id) {
  s.source = id;
  if (isPhotoSource(id, sourceInfo(s.sources, id))) s.photoSource = id;
}

function stopWaiting(s, fx) {
  s.debouncing = null;
  fx.push(cancel('debounce'), cancel('settle'));
}

function stopSpinner(s, fx) {
  s.spinner = false;
  fx.push(cancel('spinner'));
}

/**
 * Searches `q` in `source` at once, superseding any search in flight (aborted, and dropped by
 * the generation should its reply still come). `settle`: 'now' makes it a history entry and a
 * recent search when it answers; 'later' once it was left alone for SETTLE_MS; 'never' not.
 */
function search(s, fx, q, source, settle = 'later') {
  stopWaiting(s, fx);
  s.generation += 1;
  const lang = searchLanguage(s, source);
  s.request = { q, source, lang, settle };
  s.languageOffers = [];
  const generation = s.generation;
  fx.push({ type: 'abort' }, after('spinner', SPINNER_DELAY_MS, { type: 'spinner', generation }));
  if (source === ALL) return searchAll(s, fx, q, lang);
  const limit = isPhotoSource(source, sourceInfo(s.sources, source)) ? PHOTO_PAGE_SIZE : PAGE_SIZE;
  fx.push({ type: 'fetch', generation, source, q, lang, cursor: null, limit });
}

/** The search answered: settled now, later, or never, as asked. */
function answered(s, fx) {
  stopSpinner(s, fx);
  if (s.request.settle === 'now') settleEntry(s, fx);
  else if (s.request.settle === 'later') fx.push(after('settle', SETTLE_MS, { type: 'settled', generation: s.generation }));
}

/** Forgets the current search: aborts it, no rows, the start view. */
function clear(s, fx) {
  stopWaiting(s, fx);
  s.generation += 1;
  fx.push({ type: 'abort' });
  s.request = null;
  stopSpinner(s, fx);
  Object.assign(s, { view: 'start', sections: {}, shown: null, failure: null });
}

/** The search shown is final: its entry stays in history, and it becomes a recent search. */
function settleEntry(s, fx) {
  fx.push(cancel('settle'));
  if (!s.request) return;
  writeHistory(s, fx, false);
  s.entrySettled = true;
  if (['results', 'empty', 'all'].includes(s.view)) remember(s, fx, s.request.q, s.request.source);
}

function remember(s, fx, q, source) {
  const recent = withRecent(s.recent, q, source);
  if (recent === s.recent) return;
  s.recent = recent;
  fx.push({ type: 'saveRecent', entries: recent });
}

/** The first page of a search: a new section, in the list or, for photos, in the grid. */
function showPage(s, fx, source, page) {
  const section = sections.newSection(source, s.generation, page, isPhotoSource(source, sourceInfo(s.sources, source)));
  Object.assign(s, { sections: { [source]: section }, shown: source, failure: null });
  s.view = sections.hasResults(section) ? 'results' : 'empty';
  if (s.view === 'empty' && s.request.source === 'wikipedia') offerLanguages(s, fx);
}

/** After a Wikipedia search found nothing: count the reader's other languages. */
function offerLanguages(s, fx) {
  const langs = otherLanguages(s, s.request.lang || s.defaultLanguage);
  if (langs.length) fx.push({ type: 'countLanguages', generation: s.generation, q: s.request.q, langs });
}

const updateSection = (s, source, changes) => {
  s.sections = { ...s.sections, [source]: { ...s.sections[source], ...changes } };
};

const retry = (s, fx) => s.request && search(s, fx, s.request.q, s.request.source, 'now');

function chooseLanguage(s, fx, code) {
  fx.push(cancel('choose'));
  if (!isKnownLanguage(code, s.languages)) return;
  s.chosen = withChosen(s.chosen, code);
  fx.push({ type: 'saveLanguages', codes: s.chosen });
  if (code === s.language) return;
  s.language = code;
  writeHistory(s, fx, true);
  s.entrySettled = true;
  if (s.text.trim() && hasLanguage(s.source)) search(s, fx, s.text, s.source, 'now');
}

const HANDLERS = {
  ...allHandlers(answered),
  /** The search in the address (on start, back and forward): {q, source, lang}. */
  restore(s, { q, source, lang }, fx) {
    setSource(s, source || DEFAULT_SOURCE);
    s.language = lang && isKnownLanguage(lang, s.languages) ? lang : preferredLanguage(s);
    Object.assign(s, { text: q, entrySettled: true, unavailable: null });
    if (q.trim()) search(s, fx, q, s.source, 'never');
    else clear(s, fx);
  },
  /** The field's text changed: searched after a pause in typing; an empty field clears at once. */
  typed(s, { text }, fx) {
    enterQuery(s, fx, text);
    stopWaiting(s, fx);
    if (!text.trim()) return clear(s, fx);
    s.typing += 1;
    s.debouncing = { q: text, typing: s.typing };
    fx.push(after('debounce', DEBOUNCE_MS, { type: 'debounced', typing: s.typing }));
  },
  debounced: (s, { typing }, fx) => s.debouncing?.typing === typing && search(s, fx, s.debouncing.q, s.source),
  /** Enter or the Search button: the search shown settles, or the field's text is searched now. */
  submit(s, _event, fx) {
    if (!s.text.trim()) return clear(s, fx);
    const current = s.request;
    const shown = ['results', 'empty', 'all'].includes(s.view);
    if (shown && current && current.q === s.text && current.source === s.source) settleEntry(s, fx);
    else search(s, fx, s.text, s.source, 'now');
  },
  /** Esc or the field's ×: no text, no search. */
  clear(s, _event, fx) {
    if (s.text) enterQuery(s, fx, '');
    clear(s, fx);
  },
  /** `text` put in the field and searched now (a suggestion, a related book's title). */
  query(s, { text }, fx) {
    enterQuery(s, fx, text);
    search(s, fx, text, s.source, 'now');
  },
  /** A recent search opened again: in its source, if that is set up. */
  reopen(s, { q, source }, fx) {
    const known = choosable(s.sources, source);
    if (known && known.configured) setSource(s, source);
    enterQuery(s, fx, q);
    search(s, fx, q, s.source, 'now');
  },
  forget(s, { index }, fx) {
    s.recent = s.recent.filter((_entry, at) => at !== index);
    fx.push({ type: 'saveRecent', entries: s.recent });
  },
  chooseSource(s, { id }, fx) {
    const source = choosable(s.sources, id);
    if (!source) return;
    if (!source.configured) {
      s.unavailable = id;
      return;
    }
    s.unavailable = null;
    if (id === s.source) return;
    setSource(s, id);
    writeHistory(s, fx, true);
    s.entrySettled = true;
    if (s.text.trim()) search(s, fx, s.text, s.source, 'now');
    else clear(s, fx);
  },
  pickLanguage: (s, { code }, fx) => fx.push(after('choose', CHOOSE_DELAY_MS, { type: 'chooseLanguage', code })),
  chooseLanguage: (s, { code }, fx) => chooseLanguage(s, fx, code),
  /** /api/v1/sources answered (an empty list: it could not say). */
  sources(s, { sources }, fx) {
    s.sources = sources.length ? sources : unknownSources(s.source);
    const wikipedia = sourceInfo(s.sources, 'wikipedia');
    s.languages = wikipedia && Array.isArray(wikipedia.languages) ? wikipedia.languages : [];
    s.defaultLanguage = (wikipedia && wikipedia.language) || null;
    setSource(s, s.source);
    if (!s.language || !isKnownLanguage(s.language, s.languages)) s.language = preferredLanguage(s);
    // A search that went out before the reader's language was known ran in the default.
    const request = s.request;
    const inDefault = request && !request.lang && s.language && s.language !== s.defaultLanguage;
    if (request && request.source === 'wikipedia' && inDefault) {
      writeHistory(s, fx, false);
      search(s, fx, request.q, 'wikipedia', 'never');
    }
    // An All search sent before the sources were known may have asked others than are set up.
    if (request && request.source === ALL && (inDefault || allSources(s.sources).join() !== request.sources.join())) {
      search(s, fx, request.q, ALL, request.settle);
    }
  },
  retry: (s, _event, fx) => retry(s, fx),
  /** Back online after an offline failure: the search runs again by itself. */
  online(s, _event, fx) {
    if (s.view === 'offline') retry(s, fx);
  },
  /** The end of the list is near: its next page, one at a time. */
  more(s, _event, fx) {
    const section = shownSection(s);
    if (!section || section.loadingMore || !section.next || s.view !== 'results' || !s.request) return;
    if (section.generation !== s.generation) return; // a newer search is on its way
    updateSection(s, section.source, { loadingMore: true, moreFailure: null });
    const { q, lang } = s.request;
    const cursor = section.next;
    fx.push({ type: 'fetch', generation: s.generation, source: section.source, q, lang, cursor, limit: PAGE_SIZE });
  },
  page(s, { generation, source, cursor, page }, fx) {
    if (generation !== s.generation || !s.request) return; // a newer search started meanwhile
    if (s.request.source === ALL) return answerSection(s, sections.answeredSection(source, generation, page)) && answered(s, fx);
    if (cursor === null) {
      showPage(s, fx, source, page);
      return answered(s, fx);
    }
    if (s.sections[source]) s.sections = { ...s.sections, [source]: sections.withPage(s.sections[source], page) };
  },
  failed(s, { generation, source, cursor, failure }, fx) {
    if (generation !== s.generation || !s.request) return;
    if (s.request.source === ALL && s.sections[source]) {
      return answerSection(s, sections.failedSection(source, generation, failure)) && answered(s, fx);
    }
    if (cursor !== null) {
      if (s.sections[source]) updateSection(s, source, { loadingMore: false, moreFailure: failure });
      return;
    }
    stopSpinner(s, fx);
    Object.assign(s, { view: failure.kind === 'offline' ? 'offline' : 'error', failure, sections: {}, shown: null });
  },
  spinner(s, { generation }) {
    if (generation === s.generation && s.request) s.spinner = true;
  },
  /** The settle timer: the search was left alone long enough. */
  settled(s, { generation }, fx) {
    if (generation === s.generation) settleEntry(s, fx);
  },
  /** A row was opened: the search it came from is final. */
  settle: (s, _event, fx) => settleEntry(s, fx),
  languageCounts(s, { generation, counts }) {
    if (generation !== s.generation || s.view !== 'empty') return;
    s.languageOffers = counts.filter((count) => count.found > 0);
  },
};
