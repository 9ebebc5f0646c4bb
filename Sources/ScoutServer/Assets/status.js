// The status above the results: how many results for what in which source, the empty state
// with its suggestion, and the notice of a failed search or page load with its Retry button
// (disabled while the source asked Scout to wait).
import { urlFor } from './address.js';
import { failureNotice, make } from './dom.js';
import { enterQuery } from './field.js';
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
    line.append(
      found !== null
        ? `${count} of ${found} results for `
        : `${count}${hasMore ? '+' : ''} ${count === 1 && !hasMore ? 'result' : 'results'} for `,
      make('strong', '', state.query),
      ` in ${sourceName(state.request ? state.request.source : state.source)}`,
    );
    statusBox.append(line);
    if (state.missingWords.length) {
      const words = state.missingWords.map((word) => `“${word}”`).join(', ');
      statusBox.append(make('p', 'status-line', `No result has every word; these are the closest matches, without ${words}.`));
    }
    if (state.stale) {
      const source = sourceName(state.request ? state.request.source : state.source);
      statusBox.append(
        make('p', 'status-line status-line--stale',
          `${source} could not answer just now, so these are its results from earlier; they may be out of date.`),
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
  title.append('No results for ', make('q', '', state.query));
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
    text.append('Did you mean ', link, '?');
  } else {
    text.append(`${sourceName(source)} has nothing that matches. Check the spelling or try fewer words.`);
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
    heading = navigator.onLine === false ? 'You are offline' : 'Scout could not be reached';
    fallback = 'Check your connection; Scout searches again when it is back.';
  } else if (failure.status === 429) {
    heading = 'Too many searches';
    fallback = `${name} asked Scout to slow down.`;
  } else if (failure.status === 409) {
    heading = 'The results changed';
    fallback = 'The catalog changed while you scrolled. Search again.';
  } else if (failure.status === 400) {
    heading = 'That search could not be run';
    fallback = 'Try different words.';
  } else if (failure.status === 504) {
    heading = `${name} did not answer in time`;
    fallback = `${name} did not answer in time.`;
  } else {
    heading = `${name} did not answer`;
    fallback = `${name} is not answering right now.`;
  }
  const { notice, button } = failureNotice(heading, failure.apiMessage || fallback, () => {
    const hadFocus = document.activeElement === button;
    onRetry();
    if (hadFocus) input.focus(); // the notice goes away: focus goes where the results come
  });
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
      button.textContent = 'Retry';
      return;
    }
    button.disabled = true;
    button.textContent = `Retry in ${left} s`;
    left -= 1;
    state.countdownTimer = setTimeout(tick, 1000);
  };
  tick();
}
