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
