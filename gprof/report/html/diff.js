// SPDX-License-Identifier: GPL-3.0-or-later
// diff.js (gprof --html's script, after picture.js): --diff's page in
// the words and figures of `gprof --diff`'s text.  The table is the
// comparison gprof made (the data's "comparison": html.c writes
// analysis/comparison.c's rows, in its order), shown with the text's
// decimals (three for seconds, two for shares and ratios), its summary
// line and its marks "(appeared)" and "(vanished)"; a function's entry
// has its callers and callees in both runs; the Call graph tab is a
// picture of the two runs' call graphs together around a function,
// each function and arc coloured by its change.

// ------------------------------------------------------------ the rows
// printf's %g (a rate)
function gFormat(x) {
  if (x === 0 || !isFinite(x)) return String(x);
  const e = Math.floor(Math.log10(Math.abs(x)));
  if (e < -4 || e >= 6) return x.toExponential(5).replace(/\.?0+e/, 'e').replace(/e([+-])(\d)$/, 'e$10$2');
  return String(Number(x.toPrecision(6)));
}
function signed(x, d) { const s = fixed(x, d); return s[0] === '-' ? s : '+' + s; }
// each row of the comparison: its name as shown, its key (the name and
// object as each profile's key(): links to its entry), its function in
// each run (-1: none) and the figures
function diffRows() {
  if (diffRows.cache) return diffRows.cache;
  const byKey = profiles.map((prof) => {
    const m = new Map();
    prof.fn.forEach((r, i) => { const k = prof.key(i); if (!m.has(k)) m.set(k, i); });
    return m;
  });
  const keyOf = (side, s) => {
    const o = profiles[s].p.objects[side[1]] || '';
    return side[0] + '\u0000' + o.slice(o.lastIndexOf('/') + 1);
  };
  diffRows.cache = DATA.comparison.rows.map((r, n) => {
    const key = r[3] ? keyOf(r[3], 1) : keyOf(r[2], 0);
    return { n: n, name: r[0] + r[1], key: key, r: r, status: r[15],
      ids: [r[2] ? (byKey[0].get(keyOf(r[2], 0)) ?? -1) : -1, r[3] ? (byKey[1].get(keyOf(r[3], 1)) ?? -1) : -1] };
  });
  diffRows.byKey = new Map(diffRows.cache.map((e) => [e.key, e]));
  return diffRows.cache;
}
function changeCell(d, digits) {
  return td(signed(d, digits), d > 0 ? 'slower' : d < 0 ? 'faster' : null);
}
function runLine(s) {
  const [profile, executable, seconds, rate] = DATA.comparison.runs[s];
  let line = (s ? 'new: ' : 'old: ') + profile + ' of ' + executable + ': ' + fixed(seconds, 3) + ' seconds';
  if (rate > 0) line += ' at ' + gFormat(rate) + ' Hz';
  const o = profiles[s].p.overhead;
  if (o) line += '; t' + o.slice(1).replace(/\.$/, '');
  return line;
}
function summaryLine() {
  const [slower, faster, appeared, vanished, unchanged] = DATA.comparison.summary;
  return 'functions: ' + slower + ' slower, ' + faster + ' faster, ' + appeared + ' appeared, ' + vanished + ' vanished, ' + unchanged + ' unchanged';
}
function diffName(e) {
  const c = td(null, 'name');
  c.appendChild(link(e.name, 'dfn/' + encodeURIComponent(e.key)));
  if (e.status === 'appeared' || e.status === 'vanished') add(c, ' ', el('span', 'mark', '(' + e.status + ')'));
  return c;
}
const diffState = { col: -1, dir: -1, filter: '' };
function viewDiff() {
  const rows = diffRows();
  for (const s of [0, 1]) { const p = el('p', 'run', runLine(s)); p.id = 'diff-run-' + s; main.appendChild(p); }
  const summary = el('p', null, summaryLine());
  summary.id = 'diff-summary';
  main.appendChild(summary);
  const ctl = controls('diff-filter', 'filter by name', diffState.filter, (v) => { diffState.filter = v; table.setRows(rowsNow()); });
  main.appendChild(ctl);
  const r = (k) => (e) => e.r[k];
  const num = (k, d) => [r(k), (e) => td(fixed(e.r[k], d))];
  const columns = [
    ['old self seconds', ...num(4, 3), null, 'old-self'],
    ['new self seconds', ...num(5, 3), null, 'new-self'],
    ['self change', r(6), (e) => changeCell(e.r[6], 3), null, 'self-change'],
    ['old self %', ...num(7, 2), null, 'old-share'],
    ['new self %', ...num(8, 2), null, 'new-share'],
    ['old total seconds', ...num(9, 3), null, 'old-total'],
    ['new total seconds', ...num(10, 3), null, 'new-total'],
    ['total change', r(11), (e) => changeCell(e.r[11], 3), null, 'total-change'],
    ['old calls', r(12), (e) => td(String(e.r[12])), null, 'old-calls'],
    ['new calls', r(13), (e) => td(String(e.r[13])), null, 'new-calls'],
    ['ratio', (e) => (e.r[14] === null ? -1 : e.r[14]), (e) => td(e.r[14] === null ? '-' : fixed(e.r[14], 2)), null, 'ratio'],
    ['name', (e) => e.name, diffName, 'name', 'name'],
  ];
  // (the filters keep a function kept in either run)
  const kept = (ids) => ids.every((i) => i < 0) || ids.some((i, s) => i >= 0 && keeps(profiles[s], i));
  function rowsNow() {
    const match = matcher(diffState.filter);
    return rows.filter((e) => (!match || match(e.name)) && kept(e.ids));
  }
  const table = sortableTable('diff', columns, rowsNow(), diffState);
  main.appendChild(table.node);
  table.render(true);
  main.appendChild(el('p', 'muted', 'In the order of gprof --diff: by how much the self time changed, largest first. ' +
    'Self %: that time as a share of each run\u2019s total; ratio: new self time over old (\u201c-\u201d when it had none before). ' +
    'A function that ran in one run only is marked (appeared) or (vanished).'));
}

