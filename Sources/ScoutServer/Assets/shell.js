// The shell around the search machine (machine.js): the one module that makes requests, runs
// timers, aborts, writes history and keeps things in localStorage. It feeds events to the
// machine, carries out the effects that come back, and hands every new state to `render`; the
// views that load more than the search (the Related panel, the photo grid's further pages) ask
// it through a channel of their own (`channel(name)`), and it alone holds their requests.
// Everything it touches comes in through createShell's argument, so a test can pass fakes.
import { urlFor } from './address.js';
import { isAbort } from './dom.js';
import { initialState, step } from './machine.js';

const RECENT_KEY = 'scout.recent.v1';
const CHOSEN_KEY = 'scout.wikipedia.languages.v1'; // the reader's language choices, last first

/** A stored JSON list, or [] when there is none or it is not one. */
function readList(storage, key) {
  try {
    const stored = JSON.parse(storage.getItem(key) || '[]');
    return Array.isArray(stored) ? stored : [];
  } catch {
    return [];
  }
}

function writeList(storage, key, list) {
  try {
    storage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or disabled: recent searches and languages last as long as the page.
  }
}

const isText = (value) => typeof value === 'string';

/**
 * `api`: {fetchPage, fetchMultisearch, fetchLanguageCounts, fetchSources, fetchRelated,
 * SearchFailure} (api.js); `timers`: {setTimeout, clearTimeout}; `storage`: localStorage;
 * `history` and `location`: the window's; `languages`: navigator.languages; `render(state)`: the
 * views. Returns {dispatch, state(), later(ms, callback) → cancel, channel(name), start()}.
 */
export function createShell({ api, timers, storage, history, location, languages, render }) {
  const recent = readList(storage, RECENT_KEY)
    .filter((entry) => entry && isText(entry.q) && isText(entry.source) && entry.source && entry.q.trim())
    .slice(0, 8);
  const chosen = readList(storage, CHOSEN_KEY).filter(isText).slice(0, 6);
  let state = initialState({ recent, chosen, tags: Array.from(languages || []) });
  let controller = null; // aborts the requests of the current generation
  const pending = new Map(); // a named timer → its id
  const loads = new Map(); // a view's channel → the AbortController of its request in flight

  function dispatch(event) {
    const result = step(state, event);
    state = result.state;
    for (const effect of result.effects) run(effect);
    render(state);
  }

  function later(ms, callback) {
    const id = timers.setTimeout(callback, ms);
    return () => timers.clearTimeout(id);
  }

  function cancel(timer) {
    if (pending.has(timer)) timers.clearTimeout(pending.get(timer));
    pending.delete(timer);
  }

  /** `error` as the SearchFailure the views show. */
  const asFailure = (error) => (error instanceof api.SearchFailure ? error : new api.SearchFailure('error', {}));

  function fetchPage({ generation, source, q, lang, cursor, limit }) {
    if (!controller) controller = new AbortController();
    const reply = { generation, source, cursor };
    api.fetchPage(q, source, cursor, controller.signal, limit, lang).then(
      (page) => dispatch({ type: 'page', ...reply, page }),
      (error) => {
        if (!isAbort(error)) dispatch({ type: 'failed', ...reply, failure: asFailure(error) }); // aborted: superseded
      },
    );
  }

  /** The All tab's one request: each line as the event of its source, then `ended`. */
  function multisearch({ generation, q, lang, sources, limit }) {
    if (!controller) controller = new AbortController();
    const signal = controller.signal;
    const onLine = ({ source, page, failure }) =>
      dispatch(page ? { type: 'page', generation, source, cursor: null, page } : { type: 'failed', generation, source, cursor: null, failure });
    api.fetchMultisearch(q, sources, lang, limit, signal, onLine).then(
      () => dispatch({ type: 'ended', generation }),
      (error) => {
        if (!isAbort(error)) dispatch({ type: 'failed', generation, source: 'all', cursor: null, failure: asFailure(error) });
      },
    );
  }

  /** Aborts the request on channel `name`, if any: its answer is never reported. */
  function stopLoad(name) {
    const controller = loads.get(name);
    if (controller) controller.abort();
    loads.delete(name);
  }

  /**
   * A view's request on channel `name`: {type: 'related', id} or {type: 'page', q, source, lang,
   * cursor, limit}. One at a time a channel: a new request aborts the one before. Only the
   * answer of the request still current reaches `loaded(value)` or `failed(SearchFailure)`.
   */
  function load(name, request, { loaded, failed }) {
    stopLoad(name);
    const controller = new AbortController();
    loads.set(name, controller);
    const { signal } = controller;
    const loaders = {
      related: () => api.fetchRelated(request.id, signal),
      page: () => api.fetchPage(request.q, request.source, request.cursor, signal, request.limit, request.lang),
    };
    if (!loaders[request.type]) throw new Error(`shell.js loads no ${request.type}`); // a view's mistake
    const reply = loaders[request.type]();
    const current = () => loads.get(name) === controller && loads.delete(name);
    reply.then(
      (value) => current() && loaded(value),
      (error) => !isAbort(error) && current() && failed(asFailure(error)),
    );
  }

  /** A view's own channel: {load(request, {loaded, failed}), stop()}. */
  const channel = (name) => ({ load: (request, answer) => load(name, request, answer), stop: () => stopLoad(name) });

  function writeHistory(push, { q, source, lang }) {
    const url = urlFor(location.pathname, q, source, lang);
    const current = location.pathname + location.search;
    if (push && url !== current) history.pushState({ q, source, lang }, '', url);
    else history.replaceState({ q, source, lang }, '', url);
  }

  function run(effect) {
    switch (effect.type) {
      case 'fetch':
        fetchPage(effect);
        break;
      case 'multisearch':
        multisearch(effect);
        break;
      case 'abort':
        if (controller) controller.abort();
        controller = null;
        break;
      case 'after':
        cancel(effect.timer);
        pending.set(
          effect.timer,
          timers.setTimeout(() => {
            pending.delete(effect.timer);
            dispatch(effect.event);
          }, effect.ms),
        );
        break;
      case 'cancel':
        cancel(effect.timer);
        break;
      case 'history':
        writeHistory(effect.push, effect.entry);
        break;
      case 'saveRecent':
        writeList(storage, RECENT_KEY, effect.entries);
        break;
      case 'saveLanguages':
        writeList(storage, CHOSEN_KEY, effect.codes);
        break;
      case 'countLanguages': {
        const signal = controller ? controller.signal : undefined;
        api.fetchLanguageCounts(effect.q, effect.langs, signal).then((counts) =>
          dispatch({ type: 'languageCounts', generation: effect.generation, counts }),
        );
        break;
      }
      default:
    }
  }

  /** The search in the address: q, source and Wikipedia's lang. */
  function restore() {
    const parameters = new URLSearchParams(location.search);
    const value = (name) => parameters.get(name) || '';
    dispatch({ type: 'restore', q: value('q'), source: value('source'), lang: value('lang') });
  }

  /** Shows the search in the address, follows back and forward, and asks for the sources. */
  function start(window) {
    window.addEventListener('popstate', restore);
    window.addEventListener('online', () => dispatch({ type: 'online' }));
    restore();
    api.fetchSources().then((sources) => dispatch({ type: 'sources', sources }));
  }

  return { dispatch, state: () => state, later, channel, start };
}
