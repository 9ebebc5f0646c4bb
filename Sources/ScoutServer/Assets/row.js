// One result as an option of a listbox: a row of the result list (results.js) and of an All
// section (allview.js) alike, so a book or an article looks and opens the same in both. The
// option is the control: no link inside it (an option holds nothing interactive), so a click on
// the row, or Enter in the field, opens the address the row keeps (http(s) only).
import { make, safeURL, thumbnail } from './dom.js';
import { appendHighlighted } from './highlight.js';

/** The title (`query`'s match marked), the description, and a link that is not http(s) as text. */
function renderText(item, query) {
  const text = make('span', 'result-text');
  const title = make('span', 'result-title');
  appendHighlighted(title, item.title, query || '', item.titleMatches);
  text.append(title);
  if (item.description) text.append(make('span', 'result-description', item.description));
  // A link that is not http(s) is not followed, only shown.
  if (item.link && !safeURL(item.link)) text.append(make('span', 'result-host', item.link));
  return text;
}

/**
 * The row of `item` (api.js) as an option with id `id`. `isBook`: a book's row (its cover's
 * shape; it opens the Related panel), `isOpen` while that panel shows it.
 */
export function renderResultRow(item, { id, query, isBook = false, isOpen = false }) {
  const row = make('li', 'result');
  row.id = id;
  row.setAttribute('role', 'option');
  row.setAttribute('aria-selected', 'false');
  // The result's own language (a Japanese title on an English page): screen readers read it
  // in that voice, and CJK text is drawn with that language's glyphs.
  if (item.lang) row.lang = item.lang; // checked by api.js
  if (isBook) row.classList.add('result--book');
  if (isOpen) row.classList.add('is-open');
  const href = safeURL(item.link);
  if (href) row.dataset.href = href;
  const body = make('div', href || isBook ? 'result-link' : 'result-link result-link--plain');
  const picture = item.thumbnail || {};
  body.append(thumbnail('thumb', item.title, picture.url, picture.width, picture.height), renderText(item, query));
  row.append(body);
  return row;
}
