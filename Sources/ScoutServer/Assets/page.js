// The page's elements and the state its feature modules share. A leaf: it imports nothing, so
// it has run before any module that reads it (modules run after the document is parsed, so the
// elements are there). The markup is index.html, or the same markup the server renders for
// /search; either may lack an element, which every module then leaves alone.

export const DEFAULT_SOURCE = 'wikipedia';

export const byId = (id) => document.getElementById(id);

const form = byId('search-form');

export const elements = {
  form,
  input: byId('q'),
  fieldLabel: form ? form.querySelector('label[for="q"] .field-label') : null,
  sourceField: byId('source'),
  tabs: byId('tabs'),
  tabNote: byId('tab-note'),
  spinner: byId('spinner'),
  statusBox: byId('status'),
  related: byId('related'),
  shell: byId('main'),
  recentBox: byId('recent'),
  recentList: byId('recent-list'),
  resultsBox: byId('results'),
  list: byId('result-list'),
  more: byId('more'),
  sentinel: byId('sentinel'),
};

/** One state for the whole page; the comments name the module that changes each part. */
export const state = {
  // sources.js
  sources: [], // from /api/v1/sources: {id, name, kind, configured, message}
  source: DEFAULT_SOURCE,
  photoSource: null, // the photo source last chosen in the Photos tab
  // languages.js
  language: null, // the Wikipedia searched (a code); null: the server's default
  languages: [], // every Wikipedia's code, from /api/v1/sources
  defaultLanguage: null, // the server's default, from /api/v1/sources
  languageOffers: [], // after an empty Wikipedia search: {lang, found, more} of other languages with hits
  // search.js
  generation: 0, // bumped by every search and every clear; replies of older ones are dropped
  controller: null, // aborts the requests of the current generation
  request: null, // {q, source, lang} of the current generation, for Retry and paging
  debounceTimer: 0,
  spinnerTimer: 0,
  settleTimer: 0,
  countdownTimer: 0, // status.js: the Retry button's countdown
  // results.js
  view: 'start', // start | results | empty | error | offline
  query: '', // the server-normalized query of what is shown
  items: [],
  ids: new Set(),
  next: null,
  found: null, // how many results match in all, when the source says (books)
  missingWords: [], // typed words no result holds: the results are the closest matches (books)
  suggestion: null,
  stale: false, // the results are an earlier answer: the source could not answer now
  loadingMore: false,
  moreFailure: null,
  active: -1,
  // address.js
  entrySettled: true, // the current history entry holds a finished search: typing pushes a new one
};
