// Marking what matched, the one place the page does it: the result rows of every source (books
// included) show their matched part in <mark>s. The spans the server sent win (a book's ranking
// knows which words matched); otherwise the part of the title that matches the query, ignoring
// case and accents the way the server matches prefixes. Text nodes only (SECURITY.md T2).
import { asCount, make } from './dom.js';
import { fold } from './rules.js';

/** Where `query` occurs in `text` ignoring case and accents: at the start, else at a word start. */
function matchRange(text, query) {
  const needle = fold(query.trim());
  if (!needle) return null;
  let folded = '';
  const starts = [];
  const ends = [];
  for (let index = 0; index < text.length; ) {
    const character = String.fromCodePoint(text.codePointAt(index));
    const next = index + character.length;
    const piece = fold(character);
    for (let k = 0; k < piece.length; k += 1) {
      starts.push(index);
      ends.push(next);
    }
    folded += piece;
    index = next;
  }
  let at = folded.startsWith(needle) ? 0 : -1;
  for (let from = 1; at < 0; ) {
    const found = folded.indexOf(needle, from);
    if (found < 0) break;
    if (!/[\p{L}\p{N}]/u.test(folded.charAt(found - 1))) at = found;
    from = found + 1;
  }
  if (at < 0) return null;
  return [starts[at], ends[at + needle.length - 1]];
}

/** The server's match spans of `title`, sorted and inside it; null when there are none. */
export function normalizeSpans(raw, title) {
  if (!Array.isArray(raw)) return null;
  const spans = [];
  let at = 0;
  for (const span of raw) {
    const start = asCount(span && span.start);
    const end = asCount(span && span.end);
    if (start === null || end === null || start < at || end <= start || end > title.length) return null;
    spans.push({ start, end });
    at = end;
  }
  return spans.length ? spans : null;
}

/**
 * Appends `text` to `node` with the matched parts in <mark>s, Text nodes only: `spans` (from
 * normalizeSpans) when the server sent them, else the part matching `query`.
 */
export function appendHighlighted(node, text, query, spans) {
  const range = spans ? null : matchRange(text, query);
  const marks = spans || (range ? [{ start: range[0], end: range[1] }] : []);
  let at = 0;
  for (const { start, end } of marks) {
    if (start > at) node.append(text.slice(at, start));
    node.append(make('mark', '', text.slice(start, end)));
    at = end;
  }
  if (at < text.length) node.append(text.slice(at));
}
