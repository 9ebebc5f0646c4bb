// What one source answered for one search — a section of the results — as pure values: its
// first page makes it, each further page adds the items it has not seen. The search machine
// keeps the sections by source (machine.js), so that one view can show several sources' answers
// side by side, each as it comes.

/** `items` without those whose id `seen` has (pages may overlap when the source shifts). */
function fresh(items, seen = []) {
  const ids = new Set(seen.map((item) => item.id));
  return items.filter((item) => !ids.has(item.id) && ids.add(item.id));
}

/**
 * The section of `source`'s first `page` (api.js) for search `generation`. `isPhotos`: the grid
 * shows the page and loads the next ones itself, so the section keeps no items or cursor.
 */
export function newSection(source, generation, page, isPhotos) {
  const photos = isPhotos && page.items.length > 0;
  return {
    source,
    generation,
    query: page.query, // the server-normalized query
    items: photos ? [] : fresh(page.items),
    photos: photos ? page : null, // the page the grid shows
    next: photos ? null : page.next,
    found: page.found, // how many results match in all, when the source says (books)
    missingWords: page.missingWords, // typed words no result holds (books)
    suggestion: page.suggestion,
    stale: page.stale, // an earlier answer: the source could not answer now
    loadingMore: false,
    moreFailure: null,
  };
}

/** Whether `section` holds anything to show. */
export const hasResults = (section) => section.items.length > 0 || section.photos !== null;

/** `section` with its next `page` added. */
export function withPage(section, page) {
  const found = page.found !== null ? page.found : section.found;
  const items = [...section.items, ...fresh(page.items, section.items)];
  return { ...section, next: page.next, found, items, loadingMore: false };
}

// The All tab's sections: one a source, each in a state of its own — 'loading' (its place held
// until its line comes), 'results', 'empty' or 'failed' (with the failure, and Retry).

/** The section of `source` while its answer is awaited. */
export function loadingSection(source, generation) {
  return { source, generation, state: 'loading', items: [], query: null, failure: null, stale: false };
}

/** The section of `source`'s first `page` in the All tab (photos as rows, no paging). */
export function answeredSection(source, generation, page) {
  const section = newSection(source, generation, page, false);
  return { ...section, next: null, state: section.items.length ? 'results' : 'empty', failure: null };
}

/** The section of `source` that failed with `failure` (api.js's SearchFailure). */
export function failedSection(source, generation, failure) {
  return { ...loadingSection(source, generation), state: 'failed', failure };
}

/** A section that ended without an answer: the stream closed before its line came. */
export function unansweredSection(source, generation) {
  return failedSection(source, generation, { kind: 'error', status: 0, code: null, apiMessage: null, retryAfter: null, source });
}

/** Whether any of `sections` (by source) still waits for its answer. */
export const isLoading = (sections) => Object.values(sections).some((section) => section.state === 'loading');

/**
 * The All tab's `sources` loading for search `generation`: each keeps the rows it showed
 * (`before`, by source) while it waits, so its place is held and nothing moves.
 */
export function allLoading(sources, generation, before) {
  const sections = {};
  for (const source of sources) {
    const loading = loadingSection(source, generation);
    const previous = before[source];
    sections[source] = previous && previous.items.length ? { ...loading, items: previous.items, query: previous.query } : loading;
  }
  return sections;
}
