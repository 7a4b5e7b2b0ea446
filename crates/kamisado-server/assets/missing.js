// The page for a link that leads nowhere holds its words in every language
// the page speaks; this shows those of the reader's language alone (the
// one chosen on the page before, else the browser's, else English). Without
// it every language shows.
(() => {
  const spoken = [...document.querySelectorAll('[data-lang]')].map((n) => n.dataset.lang);
  let lang = null;
  try { lang = localStorage.getItem('kamisado.lang'); } catch (e) { /* private mode */ }
  if (!spoken.includes(lang)) {
    const wanted = (navigator.languages || [navigator.language || 'en']).map((l) => String(l).slice(0, 2).toLowerCase());
    lang = wanted.find((l) => spoken.includes(l)) || 'en';
  }
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll('[data-lang]')) node.hidden = node.dataset.lang !== lang;
  const title = document.querySelector(`[data-lang="${lang}"] h1`);
  if (title) document.title = `Kamisado: ${title.textContent}`;
})();
