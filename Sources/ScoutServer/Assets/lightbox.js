// The photo lightbox: one photo large, with its title, author, licence and a link to its page
// at the source. ←/→ show the previous/next photo, Esc closes, and focus goes back to the
// tile it was opened from. A native modal <dialog>: it keeps focus inside while open.
// Upstream text goes in as textContent only (SECURITY.md T2).
import { make, safeURL } from './dom.js';
import { t } from './i18n.js';

/**
 * `count()` and `item(index)` read the grid's photos; `onShow(index)` lets the grid load more
 * as the end comes near; `onClose(index)` gets the index shown last.
 */
export function createLightbox({ count, item, sourceName, onShow, onClose }) {
  let dialog = null;
  let parts = null;
  let index = -1;
  let restoreFocus = true;

  /** Made on first use, so pages that never open a photo carry none of it. */
  function build() {
    dialog = make('dialog', 'lightbox');
    dialog.id = 'lightbox';
    dialog.setAttribute('aria-labelledby', 'lightbox-title');
    dialog.tabIndex = -1; // focus the dialog itself, not its first link: Enter must not leave the page
    const close = make('button', 'lightbox-close', '×');
    close.type = 'button';
    close.setAttribute('aria-label', t('page.lightbox.close'));
    const previous = make('button', 'lightbox-step lightbox-previous', '‹');
    previous.type = 'button';
    previous.setAttribute('aria-label', t('page.lightbox.previous'));
    const next = make('button', 'lightbox-step lightbox-next', '›');
    next.type = 'button';
    next.setAttribute('aria-label', t('page.lightbox.next'));
    const figure = make('figure', 'lightbox-figure');
    const frame = make('div', 'lightbox-frame');
    const caption = make('figcaption', 'lightbox-caption');
    const title = make('h2', 'lightbox-title');
    title.id = 'lightbox-title';
    const facts = make('p', 'lightbox-facts');
    const position = make('p', 'lightbox-position');
    const link = make('a', 'lightbox-link');
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    caption.append(title, facts, link, position);
    figure.append(frame, caption);
    dialog.append(figure, previous, next, close);
    // Inside <main>, so that all of the page's content is in a landmark (it shows on top anyway).
    (document.querySelector('main') || document.body).append(dialog);
    parts = { frame, title, facts, position, link, previous, next };
    close.addEventListener('click', () => hide());
    previous.addEventListener('click', () => step(-1));
    next.addEventListener('click', () => step(1));
    // However it closes (Esc, ×, the backdrop), focus goes back to the photo shown last —
    // unless the grid closed it because it is going away.
    dialog.addEventListener('close', () => {
      if (restoreFocus) onClose(index);
      restoreFocus = true;
    });
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) hide(); // a click on the backdrop
    });
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        step(event.key === 'ArrowLeft' ? -1 : 1);
      }
    });
  }

  function render() {
    const photo = item(index);
    if (!photo) return;
    const facts = photo.photo || {};
    const src = safeURL(facts.image || (photo.thumbnail && photo.thumbnail.url));
    parts.frame.replaceChildren();
    if (src) {
      const image = make('img', 'lightbox-image');
      image.alt = photo.title;
      image.src = src;
      parts.frame.append(image);
    }
    parts.title.textContent = photo.title;
    const line = [facts.author ? `by ${facts.author}` : null, facts.license].filter(Boolean).join(' · ');
    parts.facts.textContent = line || t('page.lightbox.noFacts');
    const href = safeURL(photo.link);
    parts.link.hidden = !href;
    if (href) parts.link.href = href;
    parts.link.textContent = t('page.lightbox.open', { source: sourceName() });
    parts.position.textContent = `${index + 1} of ${count()}`;
    parts.previous.disabled = index === 0;
    parts.next.disabled = index >= count() - 1;
    onShow(index);
  }

  function open(at) {
    if (!dialog) build();
    index = at;
    render();
    if (!dialog.open) dialog.showModal();
    dialog.focus();
  }

  function step(by) {
    const target = index + by;
    if (target < 0 || target >= count()) return;
    index = target;
    render();
  }

  /** Closes; `restoreFocus` false when the grid is going away (a new search). */
  function hide(andRestoreFocus = true) {
    if (!dialog || !dialog.open) return;
    restoreFocus = andRestoreFocus;
    dialog.close();
  }

  /** Shows the current photo again: more photos may have arrived (position, next button). */
  function refresh() {
    if (dialog && dialog.open) render();
  }

  return { open, close: hide, refresh, isOpen: () => Boolean(dialog && dialog.open) };
}
