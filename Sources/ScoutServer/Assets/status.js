// The status above the results: how many results for what in which source, the empty state
// with its suggestion, and the notice of a failed search or page load with its Retry button
// (disabled while the source asked Scout to wait). Views of the search machine's state.
import { urlFor } from './address.js';
import { failureNotice, make } from './dom.js';
import { formatNumber, language, listed, parts, pluralKey, quoted, t } from './i18n.js';
import { renderLanguageOffers } from './languages.js';
import { searchLanguage, shownSection } from './machine.js';
import { sourceName } from './sources.js';

/**
 * Failure notices naming the source, with a Retry button that counts down a `Retry-After`
 * (`later(ms, callback)` → cancel: the shell's timers); one countdown at a time.
 * Returns {renderFailure(failure, name, onRetry), stopCountdown()}.
 */
export function createFailureNotices({ input, later }) {
  let stopCountdown = () => {};

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
      stopCountdown = later(1000, tick);
    };
    tick();
  }

  function renderFailure(failure, name, onRetry) {
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

  return { renderFailure, stopCountdown: () => stopCountdown() };
}

/**
 * The status line in `statusBox`: returns render(state). `photos` is the grid (its count);
 * `notices` from createFailureNotices.
 */
export function createStatus({ statusBox, input, photos, notices, dispatch }) {
  let shown = {};

  function renderResults(state, section) {
    const sources = state.sources;
    const count = section.items.length || photos.count();
    const hasMore = section.next || photos.hasMore();
    const line = make('p', 'status-line');
    const found = section.found !== null && section.found > count ? section.found : null;
    const values = {
      count: `${formatNumber(count)}${hasMore && found === null ? '+' : ''}`,
      total: found,
      query: make('strong', '', section.query),
      source: sourceName(section.source, sources),
    };
    line.append(
      ...(found !== null
        ? parts(pluralKey('page.countOfTotal', found), values)
        : parts(pluralKey('page.count', hasMore ? count + 1 : count), values)),
    );
    statusBox.append(line);
    if (section.missingWords.length) {
      const words = listed(section.missingWords.map(quoted));
      statusBox.append(make('p', 'status-line', t('page.closest', { words })));
    }
    if (section.stale) {
      const source = sourceName(section.source, sources);
      statusBox.append(make('p', 'status-line status-line--stale', t('page.stale', { source })));
    }
  }

  function renderEmpty(state, section) {
    const source = section.source;
    const notice = make('div', 'notice notice--empty');
    const title = make('p', 'notice-title');
    title.append(...parts('page.empty.title', { query: make('q', '', section.query) }));
    notice.append(title);
    const text = make('p', 'notice-text');
    if (section.suggestion) {
      const link = make('a', 'suggestion', section.suggestion);
      link.href = urlFor(window.location.pathname, section.suggestion, source, searchLanguage(state, source));
      link.addEventListener('click', (event) => {
        event.preventDefault();
        dispatch({ type: 'query', text: section.suggestion });
        input.focus(); // the link goes away with the empty state
      });
      text.append(...parts('page.empty.didYouMean', { suggestion: link }));
    } else {
      text.append(t('page.empty.noMatch', { source: sourceName(source, state.sources) }));
    }
    notice.append(text);
    const offers = renderLanguageOffers(state.languageOffers, (lang) => {
      dispatch({ type: 'chooseLanguage', code: lang });
      input.focus(); // the offer goes away with the empty state
    });
    if (offers) notice.append(offers);
    statusBox.append(notice);
  }

  return function render(state) {
    if (state.generation !== shown.generation) notices.stopCountdown(); // a new search or a clear
    const section = shownSection(state);
    const current = {
      generation: state.generation, view: state.view, section, failure: state.failure,
      offers: state.languageOffers, sources: state.sources, photos: photos.count(), morePhotos: photos.hasMore(),
    };
    const changed = Object.keys(current).filter((key) => key !== 'generation' && current[key] !== shown[key]);
    shown = current;
    if (!changed.length) return;
    if (state.view === 'error' || state.view === 'offline') {
      if (!changed.includes('failure')) return; // the failure notice stays
      const failure = state.failure;
      const name = sourceName(failure.source || (state.request && state.request.source) || state.source, state.sources);
      statusBox.replaceChildren(notices.renderFailure(failure, name, () => dispatch({ type: 'retry' })));
      return;
    }
    statusBox.replaceChildren();
    if (state.view === 'results' && section) renderResults(state, section);
    else if (state.view === 'empty' && section) renderEmpty(state, section);
  };
}