// ------------------------------------------------------------ an entry
function viewDiffEntry(key) {
  diffRows();
  const e = diffRows.byKey.get(key);
  const ids = e ? e.ids : profiles.map((prof) => prof.fn.findIndex((r, i) => prof.key(i) === key));
  if (!e && ids.every((i) => i < 0)) { main.appendChild(el('p', null, 'No such function.')); return; }
  const name = e ? e.name : profiles[ids[1] >= 0 ? 1 : 0].name(ids[ids[1] >= 0 ? 1 : 0]);
  const h = el('h2', null, name);
  h.id = 'entry-title';
  main.appendChild(h);
  if (e) {
    const r = e.r;
    const facts = el('p', null, 'self ' + fixed(r[4], 3) + ' \u2192 ' + fixed(r[5], 3) + ' s (' + signed(r[6], 3) + '; ' +
      fixed(r[7], 2) + '% \u2192 ' + fixed(r[8], 2) + '%); total ' + fixed(r[9], 3) + ' \u2192 ' + fixed(r[10], 3) + ' s (' +
      signed(r[11], 3) + '); calls ' + r[12] + ' \u2192 ' + r[13] + '; ratio ' + (r[14] === null ? '-' : fixed(r[14], 2)) + '; ' + e.status);
    facts.id = 'dentry-facts';
    main.appendChild(facts);
  }
  main.appendChild(add(el('p'), link('its picture in both runs', 'dgraph/' + encodeURIComponent(key))));
  for (const [title, list, end] of [['Callers', 'callers', 0], ['Callees', 'callees', 1]]) {
    main.appendChild(el('h2', null, title));
    const rows = new Map();
    profiles.forEach((prof, s) => {
      if (ids[s] < 0) return;
      for (const a of prof[list][ids[s]]) {
        const arc = prof.arcs[a], other = arc[end];
        const k = other >= 0 ? prof.key(other) : '[unknown]';
        if (!rows.has(k)) rows.set(k, { key: k, name: prof.name(other), count: [0, 0], time: [0, 0] });
        const row = rows.get(k);
        row.count[s] += arc[2] || 0;
        row.time[s] += (arc[3] + arc[4]) / prof.hz;
      }
    });
    const t = el('table');
    t.id = 'dentry-' + list;
    const hr = el('tr');
    for (const c of ['old calls', 'new calls', 'old seconds', 'new seconds', 'change', 'name']) hr.appendChild(el('th', c === 'name' ? 'name' : null, c));
    add(t, add(el('thead'), hr));
    const body = el('tbody');
    for (const row of Array.from(rows.values()).sort((x, y) => Math.abs(y.time[1] - y.time[0]) - Math.abs(x.time[1] - x.time[0]))) {
      const tr = el('tr');
      const c = td(null, 'name');
      c.appendChild(link(row.name, 'dfn/' + encodeURIComponent(row.key)));
      add(tr, td(String(row.count[0])), td(String(row.count[1])), td(fixed(row.time[0], 3)), td(fixed(row.time[1], 3)),
        changeCell(row.time[1] - row.time[0], 3), c);
      body.appendChild(tr);
    }
    t.appendChild(body);
    main.appendChild(t);
  }
}

