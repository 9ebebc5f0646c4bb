// The status above the results: how many results for what in which source, the empty state
// with its suggestion, and the notice of a failed search or page load with its Retry button
// (disabled while the source asked Scout to wait).
import { urlFor } from './address.js';
import { failureNotice, make } from './dom.js';
import { enterQuery } from './field.js';
import { formatNumber, language, listed, parts, pluralKey, quoted, t } from './i18n.js';
import { renderLanguageOffers, searchLanguage } from './languages.js';
import { elements, state } from './page.js';
import { photos } from './panels.js';
import { search } from './search.js';
import { sourceName } from './sources.js';

const { input, statusBox } = elements;

/** The status line of the view shown; a failure's notice stays until the next view. */
export function renderStatus() {
  if (state.view === 'error' || state.view === 'offline') return; // the failure notice stays
  statusBox.replaceChildren();
  if (state.view === 'results') {
    const count = state.items.length || photos.count();
    const hasMore = state.next || photos.hasMore();
    const line = make('p', 'status-line');
    const found = state.found !== null && state.found > count ? state.found : null;
    const values = {
      count: `${formatNumber(count)}${hasMore && found === null ? '+' : ''}`,
      total: found,
      query: make('strong', '', state.query),
      source: sourceName(state.request ? state.request.source : state.source),
    };
    line.append(
      ...(found !== null
        ? parts(pluralKey('page.countOfTotal', found), values)
        : parts(pluralKey('page.count', hasMore ? count + 1 : count), values)),
    );
    statusBox.append(line);
    if (state.missingWords.length) {
      const words = listed(state.missingWords.map(quoted));
      statusBox.append(make('p', 'status-line', t('page.closest', { words })));
    }
    if (state.stale) {
      const source = sourceName(state.request ? state.request.source : state.source);
      statusBox.append(
        make('p', 'status-line status-line--stale', t('page.stale', { source })),
      );
    }
  } else if (state.view === 'empty') {
    statusBox.append(renderEmpty());
  }
}

function renderEmpty() {
  const source = state.request ? state.request.source : state.source;
  const notice = make('div', 'notice notice--empty');
  const title = make('p', 'notice-title');
  title.append(...parts('page.empty.title', { query: make('q', '', state.query) }));
  notice.append(title);
  const text = make('p', 'notice-text');
  if (state.suggestion) {
    const link = make('a', 'suggestion', state.suggestion);
    link.href = urlFor(state.suggestion, source, searchLanguage(source));
    link.addEventListener('click', (event) => {
      event.preventDefault();
      enterQuery(state.suggestion);
      search(input.value, source, 'now');
      input.focus(); // the link goes away with the empty state
    });
    text.append(...parts('page.empty.didYouMean', { suggestion: link }));
  } else {
    text.append(t('page.empty.noMatch', { source: sourceName(source) }));
  }
  notice.append(text);
  const offers = renderLanguageOffers();
  if (offers) notice.append(offers);
  return notice;
}

/** The notice for a failed search or page load, naming the source, with a Retry button. */
export function renderFailure(failure, name, onRetry) {
  let heading;
  let fallback;
  if (failure.kind === 'offline') {
    heading = t(navigator.onLine === false ? 'page.error.offline' : 'page.error.unreachable');
    fallback = t('page.error.unreachableText');
  } else if (failure.status === 429) {
    heading = t('page.error.tooMany');
    fallback = t('page.error.tooManyText', { source: name });
  } else if (failure.status === 409) {
    heading = t('page.error.changed');
    fallback = t('page.error.changedText');
  } else if (failure.status === 400) {
    heading = t('page.error.badSearch');
    fallback = t('page.error.badSearchText');
  } else if (failure.status === 504) {
    heading = t('page.error.timeout', { source: name });
    fallback = t('page.error.timeoutText', { source: name });
  } else {
    heading = t('page.error.failed', { source: name });
    fallback = t('page.error.failedText', { source: name });
  }
  // The API's sentence says most (what failed, for how long) but is English: on a page in
  // another language it is marked as English, under the heading in the page's language.
  const sentenceLanguage = failure.apiMessage && language !== 'en' ? 'en' : null;
  const { notice, button } = failureNotice(heading, failure.apiMessage || fallback, () => {
    const hadFocus = document.activeElement === button;
    onRetry();
    if (hadFocus) input.focus(); // the notice goes away: focus goes where the results come
  }, sentenceLanguage);
  if (failure.retryAfter) countDown(button, failure.retryAfter);
  return notice;
}

/** Keeps `button` disabled for `seconds`, showing how long is left. */
function countDown(button, seconds) {
  let left = Math.min(seconds, 600);
  const tick = () => {
    if (!button.isConnected) return;
    if (left <= 0) {
      button.disabled = false;
      button.textContent = t('page.retry');
      return;
    }
    button.disabled = true;
    button.textContent = t('page.retryIn', { seconds: left });
    left -= 1;
    state.countdownTimer = setTimeout(tick, 1000);
  };
  tick();
}
