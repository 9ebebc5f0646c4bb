// The page's words in the reader's language. The server puts them in the page itself (a
// <script type="application/json" id="scout-strings"> data block: no script runs from it, no
// request waits for it), already in the language of <html lang>, with English where that
// language's catalog has no text. Keys and `{name}` placeholders are the catalogs' of
// Sources/Localization/Assets; LocalizationTests fail on a key used here that no catalog has.
//
// The language switch (the server's links with ?hl=) keeps the search shown: its links take
// the address of the moment they are followed.

const block = document.getElementById('scout-strings');
const strings = (() => {
  try {
    const parsed = block ? JSON.parse(block.textContent) : null;
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {}; // a page without its texts still works, showing the keys
  }
})();

/** The page's language (a BCP 47 tag). */
export const language = document.documentElement.lang || 'en';

const numbers = (() => {
  try {
    return new Intl.NumberFormat(language);
  } catch {
    return new Intl.NumberFormat('en');
  }
})();

/** `value` when it is a BCP 47 tag as the API writes one (`ja`, `en-US`), else null. */
export function asLanguageTag(value) {
  return typeof value === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(value) ? value : null;
}

/** `value` as the page's language writes numbers (12,345). */
export function formatNumber(value) {
  return numbers.format(value);
}

/** The text of `key` with each `{name}` replaced by `values[name]`. */
export function t(key, values = {}) {
  return parts(key, values).map((part) => (typeof part === 'string' ? part : part.textContent)).join('');
}

/**
 * The text of `key` cut at its placeholders, each filled with `values[name]` — a string or a
 * node (a <strong> query, a link) — in the language's word order: pass the result to
 * `element.append(...)`.
 */
export function parts(key, values = {}) {
  const template = typeof strings[key] === 'string' ? strings[key] : key;
  const result = [];
  let rest = template;
  for (let match = rest.match(/\{(\w+)\}/); match; match = rest.match(/\{(\w+)\}/)) {
    if (match.index > 0) result.push(rest.slice(0, match.index));
    const value = values[match[1]];
    result.push(value === undefined ? match[0] : typeof value === 'number' ? formatNumber(value) : value);
    rest = rest.slice(match.index + match[0].length);
  }
  if (rest) result.push(rest);
  return result;
}

/** The key of `key`'s form for `count` (`.one` for exactly one where the language has it). */
export function pluralKey(key, count) {
  return count === 1 && typeof strings[`${key}.one`] === 'string' ? `${key}.one` : `${key}.other`;
}

/** `text` in the language's quotation marks (“…”, 「…」). */
export function quoted(text) {
  return t('quote', { text });
}

/** `items` joined as the language lists them (", ", "、"). */
export function listed(items) {
  return items.join(t('list.separator'));
}

/** Follows the switch's links with the address of now: the search shown stays. */
export function startLanguageSwitch() {
  for (const link of document.querySelectorAll('.languages a[hreflang]')) {
    link.addEventListener('click', () => {
      const address = new URL(window.location.href);
      address.searchParams.set('hl', link.hreflang);
      link.href = address.pathname + address.search;
    });
  }
}
