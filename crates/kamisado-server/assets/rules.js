// The rules page (/rules): the rules as a player reads them, in the
// reader's language, each with its number (R1–R14, the anchors the game's
// notes link to) and the optional rule sets; small boards show a few of
// them. The boards' positions and moves are the server's lessons
// (GET /api/lessons): the page draws them and decides nothing.
import { t, onLanguageChange } from './i18n.js';
import { $, html, ruleLinked } from './dom.js';
import { useLayout, drawBoard, parseMove } from './board.js';
import { request } from './http.js';

// The rules in order, in their parts, and the board drawn beside a rule.
const PARTS = [
  ['rules.single', ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8']],
  ['rules.match', ['R9', 'R10', 'R11', 'R12', 'R13', 'R14']],
  ['rules.optional', ['zvezda', 'sumo-square', 'opening-limits']],
];

// Each board: the lesson whose position it shows, the tower whose moves
// are drawn (the forced one, else the lesson's first hint square; none for
// the setup), and its caption.
const FIGURES = {
  R2: { lesson: 'move', moves: false, caption: 'rules.fig.start' },
  R3: { lesson: 'move', moves: true, caption: 'rules.fig.move' },
  R5: { lesson: 'home', moves: true, caption: 'rules.fig.forced' },
  R7: { lesson: 'pass', moves: false, caption: 'rules.fig.pass' },
  R8: { lesson: 'deadlock', moves: true, caption: 'rules.fig.deadlock' },
  R12: { lesson: 'sumo', moves: true, caption: 'rules.fig.push' },
};

let lessons = null;

// A small board of a lesson's position: its towers, the forced tower, and
// the moves of one tower; hidden from screen readers, whose words are the caption's.
function figure(id) {
  const f = FIGURES[id];
  const lesson = f && lessons && lessons.find((l) => l.id === f.lesson);
  if (!lesson) return null;
  const box = html('figure', undefined, 'rule-figure');
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 840 840');
  svg.setAttribute('class', 'board mini-board');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-hidden', 'true');
  box.appendChild(svg);
  const from = lesson.start.forced || (lesson.hint_squares || [])[0];
  useLayout(lesson.layout);
  drawBoard(svg, {
    towers: lesson.start.towers,
    forced: lesson.start.forced,
    targets: f.moves ? lesson.legal.map(parseMove).filter((m) => m.from === from) : [],
  });
  box.appendChild(html('figcaption', t(f.caption)));
  return box;
}

// One rule: its number (the anchor), its title, its paragraphs and its board.
function section(id) {
  const rule = /^R\d+$/.test(id);
  const node = html('section', undefined, 'rule');
  node.id = id;
  const head = html('h3');
  head.id = `${id}-title`;
  if (rule) head.appendChild(html('span', id, 'rule-no'));
  head.append(rule ? ' ' : '', t(`rules.${id}.title`));
  node.setAttribute('aria-labelledby', head.id);
  node.appendChild(head);
  for (const text of t(`rules.${id}.text`).split('\n')) {
    // A rule cited is a link to it on this page.
    const p = html('p');
    for (const part of ruleLinked(text, () => '')) {
      if (part.tagName === 'A') {
        part.href = `#${part.textContent}`;
        for (const name of ['target', 'rel', 'title']) part.removeAttribute(name);
      }
      p.append(part);
    }
    node.appendChild(p);
  }
  const board = figure(id);
  if (board) node.appendChild(board);
  return node;
}

function render() {
  const page = $('rules-page');
  page.replaceChildren();
  page.appendChild(html('h1', t('rules.title')));
  page.appendChild(html('p', t('rules.intro'), 'rules-intro'));
  const toc = html('nav', undefined, 'rules-toc');
  toc.setAttribute('aria-label', t('rules.toc'));
  const list = html('ul');
  for (const [, ids] of PARTS) {
    for (const id of ids) {
      const a = html('a', /^R\d+$/.test(id) ? `${id} ${t(`rules.${id}.title`)}` : t(`rules.${id}.title`));
      a.href = `#${id}`;
      const li = html('li');
      li.appendChild(a);
      list.appendChild(li);
    }
  }
  toc.appendChild(list);
  page.appendChild(toc);
  for (const [title, ids] of PARTS) {
    page.appendChild(html('h2', t(title)));
    if (title === 'rules.optional') page.appendChild(html('p', t('rules.optional_intro')));
    for (const id of ids) page.appendChild(section(id));
  }
  const learn = html('a', t('rules.learn'), 'button');
  learn.href = '/learn';
  const end = html('p');
  end.appendChild(learn);
  page.appendChild(end);
}

// The rule the address names, in sight once the page is drawn (the browser
// looked for it before there was one).
function toAnchor() {
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (!target) return;
  target.classList.add('here');
  target.scrollIntoView();
}

export async function showRules() {
  $('rulebook').hidden = false;
  window.addEventListener('hashchange', () => {
    for (const old of document.querySelectorAll('.rule.here')) old.classList.remove('here');
  });
  render();
  toAnchor();
  onLanguageChange(render);
  try {
    lessons = (await request('GET', '/api/lessons')).lessons;
  } catch (e) {
    lessons = null;
  }
  if (lessons) {
    render();
    toAnchor();
  }
  $('rules-page').dataset.ready = '1';
}
