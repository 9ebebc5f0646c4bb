// Scout's own API as the page reads it: search, multisearch, Wikipedia's counts, the sources
// and a book's related books. Only the shell (shell.js) calls these. Replies are checked field
// by field; what is not the expected type is dropped, never shown.
import { asCount, asString, isAbort } from './dom.js';
import { normalizeSpans } from './highlight.js';
import { asLanguageTag } from './i18n.js';
import { normalizePhoto } from './photos.js';
import { PAGE_SIZE } from './rules.js';

/** Why a search did not return a page: `offline` (no answer from Scout) or `error`. */
export class SearchFailure extends Error {
  constructor(kind, details) {
    super(details.message || kind);
    this.kind = kind;
    this.status = details.status || 0;
    this.code = details.code || null;
    this.apiMessage = details.message || null;
    this.retryAfter = details.retryAfter ?? null;
    this.source = details.source || null;
  }
}

function normalizeItem(raw) {
  if (!raw || typeof raw !== 'object') return null;
  const id = raw.id === undefined || raw.id === null ? null : String(raw.id);
  const title = asString(raw.title);
  if (id === null || title === null) return null;
  let thumbnail = null;
  if (raw.thumbnail && typeof raw.thumbnail === 'object' && asString(raw.thumbnail.url)) {
    thumbnail = {
      url: raw.thumbnail.url,
      width: asCount(raw.thumbnail.width),
      height: asCount(raw.thumbnail.height),
    };
  }
  const photo = normalizePhoto(raw.photo);
  const titleMatches = normalizeSpans(raw.titleMatches, title);
  const lang = asLanguageTag(raw.lang); // the result's own language, for its row's lang
  return { id, title, description: asString(raw.description), thumbnail, link: asString(raw.link), photo, titleMatches, lang };
}

function normalizeReply(body, q) {
  const items = Array.isArray(body.items) ? body.items.map(normalizeItem).filter(Boolean) : [];
  return {
    query: asString(body.query) || q,
    items,
    next: asString(body.next),
    found: Number.isSafeInteger(body.found) && body.found >= 0 ? body.found : null,
    missingWords: Array.isArray(body.missingWords) ? body.missingWords.filter((word) => typeof word === 'string') : [],
    suggestion: asString(body.suggestion),
    stale: body.stale === true,
  };
}

function parseRetryAfter(header) {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - Date.now()) / 1000));
}

/** GET `path` of Scout's API; a SearchFailure('offline') when Scout did not answer. */
async function get(path, signal, accept = 'application/json') {
  try {
    return await fetch(path, { signal, headers: { Accept: accept }, credentials: 'same-origin' });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new SearchFailure('offline', {});
  }
}

/** The JSON body of `response`, or null when it is not JSON. */
async function readJSON(response) {
  try {
    return await response.json();
  } catch (error) {
    if (isAbort(error)) throw error;
    return null;
  }
}

/**
 * One page of `q` in `source` (in Wikipedia `lang`, when given): {query, items, next, found,
 * suggestion}; throws a SearchFailure.
 */
export async function fetchPage(q, source, cursor, signal, limit = PAGE_SIZE, lang = null) {
  const parameters = new URLSearchParams({ source, q, limit: String(limit) });
  if (lang) parameters.set('lang', lang);
  if (cursor) parameters.set('cursor', cursor);
  const response = await get(`/api/v1/search?${parameters}`, signal);
  const body = await readJSON(response);
  if (!response.ok || !body || typeof body !== 'object') {
    throw failureOf(response.status, body && body.error, response.headers.get('Retry-After'));
  }
  return normalizeReply(body, q);
}

/** The SearchFailure of an error body's `error` member (`{code, message, retryAfter, source}`). */
function failureOf(status, info, retryAfterHeader = null) {
  const error = info && typeof info === 'object' ? info : {};
  return new SearchFailure('error', {
    status,
    code: asString(error.code),
    message: asString(error.message),
    retryAfter: asCount(error.retryAfter) ?? parseRetryAfter(retryAfterHeader),
    source: asString(error.source),
  });
}

/** One NDJSON line of a multisearch as {source, page} or {source, failure}; null if it is neither. */
export function readMultisearchLine(text, q) {
  let line;
  try {
    line = JSON.parse(text);
  } catch {
    return null;
  }
  if (!line || typeof line !== 'object' || !asString(line.source)) return null;
  if (line.status === 200 && line.reply && typeof line.reply === 'object') {
    return { source: line.source, page: normalizeReply(line.reply, q) };
  }
  return { source: line.source, failure: failureOf(asCount(line.status) || 0, line.error) };
}

