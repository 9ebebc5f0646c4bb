// The words of the Wikipedia language menu and of the offer of other languages, in one place
// for the message catalogs. Functions where a number or a name goes in.

export const LANGUAGE_TEXT = {
  menuLabel: 'Wikipedia language',
  /** An option of the menu: the language's name in the reader's language, and its code. */
  option: (name, code) => (name && name !== code ? `${name} (${code})` : code),
  offersIntro: 'Found in your other languages:',
  /** A button of the offer: `Deutsch: 12` or `Français: 20+`. */
  offer: (name, found, more) => `${name}: ${found}${more ? '+' : ''}`,
  /** What the button does, for assistive technology. */
  offerLabel: (name, found, more) =>
    `Search ${name} Wikipedia: ${found}${more ? ' or more' : ''} ${found === 1 && !more ? 'result' : 'results'}`,
};
