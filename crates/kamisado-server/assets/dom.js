// Small helpers for the page's elements.

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** A new HTML element with text and a class. */
export function html(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}
