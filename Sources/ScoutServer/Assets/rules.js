// What the page knows about sources and Wikipedia's languages, as pure functions and constants:
// no DOM, no storage, no requests. A leaf: the search machine (machine.js) and the views read
// these rules from here, so they agree without importing each other.

export const ALL = 'all'; // the All tab: every source's first few results, in sections
export const DEFAULT_SOURCE = ALL;
export const PAGE_SIZE = 20; // a list source's page
export const PHOTO_PAGE_SIZE = 30; // a photo source's page (the grid's)
export const ALL_LIMIT = 3; // rows a section of the All tab shows
// The All tab's sections, in this order always, each source that is set up (Flickr needs a key).
export const ALL_ORDER = ['wikipedia', 'books', 'commons', 'flickr'];
const ALL_BEFORE_SOURCES = ['wikipedia', 'books', 'commons']; // until /api/v1/sources says

/**
 * The sources the All tab searches, in ALL_ORDER: those `sources` (/api/v1/sources) lists as
 * set up, or, before it answered, those Scout always has.
 */
export function allSources(sources) {
  if (!sources.length) return ALL_BEFORE_SOURCES;
  const listed = ALL_ORDER.filter((id) => {
    const info = sourceInfo(sources, id);
    return info && info.configured;
  });
  return listed.length ? listed : ALL_BEFORE_SOURCES;
}

/**
 * Whether a search in the tab `source` is in one of Wikipedia's languages: Wikipedia's own tab,
 * and All, whose Wikipedia section follows the same language menu.
 */
export const hasLanguage = (source) => source === 'wikipedia' || source === ALL;

/** What the tab `id` is ({configured}, from `sources`), or null when there is no such tab. */
export const choosable = (sources, id) => (id === ALL ? { configured: true } : sourceInfo(sources, id));

/** The sources assumed when /api/v1/sources could not say: the one searched (Wikipedia for All). */
export const unknownSources = (source) => [
  { id: source === ALL ? 'wikipedia' : source, name: null, kind: null, configured: true, message: null, language: null, languages: [] },
];

/**
 * Whether the source `id` (with its /api/v1/sources entry, if known) lists photos; the known
 * ids count before the list arrives, so a shared link opens as a grid at once.
 */
export function isPhotoSource(id, info) {
  return id === 'commons' || id === 'flickr' || Boolean(info && info.kind === 'photos');
}

/** Whether the source `id` (with its /api/v1/sources entry, if known) lists books. */
export function isBookSource(id, info) {
  return id === 'books' || Boolean(info && info.kind === 'books');
}

/** The /api/v1/sources entry of `id` in `sources`, or null. */
export function sourceInfo(sources, id) {
  return sources.find((source) => source.id === id) || null;
}

/** Case- and accent-insensitive form of `text`, as the server matches prefixes. */
export function fold(text) {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

// Browser languages whose Wikipedia has another code.
const ALIASES = { nb: 'no', 'zh-hk': 'zh-yue', 'zh-mo': 'zh-yue', lzh: 'zh-classical', nan: 'zh-min-nan' };

/** Whether `code` is a Wikipedia's, as far as `languages` (every code, once known) tells. */
export function isKnownLanguage(code, languages) {
  return typeof code === 'string' && (languages.length ? languages.includes(code) : /^[a-z][a-z-]{0,19}$/.test(code));
}

/** The browser's language tags (navigator.languages) as Wikipedia codes, in order, each once. */
export function readerLanguages(tags, languages) {
  const codes = [];
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    const lower = tag.toLowerCase();
    const primary = lower.split('-')[0];
    const code = [ALIASES[lower], lower, ALIASES[primary], primary].find(
      (candidate) => candidate && isKnownLanguage(candidate, languages),
    );
    if (code && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/**
 * The language a search with nothing else to go by uses: the reader's last choice (`chosen`,
 * last first), else the first of the browser's `tags` that is a Wikipedia, else the server's
 * default; null until the codes are known.
 */
export function preferredLanguage({ chosen, tags, languages, defaultLanguage }) {
  const remembered = chosen.find((code) => isKnownLanguage(code, languages));
  if (remembered) return remembered;
  if (!languages.length) return null;
  return readerLanguages(tags, languages)[0] || defaultLanguage;
}

/** The reader's language choices with `code` first (at most 6). */
export function withChosen(chosen, code) {
  return [code, ...chosen.filter((other) => other !== code)].slice(0, 6);
}

/**
 * The languages to offer after a Wikipedia search in `current` found nothing: the reader's
 * choices, then the browser's, each once, at most 3 (the server counts at most 3 a request).
 */
export function otherLanguages({ chosen, tags, languages }, current) {
  return [...chosen, ...readerLanguages(tags, languages)]
    .filter((code, index, all) => isKnownLanguage(code, languages) && code !== current && all.indexOf(code) === index)
    .slice(0, 3);
}

/**
 * Recent searches (newest first, at most 8) with `q` in `source` first; the same search
 * (ignoring case and accents) goes from below. `recent` itself when `q` is blank.
 */
export function withRecent(recent, q, source) {
  const text = q.trim().replace(/\s+/g, ' ');
  if (!text) return recent;
  const key = fold(text);
  const others = recent.filter((entry) => !(fold(entry.q) === key && entry.source === source));
  return [{ q: text, source }, ...others].slice(0, 8);
}