/**
 * Every source of `sources` searched for `q` in one request (`/api/v1/multisearch`): calls
 * `onLine({source, page} | {source, failure})` for each line as it arrives, read from the
 * stream as it comes; resolves when the stream ends. Throws a SearchFailure when the request
 * as a whole fails (offline, or refused: 400, 429), and an AbortError once `signal` aborts.
 */
export async function fetchMultisearch(q, sources, lang, limit, signal, onLine) {
  const parameters = new URLSearchParams({ q, sources: sources.join(','), limit: String(limit) });
  if (lang) parameters.set('lang', lang);
  const response = await get(`/api/v1/multisearch?${parameters}`, signal, 'application/x-ndjson');
  if (!response.ok || !response.body) {
    const body = await readJSON(response);
    throw failureOf(response.status, body && body.error, response.headers.get('Retry-After'));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const emit = (text) => {
    const line = text.trim() ? readMultisearchLine(text, q) : null;
    if (line) onLine(line);
  };
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (isAbort(error)) throw error;
      return; // the stream broke off: the sections still waiting say so (machine.js `ended`)
    }
    if (chunk.done) break;
    buffer += chunk.value;
    let end = buffer.indexOf('\n');
    while (end >= 0) {
      emit(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      end = buffer.indexOf('\n');
    }
  }
  emit(buffer);
}

/**
 * How many Wikipedia articles `q` finds in each of `langs` (at most 3): [{lang, found, more}],
 * the languages that did not answer left out; an empty list when Scout could not say.
 */
export async function fetchLanguageCounts(q, langs, signal) {
  const parameters = new URLSearchParams({ q, langs: langs.join(',') });
  try {
    const response = await get(`/api/v1/wikipedia/counts?${parameters}`, signal);
    const body = response.ok ? await readJSON(response) : null;
    if (!body || !Array.isArray(body.counts)) return [];
    return body.counts
      .filter((count) => count && asString(count.lang) && asCount(count.found) !== null)
      .map((count) => ({ lang: count.lang, found: asCount(count.found), more: count.more === true }));
  } catch {
    return []; // the offer is a convenience: the empty state stands without it
  }
}

/** The sources Scout offers, in its order; an empty list when it could not say. */
export async function fetchSources() {
  try {
    const response = await get('/api/v1/sources');
    const body = response.ok ? await readJSON(response) : null;
    if (!body || !Array.isArray(body.sources)) return [];
    return body.sources
      .filter((source) => source && asString(source.id))
      .map((source) => ({
        id: source.id,
        name: asString(source.name) || source.id,
        kind: asString(source.kind),
        configured: source.configured !== false,
        message: asString(source.message),
        language: asString(source.language),
        languages: Array.isArray(source.languages) ? source.languages.filter((code) => typeof code === 'string') : [],
      }));
  } catch {
    return []; // the tabs fall back to the source in the address; searching still works
  }
}

const MAX_RELATED = 60; // related books shown at most; the server sends fewer

/** One related entry of the API, or null when it is malformed. */
function normalizeRelated(raw) {
  if (!raw || typeof raw !== 'object' || !raw.book || typeof raw.book !== 'object') return null;
  const title = asString(raw.book.title);
  const kind = asString(raw.kind);
  if (!title || !kind) return null;
  return {
    kind,
    phrase: asString(raw.phrase) || kind,
    reason: asString(raw.reason),
    title,
    year: Number.isInteger(raw.book.year) ? raw.book.year : null,
    cover: asString(raw.book.cover),
  };
}

/**
 * The books related to book `id` (`/api/v1/books/{id}/related`): [{kind, phrase, reason, title,
 * year, cover}] in the server's order; throws a SearchFailure.
 */
export async function fetchRelated(id, signal) {
  const response = await get(`/api/v1/books/${encodeURIComponent(id)}/related`, signal);
  const body = await readJSON(response);
  if (!response.ok || !body || !Array.isArray(body.related)) throw failureOf(response.status, body && body.error);
  return body.related.slice(0, MAX_RELATED).map(normalizeRelated).filter(Boolean);
}
