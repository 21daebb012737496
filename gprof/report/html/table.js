// SPDX-License-Identifier: GPL-3.0-or-later
// table.js (gprof --html's script, after core.js): the sortable tables,
// the flat profile and the call graph's views.
//
// A sortable table draws only the rows in and near the window once it
// has more than ALL_BELOW rows (the others are one spacer row above and
// one below, of their height): 20,000 functions cost what 100 do.  Every
// row stays reachable: by scrolling, by the filter, and from the
// keyboard (arrows, Page Up/Down, Home, End on the focused row; Enter
// opens its name's link).  Headers are buttons (Enter sorts; aria-sort
// says the order).

// ------------------------------------------------------------ sortable tables
const ALL_BELOW = 100;
const OVERSCAN = 20;
const liveTables = new Set();
let tableFrame = 0;
function scheduleTables() {
  if (tableFrame) return;
  tableFrame = requestAnimationFrame(() => { tableFrame = 0; for (const t of liveTables) t.render(false); });
}
window.addEventListener('scroll', scheduleTables, { passive: true });
window.addEventListener('resize', scheduleTables);

// columns: [label, value(i) for sorting, cell(i, position) -> td, cls,
// key]; state: {col (-1: rows as given), dir (1 up, -1 down), cursor};
// onOrder(shown) is told each new order (the flat profile's running
// sums follow it)
function sortableTable(id, columns, rows, state, onOrder) {
  const t = { rows: rows, shown: rows, first: 0, last: -1, height: 0 };
  if (state.cursor === undefined) state.cursor = 0;
  const table = el('table', 'vt');
  table.id = id;
  const head = el('tr');
  const ths = columns.map((c, k) => {
    const th = el('th', c[3] || null);
    th.dataset.key = c[4] || String(k);
    th.scope = 'col';
    const b = el('button', 'sort', c[0]);
    b.type = 'button';
    th.appendChild(b);
    th.addEventListener('click', () => {
      if (state.col === k) state.dir = -state.dir;
      else { state.col = k; state.dir = c[3] === 'name' ? 1 : -1; }
      order();
      t.render(true);
    });
    head.appendChild(th);
    return th;
  });
  const thead = add(el('thead'), head);
  const body = el('tbody');
  add(table, thead, body);

  function order() {
    const rows = t.rows;
    let shown = rows;
    if (state.col >= 0) {
      const value = columns[state.col][1], dir = state.dir, n = rows.length;
      const keys = new Array(n);
      for (let i = 0; i < n; i++) keys[i] = value(rows[i]);
      const idx = new Array(n);
      for (let i = 0; i < n; i++) idx[i] = i;
      idx.sort((a, b) => { const x = keys[a], y = keys[b]; return (x < y ? -dir : x > y ? dir : 0) || a - b; });
      shown = new Array(n);
      for (let i = 0; i < n; i++) shown[i] = rows[idx[i]];
    }
    t.shown = shown;
    ths.forEach((th, k) => {
      const on = state.col === k;
      th.classList.toggle('sorted', on);
      th.classList.toggle('up', on && state.dir > 0);
      th.classList.toggle('down', on && state.dir < 0);
      th.setAttribute('aria-sort', on ? (state.dir > 0 ? 'ascending' : 'descending') : 'none');
    });
    table.setAttribute('aria-rowcount', String(shown.length + 1));
    if (state.cursor >= shown.length) state.cursor = Math.max(0, shown.length - 1);
    if (onOrder) onOrder(shown);
  }
  function spacer(height) {
    const tr = el('tr', 'spacer');
    tr.setAttribute('aria-hidden', 'true');
    const c = el('td');
    c.colSpan = columns.length;
    c.style.height = height + 'px';
    tr.appendChild(c);
    return tr;
  }
  const virtual = () => t.shown.length > ALL_BELOW;
  // the rows in and near the window (every row of a small table)
  t.render = function (force) {
    const n = t.shown.length;
    let first = 0, last = n - 1;
    if (virtual()) {
      if (!table.isConnected) return;
      const h = t.height || 22, top = body.getBoundingClientRect().top;
      first = Math.min(n - 1, Math.max(0, Math.floor(-top / h) - OVERSCAN));
      last = Math.min(n - 1, Math.max(first + 2 * OVERSCAN, Math.ceil((innerHeight - top) / h) + OVERSCAN));
    }
    if (!force && first === t.first && last === t.last) return;
    t.first = first;
    t.last = last;
    const frag = document.createDocumentFragment();
    const h = t.height || 22;
    if (first > 0) frag.appendChild(spacer(first * h));
    const cursor = state.cursor >= first && state.cursor <= last ? state.cursor : first;
    for (let p = first; p <= last; p++) {
      const tr = el('tr');
      const i = t.shown[p];
      for (const c of columns) tr.appendChild(c[2](i, p));
      tr.setAttribute('aria-rowindex', String(p + 2));
      tr.dataset.pos = String(p);
      if (virtual()) {
        tr.tabIndex = p === cursor ? 0 : -1;
        for (const a of tr.querySelectorAll('a')) a.tabIndex = -1;
      }
      frag.appendChild(tr);
    }
    if (last < n - 1) frag.appendChild(spacer((n - 1 - last) * h));
    body.replaceChildren(frag);
    // every row is one line high: measured once, from the rows drawn
    if (!t.height && virtual() && last > first) {
      const rs = body.querySelectorAll('tr[data-pos]');
      const measured = (rs[rs.length - 1].getBoundingClientRect().bottom - rs[0].getBoundingClientRect().top) / rs.length;
      if (measured > 0) { t.height = measured; t.render(true); }
    }
  };
  // the keyboard: the focused row moves, the window follows it
  function moveTo(p) {
    const n = t.shown.length;
    if (!n) return;
    p = Math.max(0, Math.min(n - 1, p));
    state.cursor = p;
    const h = t.height || 22;
    const bodyTop = body.getBoundingClientRect().top + scrollY, headH = thead.getBoundingClientRect().height;
    const rowTop = bodyTop + p * h;
    if (rowTop - headH < scrollY) scrollTo(scrollX, rowTop - headH);
    else if (rowTop + h > scrollY + innerHeight) scrollTo(scrollX, rowTop + h - innerHeight);
    t.render(true);
    const tr = body.querySelector('tr[data-pos="' + p + '"]');
    if (tr) tr.focus({ preventScroll: true });
  }
  body.addEventListener('keydown', (ev) => {
    const tr = ev.target.closest && ev.target.closest('tr[data-pos]');
    if (!tr || !virtual() || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const p = Number(tr.dataset.pos), page = Math.max(1, Math.floor(innerHeight / (t.height || 22)) - 3);
    const to = { ArrowDown: p + 1, ArrowUp: p - 1, PageDown: p + page, PageUp: p - page, Home: 0, End: t.shown.length - 1 }[ev.key];
    if (to !== undefined) { ev.preventDefault(); moveTo(to); return; }
    if (ev.key === 'Enter') {
      const a = tr.querySelector('a');
      if (a) { ev.preventDefault(); a.click(); }
    }
  });
  body.addEventListener('focusin', (ev) => {
    const tr = ev.target.closest && ev.target.closest('tr[data-pos]');
    if (tr && virtual()) state.cursor = Number(tr.dataset.pos);
  });
  t.setRows = function (rows) {
    t.rows = rows;
    order();
    t.render(true);
  };
  t.node = el('div', 'table-box');
  t.node.appendChild(table);
  t.table = table;
  order();
  liveTables.add(t);
  return t;
}
function nameCell(prof, i, hashPrefix) {
  const c = td(null, 'name');
  if (i < 0) { c.textContent = '[unknown]'; return c; }
  const a = c.appendChild(link(prof.name(i), (hashPrefix || 'fn/') + i, 'fn'));
  if (filters.short) a.title = prof.fullName(i);
  const r = prof.fn[i];
  if (r[6]) add(c, ' ', link('<cycle ' + r[6] + '>', 'cycle/' + r[6], 'cycle'));
  return c;
}

// ------------------------------------------------------------ flat profile
// built once: Back to it shows the same table, scrolled where it was
const flatState = { col: -1, dir: -1, filter: '', object: -1 };
let flatView = null;
function viewFlat() {
  if (flatView) {
    main.appendChild(flatView.node);
    liveTables.add(flatView.table);
    return flatView;
  }
  const prof = P, fn = P.fn, hz = P.hz;
  if (!P.p.histogram) { main.appendChild(el('p', null, 'This profile has no histogram: no flat profile.')); return null; }
  const node = el('div');
  const ctl = controls('flat-filter', 'filter by name', flatState.filter, (v) => { flatState.filter = v; refilter(); });
  // the objects that have a function in the flat profile
  const used = new Set(P.flat.map((i) => fn[i][4]));
  const kept = keptFunctions(P);
  if (used.size > 1) {
    const label = el('label', null, 'object ');
    const sel = el('select');
    sel.id = 'flat-object';
    label.htmlFor = 'flat-object';
    sel.appendChild(el('option', null, 'all objects')).value = '-1';
    P.p.objects.forEach((o, k) => { if (used.has(k)) sel.appendChild(el('option', null, o.slice(o.lastIndexOf('/') + 1))).value = String(k); });
    sel.value = String(flatState.object);
    sel.addEventListener('change', () => { flatState.object = Number(sel.value); refilter(); });
    add(ctl, label, sel);
  }
  const status = liveStatus('flat-count');
  ctl.appendChild(status);
  node.appendChild(ctl);
  const scale = P.unitScale;
  // the running sum of self time down the rows as they are shown (in
  // the text's order and unfiltered: the text's cumulative column)
  let cumulative = new Float64Array(0);
  const onOrder = (shown) => {
    cumulative = new Float64Array(shown.length);
    let acc = 0;
    for (let p = 0; p < shown.length; p++) { acc += fn[shown[p]][7]; cumulative[p] = acc / hz; }
  };
  const rank = () => P.nameRank();
  // a time per call in the column's unit; one that would read 0.00
  // there in a unit of its own ("400 ps")
  const perCall = (seconds) => {
    const s = fixed(scale * seconds, 2);
    if (seconds === 0 || /[1-9]/.test(s)) return s;
    let k = 0;
    while (k < 5 && seconds * Math.pow(1000, k + 1) < 1000) k++;
    return (seconds * Math.pow(1000, k)).toPrecision(3) + ' ' + ['', 'm', 'u', 'n', 'p', 'f'][k] + (P.p.dimension || 'seconds')[0];
  };
  const columns = [
    ['% time', (i) => fn[i][7], (i) => td(figure(100 * fn[i][7] / P.totalTicks, 2)), null, 'percent'],
    ['cumulative ' + P.p.dimension, (i) => fn[i][7], (i, p) => td(figure(cumulative[p], 2)), null, 'cumulative'],
    ['self ' + P.p.dimension, (i) => fn[i][7], (i) => td(figure(fn[i][7] / hz, 2)), null, 'self'],
    ['calls', (i) => fn[i][8], (i) => td(fn[i][8] ? String(fn[i][8]) : ''), null, 'calls'],
    ['self ' + P.unit, (i) => (fn[i][8] ? fn[i][7] / fn[i][8] : -1),
      (i) => td(fn[i][8] ? perCall(fn[i][7] / hz / fn[i][8]) : ''), null, 'selfcall'],
    ['total ' + P.unit, (i) => (fn[i][8] ? (fn[i][7] + fn[i][10]) / fn[i][8] : -1),
      (i) => td(fn[i][8] ? perCall((fn[i][7] + fn[i][10]) / hz / fn[i][8]) : ''), null, 'totalcall'],
    ['name', (i) => rank()[i + 1], (i) => nameCell(prof, i), 'name', 'name'],
  ];
  function rowsNow() {
    const t = flatState.filter.trim().toLowerCase();
    const hit = t ? prof.matching(t) : null;
    const rows = [];
    for (const i of P.flat) if ((!hit || hit[i]) && (!kept || kept[i]) && (flatState.object < 0 || fn[i][4] === flatState.object)) rows.push(i);
    status.textContent = rows.length + ' of ' + P.flat.length + ' functions';
    return rows;
  }
  const table = sortableTable('flat', columns, rowsNow(), flatState, onOrder);
  function refilter() { flatState.cursor = 0; table.setRows(rowsNow()); }
  node.appendChild(table.node);
  main.appendChild(node);
  table.render(true);
  flatView = { node: node, table: table, scroll: 0 };
  return flatView;
}

// ------------------------------------------------------------ call graph
function arcRow(prof, a, other, entryFn) {
  const arc = prof.arcs[a];
  const tr = el('tr');
  const ef = prof.fn[entryFn], of = other >= 0 ? prof.fn[other] : null;
  const inside = other === entryFn || (ef[6] !== 0 && of && of[6] === ef[6]);
  add(tr, td(''), td(''));
  // a call no runtime counted (code without -pg) has no count: the column stays empty
  if (inside) {
    add(tr, td(''), td(''), td(arc[2] === null ? '' : String(arc[2])));
  } else {
    const callee = prof.fn[arc[1]];
    const total = callee[6] && prof.cycles.has(callee[6]) ? prof.cycles.get(callee[6])[4] : callee[8];
    add(tr, td(figure(arc[3] / prof.hz, 2)), td(figure(arc[4] / prof.hz, 2)), td(arc[2] === null ? '' : arc[2] + '/' + total));
  }
  tr.appendChild(nameCell(prof, other));
  return tr;
}
function byArcTime(prof) {
  return (a, b) => {
    const x = prof.arcs[a], y = prof.arcs[b];
    return (y[3] + y[4]) - (x[3] + x[4]) || y[2] - x[2];
  };
}
function graphTable(id) {
  const t = el('table');
  t.id = id;
  const h = el('tr');
  for (const c of ['index', '% time', 'self', 'children', 'called', 'name']) h.appendChild(el('th', c === 'name' ? 'name' : null, c));
  add(t, add(el('thead'), h));
  return t;
}
function viewEntry(id) {
  const prof = P, r = prof.fn[id];
  if (!r) { main.appendChild(el('p', null, 'No such function.')); return; }
  const h = add(el('h2'), breakable('span', 'fname', prof.name(id)));
  h.id = 'entry-title';
  if (filters.short) h.title = prof.fullName(id);
  if (r[5]) add(h, ' [' + r[5] + ']');
  main.appendChild(h);
  const tools = el('p');
  if (r[6]) add(tools, 'member of ', link('<cycle ' + r[6] + '>', 'cycle/' + r[6], 'cycle'), ' · ');
  if (r[2] >= 0) add(tools, link('source', 'src/' + id), ' (' + prof.files[r[2]] + ':' + r[3] + ') · ');
  if (prof.p.stacks) add(tools, link('in the flame graph', 'flame/' + id), ' \u00b7 ', link('sandwich', 'sandwich/' + id), ' \u00b7 ');
  add(tools, link('picture', 'picture/' + id));
  main.appendChild(tools);
  const t = graphTable('entry');
  const body = el('tbody');
  const callers = prof.callers[id].slice().sort(byArcTime(prof));
  if (callers.length === 0) {
    const tr = el('tr');
    add(tr, td(''), td(''), td(''), td(''), td(''), td('<spontaneous>', 'name muted'));
    body.appendChild(tr);
  }
  for (const a of callers) if (keeps(prof, prof.arcs[a][0])) body.appendChild(arcRow(prof, a, prof.arcs[a][0], id)).classList.add('caller');
  const me = el('tr', 'entry');
  add(me, td(r[5] ? '[' + r[5] + ']' : ''), td(figure(100 * (r[11] + r[12]) / prof.printTicks, 1)),
    td(figure(r[11] / prof.hz, 2)), td(figure(r[12] / prof.hz, 2)),
    td(r[8] + r[9] ? r[8] + (r[9] ? '+' + r[9] : '') : ''));
  me.appendChild(nameCell(prof, id));
  body.appendChild(me);
  for (const a of prof.callees[id].slice().sort(byArcTime(prof))) if (keeps(prof, prof.arcs[a][1])) body.appendChild(arcRow(prof, a, prof.arcs[a][1], id)).classList.add('callee');
  t.appendChild(body);
  main.appendChild(t);
}
function viewCycle(number) {
  const prof = P, c = prof.cycles.get(number);
  if (!c) { main.appendChild(el('p', null, 'No such cycle.')); return; }
  const h = el('h2', null, '<cycle ' + number + ' as a whole> [' + c[1] + ']');
  h.id = 'entry-title';
  main.appendChild(h);
  main.appendChild(el('p', null, fixed(100 * (c[2] + c[3]) / prof.printTicks, 1) + '% of the time, ' +
    fixed(c[2] / prof.hz, 2) + ' self, ' + fixed(c[3] / prof.hz, 2) + ' children; ' +
    c[4] + ' calls into it, ' + c[5] + ' within it; ' + plural(c[6].length, 'member') + ':'));
  const t = graphTable('cycle-members');
  const body = el('tbody');
  for (const m of c[6].slice().sort((a, b) => (prof.fn[b][11] + prof.fn[b][12]) - (prof.fn[a][11] + prof.fn[a][12]))) {
    const r = prof.fn[m];
    const tr = el('tr');
    add(tr, td('[' + r[5] + ']'), td(figure(100 * (r[11] + r[12]) / prof.printTicks, 1)), td(figure(r[11] / prof.hz, 2)),
      td(figure(r[12] / prof.hz, 2)), td(r[8] + (r[9] ? '+' + r[9] : '')));
    tr.appendChild(nameCell(prof, m));
    body.appendChild(tr);
  }
  t.appendChild(body);
  main.appendChild(t);
}
const graphState = { col: 0, dir: 1, filter: '' };
function viewGraph() {
  const prof = P, fn = P.fn;
  if (!P.p.call_graph) { main.appendChild(el('p', null, 'This profile has no call graph.')); return; }
  main.appendChild(el('p', 'muted', 'Every entry of the call graph; click a name for its callers and callees.'));
  const ctl = controls('graph-filter', 'filter by name', graphState.filter, (v) => { graphState.filter = v; table.setRows(rowsNow()); });
  main.appendChild(ctl);
  const all = [];
  const kept = keptFunctions(prof);
  fn.forEach((r, i) => { if ((r[13] & 2) && (!kept || kept[i])) all.push(i); });
  const columns = [
    ['index', (i) => fn[i][5], (i) => td('[' + fn[i][5] + ']')],
    ['% time', (i) => fn[i][11] + fn[i][12], (i) => td(figure(100 * (fn[i][11] + fn[i][12]) / prof.printTicks, 1))],
    ['self', (i) => fn[i][11], (i) => td(figure(fn[i][11] / prof.hz, 2))],
    ['children', (i) => fn[i][12], (i) => td(figure(fn[i][12] / prof.hz, 2))],
    ['called', (i) => fn[i][8], (i) => td(fn[i][8] + fn[i][9] ? fn[i][8] + (fn[i][9] ? '+' + fn[i][9] : '') : '')],
    ['name', (i) => prof.nameRank()[i + 1], (i) => nameCell(prof, i), 'name'],
  ];
  function rowsNow() {
    const t = graphState.filter.trim().toLowerCase();
    if (!t) return all;
    const hit = prof.matching(t);
    return all.filter((i) => hit[i]);
  }
  const table = sortableTable('graph', columns, rowsNow(), graphState);
  main.appendChild(table.node);
  table.render(true);
}
