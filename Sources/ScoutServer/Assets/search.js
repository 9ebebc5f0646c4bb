// A search's life: debounced while typing, then one request that supersedes any in flight
// (aborted and, should its reply still arrive, dropped by the generation check), a spinner
// only when it is slow, and a history entry once it settles.
import { settleEntry } from './address.js';
import { fetchPage, PAGE_SIZE, SearchFailure } from './api.js';
import { isAbort } from './dom.js';
import { offerOtherLanguages, searchLanguage } from './languages.js';
import { elements, state } from './page.js';
import { PHOTO_PAGE_SIZE } from './photos.js';
import { showFailure, showPage, showStart } from './results.js';
import { showsPhotos } from './sources.js';

const DEBOUNCE_MS = 120; // wait this long after a keystroke before searching
const SPINNER_DELAY_MS = 200; // show "loading" only for searches slower than this
const SETTLE_MS = 1500; // a search left alone this long becomes a history entry and a recent search

const { input, spinner, list, resultsBox } = elements;

/** Searches the field's text after a pause in typing; an empty field clears at once. */
export function scheduleSearch() {
  clearTimeout(state.debounceTimer);
  clearTimeout(state.settleTimer);
  const q = input.value;
  if (!q.trim()) {
    clearResults();
    return;
  }
  state.debounceTimer = setTimeout(() => search(q, state.source), DEBOUNCE_MS);
}

/**
 * Searches `q` in `source` at once, superseding any search in flight: its request is
 * aborted and, should its reply still arrive, the generation check drops it.
 * `settle`: 'now' makes it a history entry and a recent search when it answers; 'later'
 * does so once it was left alone for SETTLE_MS; 'never' leaves history alone.
 */
export async function search(q, source, settle = 'later') {
  clearTimeout(state.debounceTimer);
  clearTimeout(state.settleTimer);
  clearTimeout(state.countdownTimer);
  const generation = ++state.generation;
  if (state.controller) state.controller.abort();
  const controller = new AbortController();
  state.controller = controller;
  const lang = searchLanguage(source);
  state.request = { q, source, lang };
  state.languageOffers = [];
  state.loadingMore = false;
  state.moreFailure = null;
  startSpinner(generation);
  try {
    const limit = showsPhotos() ? PHOTO_PAGE_SIZE : PAGE_SIZE;
    const page = await fetchPage(q, source, null, controller.signal, limit, lang);
    if (generation !== state.generation) return; // a newer search started meanwhile
    stopSpinner();
    showPage(page);
    if (state.view === 'empty') offerOtherLanguages(generation);
    if (settle === 'now') settleEntry();
    else if (settle === 'later') state.settleTimer = setTimeout(settleEntry, SETTLE_MS);
  } catch (error) {
    if (isAbort(error) || generation !== state.generation) return;
    stopSpinner();
    showFailure(error instanceof SearchFailure ? error : new SearchFailure('error', {}));
  }
}

/** Runs the current search again, as if submitted. */
export function retry() {
  if (state.request) search(state.request.q, state.request.source, 'now');
}

/** Forgets the current search: aborts it, empties the list, shows recent searches. */
export function clearResults() {
  clearTimeout(state.debounceTimer);
  clearTimeout(state.settleTimer);
  clearTimeout(state.countdownTimer);
  state.generation += 1;
  if (state.controller) state.controller.abort();
  state.controller = null;
  state.request = null;
  stopSpinner();
  showStart();
}

function startSpinner(generation) {
  clearTimeout(state.spinnerTimer);
  state.spinnerTimer = setTimeout(() => {
    if (generation !== state.generation) return;
    if (spinner) spinner.hidden = false;
    list.classList.add('is-stale');
    resultsBox.setAttribute('aria-busy', 'true');
  }, SPINNER_DELAY_MS);
}

function stopSpinner() {
  clearTimeout(state.spinnerTimer);
  if (spinner) spinner.hidden = true;
  list.classList.remove('is-stale');
  resultsBox.removeAttribute('aria-busy');
}

/** Back online after an offline failure: the search runs again by itself. */
export function startSearch() {
  window.addEventListener('online', () => {
    if (state.view === 'offline') retry();
  });
}
