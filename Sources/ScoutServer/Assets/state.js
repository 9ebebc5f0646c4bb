// The search machine's state (machine.js) and what the views read of it, as pure values and
// functions: a leaf beside rules.js, so the machine stays within one file's size and the views
// read the state without the machine's handlers.
import { DEFAULT_SOURCE, hasLanguage } from './rules.js';

/** The state before anything happened: `recent` and `chosen` as stored, `tags` the browser's. */
export function initialState({ recent = [], chosen = [], tags = [] } = {}) {
  return {
    text: '', // the field's text
    source: DEFAULT_SOURCE, // the tab chosen
    photoSource: null, // the photo source last chosen in the Photos tab
    unavailable: null, // the id of a tab chosen that is not set up, while its note shows
    sources: [], // from /api/v1/sources: {id, name, kind, configured, message, language, languages}
    language: null, // the Wikipedia searched (a code); null: the server's default
    languages: [], // every Wikipedia's code, from /api/v1/sources
    defaultLanguage: null,
    chosen, // the reader's language choices, last first
    tags, // the browser's languages (navigator.languages)
    generation: 0, // bumped by every search and every clear; replies of older ones are dropped
    request: null, // {q, source, lang, settle} of the current generation
    typing: 0, // counts keystrokes: a debounce timer fires only for the last one
    debouncing: null, // {q, typing}: the search waiting for the pause in typing
    spinner: false, // a search has been in flight longer than SPINNER_DELAY_MS
    view: 'start', // start | results | empty | error | offline | all (the All tab's sections)
    sections: {}, // by source: what it answered for the search shown (sections.js)
    shown: null, // the source whose section is shown
    failure: null, // the SearchFailure shown (view error or offline)
    languageOffers: [], // after an empty Wikipedia search: {lang, found, more} of other languages with hits
    entrySettled: true, // the current history entry holds a finished search: typing pushes a new one
    recent, // recent searches, newest first: {q, source}
  };
}

/** The section shown, or null. */
export const shownSection = (state) => (state.shown ? state.sections[state.shown] || null : null);

/** The code a search in `source` sends, or null for the server's default. */
export const searchLanguage = (state, source) => (hasLanguage(source) ? state.language : null);

/** The All tab's sections, in the fixed order of its sources (ALL_ORDER); [] for another tab. */
export const allSections = (state) =>
  state.view === 'all' && state.request && state.request.sources
    ? state.request.sources.map((source) => state.sections[source]).filter(Boolean)
    : [];
