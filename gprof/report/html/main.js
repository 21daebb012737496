// SPDX-License-Identifier: GPL-3.0-or-later
// main.js (the last part of gprof --html's script): the fragment to the
// view, the keys that work everywhere ('/': the view's filter or
// search), and the start.

// ------------------------------------------------------------ routing
// the view shown: its path (view/arg) and, where it can follow a new
// fragment in place (a flame graph's zoom and search), its update
let current = { path: null, view: null };
const scrollOf = new Map();
function route() {
  const raw = location.hash.slice(1);
  const q = raw.indexOf('?');
  const path = decodeURIComponent(q < 0 ? raw : raw.slice(0, q));
  const params = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
  // the filters: a change rebuilds the view (and the flat profile kept)
  if (setFilters(params)) {
    flatView = null;
    current = { path: null, view: null };
    scrollOf.clear();
    for (const [id, a] of tabLinks) a.href = '#' + withFilters(id);
  }
  showFilters();
  if (current.path === path && current.view && current.view.update) {
    current.view.update(params);
    return;
  }
  if (current.path !== null) scrollOf.set(current.path, scrollY);
  const slash = path.indexOf('/');
  const view = slash < 0 ? path : path.slice(0, slash);
  const arg = slash < 0 ? undefined : path.slice(slash + 1);
  liveTables.clear();
  main.replaceChildren();
  let tab, shown = null;
  if (isDiff) {
    if (view === 'dfn') { tab = 'dgraph'; viewDiffEntry(arg); } else if (view === 'dgraph') { tab = 'dgraph'; viewDiffGraph(arg, params); } else if (view === 'dflame') { tab = 'dflame'; shown = viewDiffFlame(params); } else { tab = 'diff'; viewDiff(); }
  } else if (view === 'fn') { tab = 'graph'; viewEntry(Number(arg)); } else if (view === 'cycle') { tab = 'graph'; viewCycle(Number(arg)); } else if (view === 'graph') { tab = 'graph'; viewGraph(); } else if (view === 'flame') { tab = 'flame'; shown = viewFlame(arg === undefined ? undefined : Number(arg), params); } else if (view === 'sandwich') { tab = 'flame'; viewSandwich(Number(arg)); } else if (view === 'picture') { tab = 'graph'; viewPicture(Number(arg), params); } else if (view === 'src') { tab = 'src'; viewSource(arg === undefined ? undefined : Number(arg)); } else if (view === 'threads') { tab = 'threads'; viewThreads(); } else if (view === 'thread') { tab = 'threads'; shown = viewThread(Number(arg), params); } else { tab = 'flat'; shown = viewFlat(); }
  current = { path: path, view: shown };
  for (const [id, a] of tabLinks) {
    a.classList.toggle('on', id === tab);
    if (id === tab) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
  document.body.dataset.view = view || tab;
  // the flat profile kept its rows: scrolled back where it was
  if (shown && shown.table) {
    scrollTo(0, scrollOf.get(path) || 0);
    shown.table.render(true);
  } else {
    scrollTo(0, 0);
  }
}
// '/' to the view's filter or search, unless typing already
document.addEventListener('keydown', (ev) => {
  if (ev.key !== '/' || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
  const input = main.querySelector('input[type=search]');
  if (!input) return;
  ev.preventDefault();
  input.focus();
  input.select();
});
buildHeader();
document.body.insertBefore(filterBar, main);
window.addEventListener('hashchange', route);
route();
document.body.dataset.ready = '1';
window.gprofReadyAt = performance.now();
