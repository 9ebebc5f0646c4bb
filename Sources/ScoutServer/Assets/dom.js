// Small helpers shared by Scout's page modules. Text from the API reaches the page only
// through textContent and Text nodes (SECURITY.md T2); links and images only when they are
// http(s) on this origin or another.

import { t } from './i18n.js';

/** An element with a class and, optionally, text (set as textContent, never parsed). */
export function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

export const asString = (value) => (typeof value === 'string' ? value : null);
export const asCount = (value) => (Number.isFinite(value) && value >= 0 ? Math.floor(value) : null);

/** `value` as an absolute http(s) URL, or null: no javascript:, data:, or anything else. */
export function safeURL(value) {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export const isAbort = (error) => error && error.name === 'AbortError';

/** The first letter or digit of `title`, for the placeholder of a missing thumbnail. */
export function initial(title) {
  const match = /[\p{L}\p{N}]/u.exec(title);
  return match ? match[0].toLocaleUpperCase() : '';
}

/**
 * A thumbnail box: the initial of `title`, covered by the image at `url` once it loads (a
 * failed image leaves the initial). `width`/`height` reserve the image's shape when known.
 */
export function thumbnail(className, title, url, width, height) {
  const box = make('span', className, initial(title));
  box.setAttribute('aria-hidden', 'true');
  const src = safeURL(url);
  if (src) {
    const image = make('img', 'thumb-image');
    image.alt = '';
    image.loading = 'lazy';
    image.decoding = 'async';
    if (width && height) {
      image.width = width;
      image.height = height;
    }
    image.addEventListener('error', () => image.remove(), { once: true });
    image.src = src;
    box.append(image);
  }
  return box;
}

/**
 * Shows where a list's next page stands in `more`, its footer, as `data-state`: 'loading' (a
 * spinner and `content`), 'failed' (`content`: the notice), 'end' (`content`) or 'idle'.
 * A string `content` is shown as text.
 */
export function setMoreState(more, moreState, content) {
  more.replaceChildren();
  if (moreState === 'loading') {
    const spin = make('span', 'spinner');
    spin.setAttribute('aria-hidden', 'true');
    more.append(spin);
  }
  if (typeof content === 'string') more.append(make('span', 'more-text', content));
  else if (content) more.append(content);
  more.dataset.state = moreState;
}

/**
 * A failure notice (role=alert): `title` (none when null) and `text`, above a Retry button
 * that calls `onRetry`. `textLanguage` marks a text in another language than the page's (the
 * API's sentences are English). Returns the notice and its button.
 */
export function failureNotice(title, text, onRetry, textLanguage = null) {
  const notice = make('div', 'notice notice--error');
  notice.setAttribute('role', 'alert');
  if (title) notice.append(make('p', 'notice-title', title));
  const sentence = make('p', 'notice-text', text);
  if (textLanguage) sentence.lang = textLanguage;
  notice.append(sentence);
  const button = make('button', 'button button--primary retry', t('page.retry'));
  button.type = 'button';
  button.addEventListener('click', onRetry);
  const actions = make('p', 'notice-actions');
  actions.append(button);
  notice.append(actions);
  return { notice, button };
}

/**
 * Moves the search field's active option from `previous` to `row` (either may be null): the
 * marks, `aria-selected`, the field's `aria-activedescendant`, and `row` scrolled into view.
 * Returns whether an option is active now.
 */
export function moveActiveOption(input, previous, row) {
  if (previous) {
    previous.classList.remove('is-active');
    previous.setAttribute('aria-selected', 'false');
  }
  if (!row) {
    input.removeAttribute('aria-activedescendant');
    return false;
  }
  row.classList.add('is-active');
  row.setAttribute('aria-selected', 'true');
  input.setAttribute('aria-activedescendant', row.id);
  row.scrollIntoView({ block: 'nearest' });
  return true;
}
