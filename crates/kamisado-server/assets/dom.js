// Small helpers for the page's elements.

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/**
 * `text` as nodes in which each rule it cites (R1 to R14) is a link to that
 * rule on the rules page, opened beside the game; `title(rule)` describes a link.
 */
export function ruleLinked(text, title) {
  const nodes = [];
  let at = 0;
  for (const m of String(text).matchAll(/\bR(?:1[0-4]|[1-9])\b/g)) {
    nodes.push(text.slice(at, m.index));
    const a = html('a', m[0], 'rule-link');
    a.href = `/rules#${m[0]}`;
    a.target = '_blank';
    a.rel = 'noopener';
    a.title = title(m[0]);
    nodes.push(a);
    at = m.index + m[0].length;
  }
  nodes.push(String(text).slice(at));
  return nodes;
}

/** A new HTML element with text and a class. */
export function html(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}
