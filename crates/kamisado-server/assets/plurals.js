// The forms of counted words by the number, for every language: a module
// of its own, so that a language's module can use it without importing
// the page's words (i18n.js loads the languages).

// Each language's plural rules, made when first asked.
const pluralRules = new Map();

/**
 * The form of a counted word that goes with the number `n` in the language
 * `code`, from its forms by plural category (`one`, `few`, `many`,
 * `other`, as Intl.PluralRules names them): 1 point, 2 points; 1 очко,
 * 2 очка, 5 очков, 21 очко. A category the forms lack takes `other`.
 */
export function pluralForm(n, forms, code) {
  if (!pluralRules.has(code)) pluralRules.set(code, new Intl.PluralRules(code));
  return forms[pluralRules.get(code).select(n)] ?? forms.other;
}
