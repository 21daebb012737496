// SPDX-License-Identifier: GPL-3.0-or-later
// source.js (gprof --html's script, after flame.js): the source view,
// and --diff's differential flame graph.

// ------------------------------------------------------------ source
function viewSource(id) {
  const prof = P;
  prof.ensureSource();
  if (id === undefined) {
    main.appendChild(el('p', null, 'The source of a function, with the samples on each line: pick one (the hottest with source first).'));
    const list = el('ul');
    list.id = 'source-list';
    let n = 0;
    for (const i of prof.flat) {
      if (prof.fn[i][2] < 0 || prof.sourceOf(prof.fn[i][2]) === null || !keeps(prof, i)) continue;
      list.appendChild(add(el('li'), link(prof.name(i), 'src/' + i), ' ' + figure(prof.fn[i][7] / prof.hz, 2) + ' s'));
      if (++n >= 200) break;
    }
    if (n === 0) main.appendChild(el('p', 'muted', 'No source file was found: build with -g, and give gprof -I DIR where the sources are.'));
    main.appendChild(list);
    return;
  }
  const r = prof.fn[id];
  if (!r) { main.appendChild(el('p', null, 'No such function.')); return; }
  const title = breakable('a', null, prof.name(id));
  title.href = '#fn/' + id;
  const h = add(el('h2'), title);
  h.id = 'source-title';
  main.appendChild(h);
  if (r[2] < 0) { main.appendChild(el('p', null, 'The debug information gives no source file for it.')); return; }
  const own = prof.fileKey[r[2]];
  const text = prof.sourceOf(r[2]);
  main.appendChild(el('p', 'muted', prof.files[r[2]] + ':' + r[3] + (text === null ? ' (source file not found: give gprof -I DIR)' : '')));
  // its code's lines, by file: its own file first; blocks of lines with
  // figures, a gap of more than GAP lines between two starts a new one
  const GAP = 20;
  const byFile = prof.fnLines.get(id) || new Map();
  if (!byFile.has(own)) byFile.set(own, { file: r[2], lines: new Map() });
  const keys = [...byFile.keys()].sort((a, b) => (b === own) - (a === own) || (prof.files[a] < prof.files[b] ? -1 : 1));
  const blocks = [];
  let top = 0;
  for (const k of keys) {
    const entry = byFile.get(k);
    const ls = [...entry.lines.keys()];
    if (k === own) ls.push(r[3]);
    ls.sort((a, b) => a - b);
    let block = null;
    for (const l of ls) {
      if (!block || l - block.last > GAP) {
        block = { file: entry.file, lines: entry.lines, first: l, last: l, own: k === own };
        blocks.push(block);
      }
      block.last = l;
    }
    for (const e of entry.lines.values()) top = Math.max(top, e[0]);
  }
  // the block that holds its definition is the table #source; the
  // others (code inlined here from further in its file, or from other
  // files) follow, each under its file and lines
  const defBlock = blocks.find((b) => b.own && b.first <= r[3] && r[3] <= b.last);
  function sourceTable(b, isDef) {
    const t = el('table', 'source');
    if (isDef) t.id = 'source';
    const hr = el('tr');
    for (const c of ['line', 'samples', P.p.dimension, 'calls', 'code']) hr.appendChild(el('th', c === 'code' || c === 'calls' ? 'name' : null, c));
    add(t, add(el('thead'), hr));
    const body = el('tbody');
    const stext = prof.sourceOf(b.file);
    const lines = stext === null ? [] : stext.split('\n');
    const first = Math.max(1, b.first - 1);
    const end = Math.min(Math.max(b.last + 1, first), lines.length || b.last, first + 1000);
    for (let l = first; l <= end; l++) {
      const tr = el('tr');
      const e = b.lines.get(l) || [0, []];
      const s = e[0];
      const code = l <= lines.length ? lines[l - 1] : '';
      if (s > 0) tr.classList.add('hot');
      if (isDef && l === r[3]) tr.classList.add('def');
      tr.dataset.line = String(l);
      const sc = td(s ? String(s) : '');
      if (s > 0) { const bar = el('span', 'bar'); bar.style.width = Math.max(1, 40 * s / top) + 'px'; sc.prepend(bar); }
      const calls = td('', 'calls');
      if (isDef && l === r[3] && r[8]) calls.textContent = 'called ' + r[8] + (r[8] === 1 ? ' time' : ' times');
      for (const [to, count] of e[1]) {
        if (!keeps(prof, to)) continue;
        if (calls.childNodes.length) calls.appendChild(document.createTextNode('; '));
        add(calls, link(prof.name(to), 'fn/' + to), ' \u00d7' + count);
      }
      add(tr, td(String(l), 'ln'), sc, td(s ? figure(s / prof.hz, 2) : ''), calls, td(code, 'code'));
      body.appendChild(tr);
    }
    t.appendChild(body);
    return t;
  }
  if (defBlock) main.appendChild(sourceTable(defBlock, true));
  for (const b of blocks) {
    if (b === defBlock) continue;
    const where = el('h3', 'inlined', (b.own ? 'Further in ' : 'Inlined from ') + prof.files[b.file] + ':' + b.first +
      (b.last > b.first ? '-' + b.last : ''));
    main.appendChild(where);
    main.appendChild(sourceTable(b, false));
  }
  main.appendChild(el('p', 'muted', 'Samples: the histogram bins whose first address is on the line, in this function\u2019s code: ' +
    'code inlined into it is shown on its own lines, in its own file. ' +
    'Calls: the calls this function makes from each line, counted at each call site.'));
}

// ------------------------------------------------------------ --diff
// (its table, entries and picture: diff.js)
function viewDiffFlame(params) {
  const [A, B] = profiles.map(filteredFlame);
  A.ensureFlame();
  B.ensureFlame();
  if (!B.nodes || !A.nodes) {
    main.appendChild(el('p', null, 'Both runs need call stacks for a differential flame graph.'));
    return;
  }
  // each frame's own samples on its path (not those of what it calls),
  // as shares of each run's samples: runs differ in length
  const own = (prof, n) => prof.kidsOf(n).reduce((s, k) => s - prof.nodeSamples[k], prof.nodeSamples[n]);
  const old = new Map();
  for (let n = 0; n < A.nodes; n++) old.set(A.pathKey(n), own(A, n));
  const change = new Float64Array(B.nodes);
  let largest = 0;
  for (let n = 0; n < B.nodes; n++) {
    change[n] = own(B, n) / B.flameTotal - (old.get(B.pathKey(n)) || 0) / A.flameTotal;
    largest = Math.max(largest, Math.abs(change[n]));
  }
  main.appendChild(el('p', 'muted', 'The new run\u2019s stacks; red: a frame has a larger share of the samples to itself than in the old run (slower), blue: smaller (faster).'));
  return flameView(B, (n) => {
    const v = largest > 0 ? change[n] / largest : 0;
    const k = Math.round(220 - 170 * Math.abs(v));
    return v > 0 ? 'rgb(255,' + k + ',' + k + ')' : v < 0 ? 'rgb(' + k + ',' + k + ',255)' : 'rgb(235,235,235)';
  }, (n, name) => name + ' (' + B.nodeSamples[n] + ' samples; share ' + (change[n] >= 0 ? '+' : '') + fixed(100 * change[n], 2) + ' points)',
  (info, f) => { if (f >= 0) info.appendChild(link('its entry in both runs', 'dfn/' + encodeURIComponent(B.key(f)))); },
  'dflame', params);
}