// ------------------------------------------------------------ the picture
// the two runs' call graphs as one, by key: per function its callers and
// callees, each arc's calls in both runs
function unionGraph() {
  if (unionGraph.cache) return unionGraph.cache;
  const arcs = new Map(), callers = new Map(), callees = new Map(), name = new Map();
  const ids = new Map();
  const touch = (k, prof, i) => {
    if (!name.has(k)) { name.set(k, prof.name(i)); callers.set(k, []); callees.set(k, []); ids.set(k, [-1, -1]); }
    ids.get(k)[prof.k] = i;
  };
  profiles.forEach((prof, s) => {
    for (const arc of prof.arcs) {
      if (arc[0] < 0 || arc[1] < 0) continue;
      const a = prof.key(arc[0]), b = prof.key(arc[1]), k = a + '\u0001' + b;
      touch(a, prof, arc[0]);
      touch(b, prof, arc[1]);
      if (!arcs.has(k)) { arcs.set(k, { from: a, to: b, count: [0, 0] }); callees.get(a).push(k); callers.get(b).push(k); }
      arcs.get(k).count[s] += arc[2] || 0;
    }
  });
  unionGraph.cache = { arcs: arcs, callers: callers, callees: callees, name: name, ids: ids };
  return unionGraph.cache;
}
function viewDiffGraph(key, params) {
  const g = unionGraph(), rows = diffRows();
  if (!g.name.size) { main.appendChild(el('p', null, 'Neither run has a call graph.')); return; }
  // the function: the one asked for, else the first of the table in the graph
  if (key === undefined || !g.name.has(key)) key = (rows.find((e) => g.name.has(e.key)) || { key: g.name.keys().next().value }).key;
  const depth = pictureDepth(params);
  const e = diffRows.byKey.get(key);
  const h = add(el('h2'), 'Both runs\u2019 call graphs around ', breakable('span', 'fname', e ? e.name : g.name.get(key)));
  h.id = 'picture-title';
  main.appendChild(h);
  main.appendChild(add(el('p'), link('its entry in both runs', 'dfn/' + encodeURIComponent(key))));
  const status = pictureControls(depth, (d) => { location.hash = '#' + withFilters('dgraph/' + encodeURIComponent(key) + '?depth=' + d); });
  const weight = (k) => g.arcs.get(k).count[0] + g.arcs.get(k).count[1];
  const rank = new Map([[key, 0]]);
  let up = [key], down = [key], cut = false;
  for (let d = 1; d <= depth; d++) {
    for (const callers of [true, false]) {
      const next = [];
      for (const i of callers ? up : down) {
        for (const k of (callers ? g.callers : g.callees).get(i).slice().sort((x, y) => weight(y) - weight(x))) {
          const j = callers ? g.arcs.get(k).from : g.arcs.get(k).to;
          if (rank.has(j) || !g.ids.get(j).some((i, s) => i >= 0 && keeps(profiles[s], i))) continue;
          if (rank.size >= PICTURE_MAX) { cut = true; continue; }
          rank.set(j, callers ? -d : d);
          next.push(j);
        }
      }
      if (callers) up = next; else down = next;
    }
  }
  const nodes = new Map(), edges = [];
  for (const k of rank.keys()) {
    const row = diffRows.byKey.get(k);
    nodes.set(k, { label: g.name.get(k), title: row ? row.name : g.name.get(k),
      sub: row ? 'self ' + fixed(row.r[4], 3) + ' \u2192 ' + fixed(row.r[5], 3) + ' s (' + signed(row.r[6], 3) + ')' : 'no time in either run',
      cls: row && (row.status === 'slower' || row.status === 'appeared') ? 'slower' : row && (row.status === 'faster' || row.status === 'vanished') ? 'faster' : null });
    for (const a of g.callees.get(k)) {
      const arc = g.arcs.get(a);
      if (!rank.has(arc.to)) continue;
      const [o, n] = arc.count;
      edges.push([k, arc.to, o === n ? String(n) : o + '\u2192' + n, n > o ? 'slower' : n < o ? 'faster' : null]);
    }
  }
  main.appendChild(drawPicture(rank, nodes, edges, [], key, (k) => 'dfn/' + encodeURIComponent(k)));
  const changed = (c) => Array.from(nodes.values()).filter((n) => n.cls === c).length;
  status.textContent = plural(rank.size, 'function') + ', ' + plural(edges.filter((x) => x[0] !== x[1]).length, 'arc') + ': ' +
    changed('slower') + ' slower, ' + changed('faster') + ' faster' + (cut ? ' (the ' + PICTURE_MAX + ' nearest: deeper ones left out)' : '');
  main.appendChild(el('p', 'muted', 'Callers above, callees below. Red: slower in the new run (or appeared), blue: faster (or vanished), ' +
    'as the table counts them; an arc\u2019s count is its calls, old\u2192new where they differ. Click a function for its entry in both runs.'));
}
