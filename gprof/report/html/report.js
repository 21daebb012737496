// SPDX-License-Identifier: GPL-3.0-or-later
// report.js: the script of gprof --html's page (inlined by html.c).  It
// reads the profile from the JSON block #gprof-data and builds every view
// with textContent only: a name is data, never markup.  Figures are the
// model's ticks divided by the rate, in the text printers' order of
// operations, and rounded as printf rounds, so that they read as the text
// report's.  Views are chosen by the URL fragment (#flat, #fn/ID,
// #cycle/N, #graph, #flame, #src/ID, #threads, #thread/K; with --diff
// #diff, #dfn/NAME, #dflame), so the browser's back and forward walk
// through them.
'use strict';
(function () {
  const DATA = JSON.parse(document.getElementById('gprof-data').textContent);
  const ROW_LIMIT = 500;

  // ------------------------------------------------------------ helpers
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function add(parent, ...kids) {
    for (const k of kids) parent.appendChild(typeof k === 'string' ? document.createTextNode(k) : k);
    return parent;
  }
  function link(text, hash, cls) {
    const a = el('a', cls, text);
    a.href = '#' + hash;
    return a;
  }
  // printf's %.Nf: toFixed, except that an exact tie goes to the even digit
  function fixed(x, d) {
    if (!isFinite(x)) return String(x);
    const s = x.toFixed(d);
    // only a value halfway between two results can differ
    const scaled = Math.abs(x) * Math.pow(10, d);
    if (Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6 * Math.max(1, scaled)) return s;
    const exact = Math.abs(x).toFixed(100);
    const dot = exact.indexOf('.');
    if (/^50*$/.test(exact.slice(dot + 1 + d))) {
      const last = s.charCodeAt(s.length - 1) - 48;
      if (last % 2 === 1) {
        const cut = exact.slice(0, d === 0 ? dot : dot + 1 + d);
        return (x < 0 ? '-' : '') + cut;
      }
    }
    return s;
  }
  function td(text, cls) { return el('td', cls, text); }
  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }

  // ------------------------------------------------------------ the model
  // the JSON of a block of the page, parsed when first needed
  function block(id) {
    const e = document.getElementById(id);
    return e ? JSON.parse(e.textContent) : null;
  }

  function Profile(p, k) {
    this.p = p;
    this.k = k;
    this.hz = p.rate || 1;
    this.fn = p.fn;
    this.arcs = p.arcs;
    this.callers = p.fn.map(() => []);
    this.callees = p.fn.map(() => []);
    p.arcs.forEach((a, i) => {
      if (a[0] >= 0) this.callees[a[0]].push(i);
      if (a[1] >= 0) this.callers[a[1]].push(i);
    });
    this.cycles = new Map();
    for (const c of p.cycles) this.cycles.set(c[0], c);
    this.files = p.files;
    this.totalTicks = p.total_ticks > 0 ? p.total_ticks : 1;
    this.printTicks = p.print_ticks > 0 ? p.print_ticks : 1;
    this.flatOrder();
  }
  // the source view's data: the files' texts, and each function's lines
  // as gprof computed them (its code's lines, inlined code included: by
  // file key, line -> [samples, [[callee, calls]...]])
  Profile.prototype.ensureSource = function () {
    if (this.src) return;
    const data = block('gprof-source-' + this.k) || { rows: [], src: [] };
    this.src = new Map();
    for (const s of data.src) this.src.set(s[0], s[1]);
    this.fileKey = this.files.map((name, i) => i);
    this.unifyFiles();
    this.fnLines = new Map();
    for (const [f, rows] of data.rows) {
      const byFile = new Map();
      for (const [file, line, ticks, calls] of rows) {
        const k = this.fileKey[file];
        if (!byFile.has(k)) byFile.set(k, { file: file, lines: new Map() });
        const lines = byFile.get(k).lines;
        const e = lines.get(line) || [0, []];
        e[0] += ticks;
        for (let c = 0; c < calls.length; c += 2) e[1].push([calls[c], calls[c + 1]]);
        lines.set(line, e);
      }
      this.fnLines.set(f, byFile);
    }
  };
  Profile.prototype.name = function (i) {
    if (i < 0) return '[unknown]';
    const r = this.fn[i];
    return r[1] === null ? r[0] : r[1];
  };
  Profile.prototype.objectName = function (i) {
    const o = this.fn[i][4];
    if (o < 0) return '';
    const path = this.p.objects[o];
    return path.slice(path.lastIndexOf('/') + 1);
  };
  // The debug information may name one file in two ways (as compiled and
  // with its directory): one key for names where one ends the other.
  Profile.prototype.unifyFiles = function () {
    const byBase = new Map();
    this.files.forEach((name, i) => {
      const base = name.slice(name.lastIndexOf('/') + 1);
      if (!byBase.has(base)) byBase.set(base, []);
      byBase.get(base).push(i);
    });
    for (const ids of byBase.values()) {
      ids.sort((a, b) => (this.src.has(b) - this.src.has(a)) || this.files[b].length - this.files[a].length);
      for (const i of ids) {
        for (const j of ids) {
          if (this.fileKey[j] !== j) continue;
          const a = this.files[i], b = this.files[j];
          if (a === b || b.endsWith('/' + a) || a.endsWith('/' + b)) { this.fileKey[i] = j; break; }
        }
      }
    }
  };
  Profile.prototype.sourceOf = function (file) {
    const key = this.fileKey[file];
    for (const [f, text] of this.src) if (this.fileKey[f] === key) return text;
    return null;
  };
  Profile.prototype.seconds = function (ticks) { return ticks / this.hz; };
  // the text's order, cumulative times and per-call unit
  Profile.prototype.flatOrder = function () {
    const fn = this.fn;
    const rows = [];
    fn.forEach((r, i) => { if (r[13] & 1) rows.push(i); });
    rows.sort((a, b) => {
      const d = fn[b][7] - fn[a][7];
      if (d !== 0) return d > 0 ? 1 : -1;
      if (fn[a][8] !== fn[b][8]) return fn[b][8] > fn[a][8] ? 1 : -1;
      return fn[a][0] < fn[b][0] ? -1 : fn[a][0] > fn[b][0] ? 1 : 0;
    });
    this.flat = rows;
    this.cumulative = new Float64Array(fn.length);
    let acc = 0;
    for (const i of rows) { acc += fn[i][7]; this.cumulative[i] = acc / this.hz; }
    const prefixes = [['T', 1e-12], ['G', 1e-09], ['M', 1e-06], ['K', 1e-03], [' ', 1e-00], ['m', 1e+03],
      ['u', 1e+06], ['n', 1e+09], ['p', 1e+12], ['f', 1e+15], ['a', 1e+18]];
    // as flat.c: the unit suits the largest time per call (-T: ms)
    let top = 0, scale = this.p.traditional ? 5 : 0;
    for (const i of rows) {
      const r = fn[i];
      if (r[8] !== 0 && (r[7] + r[10]) / r[8] > top) top = (r[7] + r[10]) / r[8];
    }
    if (top > 0 && !this.p.traditional) {
      top /= this.hz;
      for (scale = 0; scale < prefixes.length; scale++) {
        const s = prefixes[scale][1] * top;
        if (s >= 1.0 && s < 1000.0) break;
      }
      if (scale >= prefixes.length) scale = prefixes.length - 1;
    }
    this.unit = (prefixes[scale][0] === ' ' ? '' : prefixes[scale][0]) + (this.p.dimension || 'seconds')[0] + '/call';
    this.unitScale = prefixes[scale][1];
  };
  // the flame graph's tree: each node's children in name order, in one
  // array (kidStart[n] .. kidStart[n + 1] in kids); -1 is the root
  Profile.prototype.ensureFlame = function () {
    if (this.nodeFn) return;
    this.buildFlame(block('gprof-flame-' + this.k) || []);
  };
  // f: [function, parent, samples] per node, parents first
  Profile.prototype.buildFlame = function (f) {
    const n = f.length / 3;
    this.nodes = n;
    this.nodeFn = new Int32Array(n);
    this.nodeParent = new Int32Array(n);
    this.nodeSamples = new Float64Array(n);
    const count = new Int32Array(n + 2);
    this.flameTotal = 0;
    for (let i = 0; i < n; i++) {
      this.nodeFn[i] = f[3 * i];
      this.nodeParent[i] = f[3 * i + 1];
      this.nodeSamples[i] = f[3 * i + 2];
      count[f[3 * i + 1] + 2]++;
      if (f[3 * i + 1] < 0) this.flameTotal += f[3 * i + 2];
    }
    // slot 0 is the root's (-1), slot p + 1 node p's
    const start = new Int32Array(n + 2);
    for (let i = 1; i < n + 2; i++) start[i] = start[i - 1] + count[i];
    const fill = start.slice();
    const kids = new Int32Array(n);
    for (let i = 0; i < n; i++) kids[fill[this.nodeParent[i] + 1]++] = i;
    // names ranked once: siblings sort by rank
    const ids = this.fn.map((r, i) => i).sort((a, b) => { const x = this.name(a), y = this.name(b); return x < y ? -1 : x > y ? 1 : 0; });
    const rank = new Int32Array(this.fn.length + 1);
    ids.forEach((id, r) => { rank[id + 1] = r + 1; });
    for (let p = 0; p < n + 1; p++) {
      if (start[p + 1] - start[p] > 1) {
        const part = kids.subarray(start[p], start[p + 1]);
        part.sort((a, b) => rank[this.nodeFn[a] + 1] - rank[this.nodeFn[b] + 1]);
      }
    }
    this.kids = kids;
    this.kidStart = start;
  };
  // thread t's stacks as a profile of their own: the same functions,
  // a flame graph of that thread's stacks alone
  Profile.prototype.threadView = function (t) {
    if (!this.threadTrees) {
      const q = block('gprof-threads-' + this.k) || [];
      this.threadTrees = this.p.threads.map(() => []);
      const place = new Int32Array(q.length / 4);
      for (let i = 0; i < q.length / 4; i++) {
        const f = this.threadTrees[q[4 * i]];
        if (!f) continue;
        place[i] = f.length / 3;
        f.push(q[4 * i + 1], q[4 * i + 2] < 0 ? -1 : place[q[4 * i + 2]], q[4 * i + 3]);
      }
      this.threadViews = [];
    }
    if (!this.threadViews[t]) {
      const v = Object.create(this);
      v.buildFlame(this.threadTrees[t] || []);
      this.threadViews[t] = v;
    }
    return this.threadViews[t];
  };
  Profile.prototype.kidsOf = function (node) {
    return this.kids.subarray(this.kidStart[node + 1], this.kidStart[node + 2]);
  };
  Profile.prototype.pathKey = function (node) {
    const parts = [];
    for (let i = node; i >= 0; i = this.nodeParent[i]) parts.push(this.name(this.nodeFn[i]));
    return parts.reverse().join('\u0000');
  };
  Profile.prototype.key = function (i) { return this.fn[i][0] + '\u0000' + this.objectName(i); };

  const profiles = DATA.profiles.map((p, k) => new Profile(p, k));
  const P = profiles[profiles.length - 1];
  const isDiff = DATA.kind === 'diff';

  // ------------------------------------------------------------ the frame
  const header = el('header');
  const nav = el('nav');
  const main = el('main');
  add(document.body, header, nav, main);
  document.title = 'gprof: ' + P.p.program;

  function fact(dl, name, value) {
    const d = el('div', 'fact');
    add(d, el('dt', null, name), el('dd', null, value));
    dl.appendChild(d);
  }
  function buildHeader() {
    add(header, el('h1', null, (isDiff ? 'gprof --diff: ' : 'gprof: ') + P.p.program));
    for (const prof of profiles) {
      const p = prof.p;
      const dl = el('dl');
      if (isDiff) fact(dl, prof === P ? 'new' : 'old', p.label);
      else fact(dl, 'runs', p.runs.length + (p.runs.length <= 3 ? ' (' + p.runs.join(', ') + ')' : ''));
      if (p.histogram) {
        fact(dl, 'samples', String(p.total_ticks));
        fact(dl, 'sampled time', fixed(p.total_ticks / prof.hz, 2) + ' ' + p.dimension + ' at ' + p.rate + ' Hz');
      }
      if (p.process) {
        const cpu = p.process[0] + p.process[1];
        const covered = p.total_ticks / prof.hz;
        fact(dl, 'CPU time', fixed(cpu, 2) + ' s (' + fixed(p.process[0], 2) + ' user, ' + fixed(p.process[1], 2) + ' system)');
        fact(dl, 'coverage', fixed(cpu > 0 ? 100.0 * covered / cpu : 0, 1) + '% of the CPU time in samples');
        fact(dl, 'samples lost', String(p.process[3]));
        fact(dl, 'CPU time not in samples', fixed(Math.max(0, cpu - covered), 2) + ' s');
      }
      if (p.overhead) fact(dl, 'profiler overhead', p.overhead);
      fact(dl, 'call stacks', p.stacks ? 'recorded (' + plural(p.stacks[0], 'stack') + ', ' + p.stacks[2] + ' lost)' : 'not recorded');
      // what the runtime could not follow, as the text and --json say it
      if (p.stacks && (p.stacks[3] || p.stacks[4]))
        fact(dl, 'stacks cut', p.stacks[3] + ' at the depth limit (' + p.stacks[5] + ' frames), ' +
          p.stacks[4] + ' cut short by a frame that could not be followed');
      if (p.call_graph) fact(dl, 'call-graph times', p.measured ? 'measured from the stacks' : 'estimated from call counts');
      if (p.objects.length > 1) fact(dl, 'objects', String(p.objects.length));
      if (p.build_id) fact(dl, 'build-id', p.build_id);
      header.appendChild(dl);
    }
  }

  const tabs = isDiff
    ? [['diff', 'Differences'], ['dgraph', 'Call graph'], ['dflame', 'Flame graph']]
    : [['flat', 'Flat profile'], ['graph', 'Call graph'], ['flame', 'Flame graph'], ['src', 'Source']]
      .concat(P.p.threads && P.p.threads.length ? [['threads', 'Threads']] : []);
  const tabLinks = new Map();
  for (const [id, label] of tabs) {
    const a = link(label, id);
    a.id = 'tab-' + id;
    tabLinks.set(id, a);
    nav.appendChild(a);
  }

  // ------------------------------------------------------------ sortable tables
  // columns: [label, value(i) for sorting, cell(i) -> td, cls]
  function sortableTable(id, columns, rows, state, onSort) {
    const table = el('table');
    table.id = id;
    const head = el('tr');
    columns.forEach((c, k) => {
      const th = el('th', c[3] || null, c[0]);
      th.dataset.key = c[4] || String(k);
      if (state.col === k) th.classList.add('sorted', state.dir > 0 ? 'up' : 'down');
      th.addEventListener('click', () => {
        if (state.col === k) state.dir = -state.dir;
        else { state.col = k; state.dir = c[3] === 'name' ? 1 : -1; }
        onSort();
      });
      head.appendChild(th);
    });
    add(table, add(el('thead'), head));
    const body = el('tbody');
    let shown = rows;
    if (state.col >= 0) {
      const value = columns[state.col][1];
      shown = rows.slice().sort((a, b) => {
        const x = value(a), y = value(b);
        return (x < y ? -1 : x > y ? 1 : 0) * state.dir;
      });
    }
    const limit = state.all ? shown.length : Math.min(shown.length, ROW_LIMIT);
    const frag = document.createDocumentFragment();
    for (let r = 0; r < limit; r++) {
      const tr = el('tr');
      for (const c of columns) tr.appendChild(c[2](shown[r]));
      frag.appendChild(tr);
    }
    body.appendChild(frag);
    table.appendChild(body);
    const box = el('div');
    box.appendChild(table);
    if (limit < shown.length) {
      const more = el('button', null, 'show all ' + shown.length + ' rows');
      more.id = id + '-more';
      more.addEventListener('click', () => { state.all = true; onSort(); });
      box.appendChild(more);
    }
    return box;
  }
  function nameCell(prof, i, hashPrefix) {
    const c = td(null, 'name');
    if (i < 0) { c.textContent = '[unknown]'; return c; }
    c.appendChild(link(prof.name(i), (hashPrefix || 'fn/') + i, 'fn'));
    const r = prof.fn[i];
    if (r[6]) add(c, ' ', link('<cycle ' + r[6] + '>', 'cycle/' + r[6], 'cycle'));
    return c;
  }
  function controls(searchId, placeholder, value, onInput) {
    const box = el('div', 'controls');
    const input = el('input');
    input.type = 'search';
    input.id = searchId;
    input.placeholder = placeholder;
    input.value = value;
    input.addEventListener('input', () => onInput(input.value));
    box.appendChild(input);
    return box;
  }
  function matcher(text) {
    const t = text.trim().toLowerCase();
    return t === '' ? null : (s) => s.toLowerCase().indexOf(t) >= 0;
  }

  // ------------------------------------------------------------ flat profile
  const flatState = { col: -1, dir: -1, filter: '', object: -1, all: false };
  function viewFlat() {
    const prof = P, fn = P.fn, hz = P.hz;
    if (!P.p.histogram) { main.appendChild(el('p', null, 'This profile has no histogram: no flat profile.')); return; }
    const ctl = controls('flat-filter', 'filter by name', flatState.filter, (v) => {
      flatState.filter = v; flatState.all = false; redraw();
    });
    if (P.p.objects.length > 1) {
      const sel = el('select');
      sel.id = 'flat-object';
      sel.appendChild(el('option', null, 'all objects')).value = '-1';
      P.p.objects.forEach((o, k) => { sel.appendChild(el('option', null, o.slice(o.lastIndexOf('/') + 1))).value = String(k); });
      sel.value = String(flatState.object);
      sel.addEventListener('change', () => { flatState.object = Number(sel.value); redraw(); });
      ctl.appendChild(sel);
    }
    const status = el('span', 'status');
    status.id = 'flat-count';
    ctl.appendChild(status);
    main.appendChild(ctl);
    const holder = el('div');
    main.appendChild(holder);
    const scale = P.unitScale;
    const columns = [
      ['% time', (i) => fn[i][7], (i) => td(fixed(100 * fn[i][7] / P.totalTicks, 2)), null, 'percent'],
      ['cumulative ' + P.p.dimension, (i) => P.cumulative[i], (i) => td(fixed(P.cumulative[i], 2)), null, 'cumulative'],
      ['self ' + P.p.dimension, (i) => fn[i][7], (i) => td(fixed(fn[i][7] / hz, 2)), null, 'self'],
      ['calls', (i) => fn[i][8], (i) => td(fn[i][8] ? String(fn[i][8]) : ''), null, 'calls'],
      ['self ' + P.unit, (i) => (fn[i][8] ? fn[i][7] / fn[i][8] : -1),
        (i) => td(fn[i][8] ? fixed(scale * fn[i][7] / hz / fn[i][8], 2) : ''), null, 'selfcall'],
      ['total ' + P.unit, (i) => (fn[i][8] ? (fn[i][7] + fn[i][10]) / fn[i][8] : -1),
        (i) => td(fn[i][8] ? fixed(scale * (fn[i][7] + fn[i][10]) / hz / fn[i][8], 2) : ''), null, 'totalcall'],
      ['name', (i) => prof.name(i), (i) => nameCell(prof, i), 'name', 'name'],
    ];
    function redraw() {
      const match = matcher(flatState.filter);
      const rows = P.flat.filter((i) => (!match || match(prof.name(i)) || match(fn[i][0])) &&
        (flatState.object < 0 || fn[i][4] === flatState.object));
      status.textContent = rows.length + ' of ' + P.flat.length + ' functions';
      holder.replaceChildren(sortableTable('flat', columns, rows, flatState, redraw));
    }
    redraw();
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
      add(tr, td(fixed(arc[3] / prof.hz, 2)), td(fixed(arc[4] / prof.hz, 2)), td(arc[2] === null ? '' : arc[2] + '/' + total));
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
    const h = add(el('h2'), el('span', 'fname', prof.name(id)));
    h.id = 'entry-title';
    if (r[5]) add(h, ' [' + r[5] + ']');
    main.appendChild(h);
    const tools = el('p');
    if (r[6]) add(tools, 'member of ', link('<cycle ' + r[6] + '>', 'cycle/' + r[6], 'cycle'), ' · ');
    if (r[2] >= 0) add(tools, link('source', 'src/' + id), ' (' + prof.files[r[2]] + ':' + r[3] + ') · ');
    if (prof.p.stacks) add(tools, link('in the flame graph', 'flame/' + id));
    main.appendChild(tools);
    const t = graphTable('entry');
    const body = el('tbody');
    const callers = prof.callers[id].slice().sort(byArcTime(prof));
    if (callers.length === 0) {
      const tr = el('tr');
      add(tr, td(''), td(''), td(''), td(''), td(''), td('<spontaneous>', 'name muted'));
      body.appendChild(tr);
    }
    for (const a of callers) body.appendChild(arcRow(prof, a, prof.arcs[a][0], id)).classList.add('caller');
    const me = el('tr', 'entry');
    add(me, td(r[5] ? '[' + r[5] + ']' : ''), td(fixed(100 * (r[11] + r[12]) / prof.printTicks, 1)),
      td(fixed(r[11] / prof.hz, 2)), td(fixed(r[12] / prof.hz, 2)),
      td(r[8] + r[9] ? r[8] + (r[9] ? '+' + r[9] : '') : ''));
    me.appendChild(nameCell(prof, id));
    body.appendChild(me);
    for (const a of prof.callees[id].slice().sort(byArcTime(prof))) body.appendChild(arcRow(prof, a, prof.arcs[a][1], id)).classList.add('callee');
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
      add(tr, td('[' + r[5] + ']'), td(fixed(100 * (r[11] + r[12]) / prof.printTicks, 1)), td(fixed(r[11] / prof.hz, 2)),
        td(fixed(r[12] / prof.hz, 2)), td(r[8] + (r[9] ? '+' + r[9] : '')));
      tr.appendChild(nameCell(prof, m));
      body.appendChild(tr);
    }
    t.appendChild(body);
    main.appendChild(t);
  }
  const graphState = { col: 0, dir: 1, filter: '', all: false };
  function viewGraph() {
    const prof = P, fn = P.fn;
    if (!P.p.call_graph) { main.appendChild(el('p', null, 'This profile has no call graph.')); return; }
    main.appendChild(el('p', 'muted', 'Every entry of the call graph; click a name for its callers and callees.'));
    const holder = el('div');
    const ctl = controls('graph-filter', 'filter by name', graphState.filter, (v) => { graphState.filter = v; redraw(); });
    main.appendChild(ctl);
    main.appendChild(holder);
    const rows = [];
    fn.forEach((r, i) => { if (r[13] & 2) rows.push(i); });
    const columns = [
      ['index', (i) => fn[i][5], (i) => td('[' + fn[i][5] + ']')],
      ['% time', (i) => fn[i][11] + fn[i][12], (i) => td(fixed(100 * (fn[i][11] + fn[i][12]) / prof.printTicks, 1))],
      ['self', (i) => fn[i][11], (i) => td(fixed(fn[i][11] / prof.hz, 2))],
      ['children', (i) => fn[i][12], (i) => td(fixed(fn[i][12] / prof.hz, 2))],
      ['called', (i) => fn[i][8], (i) => td(fn[i][8] + fn[i][9] ? fn[i][8] + (fn[i][9] ? '+' + fn[i][9] : '') : '')],
      ['name', (i) => prof.name(i), (i) => nameCell(prof, i), 'name'],
    ];
    function redraw() {
      const match = matcher(graphState.filter);
      holder.replaceChildren(sortableTable('graph', columns, match ? rows.filter((i) => match(prof.name(i))) : rows, graphState, redraw));
    }
    redraw();
  }

  // ------------------------------------------------------------ flame graph
  const flameState = { icicle: false, zoom: -1, search: '', tree: null };
  function hue(name) {
    let h = 2166136261;
    for (let k = 0; k < name.length; k++) h = Math.imul(h ^ name.charCodeAt(k), 16777619) >>> 0;
    return 'rgb(' + (205 + h % 50) + ',' + ((h >>> 8) % 200) + ',' + ((h >>> 16) % 55) + ')';
  }
  // colour: (node) -> css colour; the differential graph passes its own
  function drawFlame(prof, box, status, colour, describe) {
    const width = Math.max(400, box.clientWidth || 1200);
    const H = 18;
    const zoom = flameState.zoom >= 0 && flameState.zoom < prof.nodes ? flameState.zoom : -1;
    const match = matcher(flameState.search);
    const frames = [];
    let maxDepth = 0, matched = 0;
    const total = zoom >= 0 ? prof.nodeSamples[zoom] : prof.flameTotal;
    if (total <= 0) { status.textContent = 'no samples in the stacks'; return; }
    const scale = width / total;
    const ancestors = [];
    for (let i = zoom; i >= 0; i = prof.nodeParent[i]) ancestors.unshift(i);
    ancestors.forEach((n, d) => frames.push([n, 0, width, d]));
    const matchedNodes = new Set();
    // matched samples: the outermost matching frames of each path
    function count(n, inside) {
      const hit = match && match(prof.name(prof.nodeFn[n]));
      if (hit) matchedNodes.add(n);
      if (hit && !inside) matched += prof.nodeSamples[n];
      for (const k of prof.kidsOf(n)) count(k, inside || hit);
    }
    if (match) for (const r of prof.kidsOf(-1)) count(r, false);
    const stack = [];
    const start = prof.kidsOf(zoom);
    let x = 0;
    for (const k of start) { stack.push([k, x, ancestors.length]); x += prof.nodeSamples[k] * scale; }
    while (stack.length) {
      const [n, x0, d] = stack.pop();
      const w = prof.nodeSamples[n] * scale;
      if (w < 0.5) continue;
      frames.push([n, x0, w, d]);
      if (d > maxDepth) maxDepth = d;
      let cx = x0;
      for (const k of prof.kidsOf(n)) { stack.push([k, cx, d + 1]); cx += prof.nodeSamples[k] * scale; }
    }
    for (const f of frames) if (f[3] > maxDepth) maxDepth = f[3];
    box.style.height = ((maxDepth + 1) * H + 4) + 'px';
    const frag = document.createDocumentFragment();
    for (const [n, x0, w, d] of frames) {
      const name = prof.name(prof.nodeFn[n]);
      const div = el('div', 'frame');
      div.style.left = x0 + 'px';
      div.style.width = Math.max(w - 1, 1) + 'px';
      div.style.top = (flameState.icicle ? d * H : (maxDepth - d) * H) + 'px';
      div.style.background = colour(n, name);
      if (w > 24) div.textContent = name;
      div.title = describe(n, name);
      div.dataset.node = String(n);
      if (matchedNodes.has(n)) div.classList.add('match');
      if (zoom >= 0 && ancestors.indexOf(n) >= 0 && n !== zoom) div.classList.add('faded');
      frag.appendChild(div);
    }
    box.replaceChildren(frag);
    status.textContent = match
      ? matchedNodes.size + ' frames match, ' + fixed(100 * matched / prof.flameTotal, 2) + '% of the samples'
      : plural(frames.length, 'frame') + ' shown' + (zoom >= 0 ? ' (zoomed: click the background or Reset)' : '');
  }
  function flameView(prof, colour, describe, picked) {
    prof.ensureFlame();
    // a zoom is a node of one tree: another tree starts unzoomed
    if (flameState.tree !== prof) { flameState.tree = prof; flameState.zoom = -1; }
    if (!prof.nodes) {
      main.appendChild(el('p', null, 'No call stacks were recorded: run with GMON_STACK_DEPTH set (or gprof-run) for a flame graph.'));
      return;
    }
    const ctl = controls('flame-search', 'search names', flameState.search, (v) => { flameState.search = v; draw(); });
    const bFlame = el('button', flameState.icicle ? null : 'on', 'Flame');
    const bIcicle = el('button', flameState.icicle ? 'on' : null, 'Icicle');
    const bReset = el('button', null, 'Reset zoom');
    bFlame.id = 'flame-mode-flame';
    bIcicle.id = 'flame-mode-icicle';
    bReset.id = 'flame-reset';
    const status = el('span', 'status');
    status.id = 'flame-status';
    add(ctl, bFlame, bIcicle, bReset, status);
    main.appendChild(ctl);
    const box = el('div');
    box.id = 'flame-box';
    main.appendChild(box);
    const info = el('p', 'muted', 'Click a frame to zoom into it.');
    info.id = 'flame-info';
    main.appendChild(info);
    function draw() { drawFlame(prof, box, status, colour, describe); }
    bFlame.addEventListener('click', () => { flameState.icicle = false; bFlame.className = 'on'; bIcicle.className = ''; draw(); });
    bIcicle.addEventListener('click', () => { flameState.icicle = true; bIcicle.className = 'on'; bFlame.className = ''; draw(); });
    bReset.addEventListener('click', () => { flameState.zoom = -1; draw(); });
    box.addEventListener('click', (ev) => {
      const t = ev.target.closest('.frame');
      if (!t) { flameState.zoom = -1; draw(); return; }
      const n = Number(t.dataset.node);
      flameState.zoom = n === flameState.zoom ? prof.nodeParent[n] : n;
      info.replaceChildren();
      const f = prof.nodeFn[n];
      add(info, describe(n, prof.name(f)) + ' · ');
      if (picked) picked(info, f);
      draw();
    });
    draw();
  }
  function viewFlame(focus) {
    const prof = P;
    if (focus !== undefined && prof.fn[focus]) flameState.search = prof.name(focus);
    flameView(prof, (n, name) => hue(name), (n, name) => name + ' (' + prof.nodeSamples[n] + ' samples, ' +
      fixed(100 * prof.nodeSamples[n] / prof.flameTotal, 2) + '%)', (info, f) => { if (f >= 0) info.appendChild(link('its call-graph entry', 'fn/' + f)); });
  }

  // ------------------------------------------------------------ threads
  // as gprof --threads lists them: most samples first
  function threadName(t) {
    return t[0] === null ? 'the samples of no known thread'
      : 'thread ' + t[1] + ' "' + t[0] + '"' + (t[2] ? ' (main thread)' : '');
  }
  function threadsTotal() { return P.p.threads.reduce((s, t) => s + t[3], 0); }
  const threadsState = { col: -1, dir: -1, all: false };
  function viewThreads() {
    const threads = P.p.threads, all = threadsTotal();
    main.appendChild(el('p', 'muted', 'Each thread\u2019s samples are those of its own call stacks; pick a thread for its functions and its flame graph.'));
    const holder = el('div');
    main.appendChild(holder);
    const rows = threads.map((t, k) => k);
    const columns = [
      ['thread', (k) => (threads[k][0] === null ? '\uffff' : threads[k][0]), (k) => {
        const c = td(null, 'name');
        c.appendChild(link(threadName(threads[k]), 'thread/' + k, 'thread'));
        return c;
      }, 'name', 'thread'],
      ['id', (k) => threads[k][1] === null ? -1 : threads[k][1], (k) => td(threads[k][1] === null ? '' : String(threads[k][1])), null, 'id'],
      ['samples', (k) => threads[k][3], (k) => td(String(threads[k][3])), null, 'samples'],
      [P.p.dimension, (k) => threads[k][3], (k) => td(fixed(threads[k][3] / P.hz, 2)), null, 'seconds'],
      ['% of all', (k) => threads[k][3], (k) => td(fixed(all > 0 ? 100 * threads[k][3] / all : 0, 1)), null, 'percent'],
      ['hottest function', (k) => (threads[k][4].length ? P.name(threads[k][4][0][0]) : ''),
        (k) => threads[k][4].length ? nameCell(P, threads[k][4][0][0]) : td(''), 'name', 'hottest'],
    ];
    function redraw() { holder.replaceChildren(sortableTable('threads', columns, rows, threadsState, redraw)); }
    redraw();
    const idle = P.p.threads_without_samples || 0;
    if (idle) main.appendChild(el('p', 'muted', plural(idle, 'thread') + ' without samples ' + (idle === 1 ? 'is' : 'are') + ' not shown.'));
  }
  function viewThread(k) {
    const t = P.p.threads[k];
    if (!t) { main.appendChild(el('p', null, 'No such thread.')); return; }
    const all = threadsTotal();
    add(main, el('h2', null, threadName(t)));
    const facts = el('p', null, plural(t[3], 'sample') + ', ' + fixed(t[3] / P.hz, 2) + ' ' + P.p.dimension + ' (' +
      fixed(all > 0 ? 100 * t[3] / all : 0, 1) + "% of all the threads' samples).");
    facts.id = 'thread-facts';
    main.appendChild(facts);
    if (!t[4].length) { main.appendChild(el('p', null, 'no time accumulated')); return; }
    const table = el('table');
    table.id = 'thread-functions';
    add(table, add(el('thead'), add(el('tr'), el('th', null, '% time'), el('th', null, 'self ' + P.p.dimension), el('th', null, 'samples'), el('th', 'name', 'name'))));
    const body = el('tbody');
    for (const [f, n] of t[4].slice(0, ROW_LIMIT)) {
      add(body, add(el('tr'), td(fixed(t[3] > 0 ? 100 * n / t[3] : 0, 2)), td(fixed(n / P.hz, 2)), td(String(n)), nameCell(P, f)));
    }
    table.appendChild(body);
    main.appendChild(table);
    if (t[4].length > ROW_LIMIT) main.appendChild(el('p', 'muted', 'The first ' + ROW_LIMIT + ' of ' + t[4].length + ' functions.'));
    const v = P.threadView(k);
    main.appendChild(el('h3', null, 'Its call stacks'));
    flameView(v, (n, name) => hue(name), (n, name) => name + ' (' + v.nodeSamples[n] + ' samples, ' +
      fixed(100 * v.nodeSamples[n] / v.flameTotal, 2) + '% of the thread\u2019s)', (info, f) => { if (f >= 0) info.appendChild(link('its call-graph entry', 'fn/' + f)); });
  }

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
        if (prof.fn[i][2] < 0 || prof.sourceOf(prof.fn[i][2]) === null) continue;
        list.appendChild(add(el('li'), link(prof.name(i), 'src/' + i), ' ' + fixed(prof.fn[i][7] / prof.hz, 2) + ' s'));
        if (++n >= 200) break;
      }
      if (n === 0) main.appendChild(el('p', 'muted', 'No source file was found: build with -g, and give gprof -I DIR where the sources are.'));
      main.appendChild(list);
      return;
    }
    const r = prof.fn[id];
    if (!r) { main.appendChild(el('p', null, 'No such function.')); return; }
    const h = add(el('h2'), link(prof.name(id), 'fn/' + id));
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
          if (calls.childNodes.length) calls.appendChild(document.createTextNode('; '));
          add(calls, link(prof.name(to), 'fn/' + to), ' \u00d7' + count);
        }
        add(tr, td(String(l), 'ln'), sc, td(s ? fixed(s / prof.hz, 2) : ''), calls, td(code, 'code'));
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
  function diffEntries() {
    if (diffEntries.cache) return diffEntries.cache;
    const [A, B] = profiles;
    const map = new Map();
    for (const [side, prof] of [[0, A], [1, B]]) {
      prof.fn.forEach((r, i) => {
        if (!(r[13] & 3)) return;
        const k = prof.key(i);
        if (!map.has(k)) map.set(k, { key: k, name: prof.name(i), ids: [-1, -1] });
        map.get(k).ids[side] = i;
      });
    }
    diffEntries.cache = Array.from(map.values());
    return diffEntries.cache;
  }
  function sideSelf(e, s) { return e.ids[s] >= 0 ? profiles[s].fn[e.ids[s]][7] / profiles[s].hz : 0; }
  function sideTotal(e, s) { const r = e.ids[s] >= 0 ? profiles[s].fn[e.ids[s]] : null; return r ? (r[11] + r[12]) / profiles[s].hz : 0; }
  function sideCalls(e, s) { return e.ids[s] >= 0 ? profiles[s].fn[e.ids[s]][8] : 0; }
  function changeCell(d) {
    const c = td((d > 0 ? '+' : '') + fixed(d, 2), d > 0 ? 'slower' : d < 0 ? 'faster' : null);
    return c;
  }
  const diffState = { col: 3, dir: -1, filter: '', all: false };
  function viewDiff() {
    const entries = diffEntries();
    const ctl = controls('diff-filter', 'filter by name', diffState.filter, (v) => { diffState.filter = v; redraw(); });
    main.appendChild(ctl);
    const holder = el('div');
    main.appendChild(holder);
    const entryLink = (e) => { const c = td(null, 'name'); c.appendChild(link(e.name, 'dfn/' + encodeURIComponent(e.key))); if (e.ids[0] < 0) add(c, ' ', el('span', 'muted', '(new only)')); if (e.ids[1] < 0) add(c, ' ', el('span', 'muted', '(old only)')); return c; };
    const columns = [
      ['old self', (e) => sideSelf(e, 0), (e) => td(fixed(sideSelf(e, 0), 2))],
      ['new self', (e) => sideSelf(e, 1), (e) => td(fixed(sideSelf(e, 1), 2))],
      ['change', (e) => sideSelf(e, 1) - sideSelf(e, 0), (e) => changeCell(sideSelf(e, 1) - sideSelf(e, 0))],
      ['|change|', (e) => Math.abs(sideSelf(e, 1) - sideSelf(e, 0)), (e) => td(fixed(Math.abs(sideSelf(e, 1) - sideSelf(e, 0)), 2))],
      ['old total', (e) => sideTotal(e, 0), (e) => td(fixed(sideTotal(e, 0), 2))],
      ['new total', (e) => sideTotal(e, 1), (e) => td(fixed(sideTotal(e, 1), 2))],
      ['old calls', (e) => sideCalls(e, 0), (e) => td(String(sideCalls(e, 0)))],
      ['new calls', (e) => sideCalls(e, 1), (e) => td(String(sideCalls(e, 1)))],
      ['name', (e) => e.name, entryLink, 'name'],
    ];
    function redraw() {
      const match = matcher(diffState.filter);
      holder.replaceChildren(sortableTable('diff', columns, match ? entries.filter((e) => match(e.name)) : entries, diffState, redraw));
    }
    redraw();
  }
  function viewDiffEntry(key) {
    const e = diffEntries().find((x) => x.key === key);
    if (!e) { main.appendChild(el('p', null, 'No such function.')); return; }
    const h = el('h2', null, e.name);
    h.id = 'entry-title';
    main.appendChild(h);
    main.appendChild(el('p', null, 'self ' + fixed(sideSelf(e, 0), 2) + ' \u2192 ' + fixed(sideSelf(e, 1), 2) +
      ' s; total ' + fixed(sideTotal(e, 0), 2) + ' \u2192 ' + fixed(sideTotal(e, 1), 2) + ' s; calls ' +
      sideCalls(e, 0) + ' \u2192 ' + sideCalls(e, 1)));
    for (const [title, list, end] of [['Callers', 'callers', 0], ['Callees', 'callees', 1]]) {
      main.appendChild(el('h2', null, title));
      const rows = new Map();
      profiles.forEach((prof, s) => {
        if (e.ids[s] < 0) return;
        for (const a of prof[list][e.ids[s]]) {
          const arc = prof.arcs[a], other = arc[end];
          const k = prof.key(other);
          if (!rows.has(k)) rows.set(k, { key: k, name: prof.name(other), count: [0, 0], time: [0, 0] });
          const row = rows.get(k);
          row.count[s] += arc[2];
          row.time[s] += (arc[3] + arc[4]) / prof.hz;
        }
      });
      const t = el('table');
      t.id = 'dentry-' + list;
      const hr = el('tr');
      for (const c of ['old calls', 'new calls', 'old time', 'new time', 'change', 'name']) hr.appendChild(el('th', c === 'name' ? 'name' : null, c));
      add(t, add(el('thead'), hr));
      const body = el('tbody');
      for (const row of Array.from(rows.values()).sort((x, y) => Math.abs(y.time[1] - y.time[0]) - Math.abs(x.time[1] - x.time[0]))) {
        const tr = el('tr');
        const c = td(null, 'name');
        c.appendChild(link(row.name, 'dfn/' + encodeURIComponent(row.key)));
        add(tr, td(String(row.count[0])), td(String(row.count[1])), td(fixed(row.time[0], 2)), td(fixed(row.time[1], 2)),
          changeCell(row.time[1] - row.time[0]), c);
        body.appendChild(tr);
      }
      t.appendChild(body);
      main.appendChild(t);
    }
  }
  function viewDiffGraph() {
    main.appendChild(el('p', 'muted', 'Pick a function in Differences for its callers and callees in both runs.'));
    viewDiff();
  }
  function viewDiffFlame() {
    const [A, B] = profiles;
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
    flameView(B, (n) => {
      const v = largest > 0 ? change[n] / largest : 0;
      const k = Math.round(220 - 170 * Math.abs(v));
      return v > 0 ? 'rgb(255,' + k + ',' + k + ')' : v < 0 ? 'rgb(' + k + ',' + k + ',255)' : 'rgb(235,235,235)';
    }, (n, name) => name + ' (' + B.nodeSamples[n] + ' samples; share ' + (change[n] >= 0 ? '+' : '') + fixed(100 * change[n], 2) + ' points)',
    (info, f) => { if (f >= 0) info.appendChild(link('its entry in both runs', 'dfn/' + encodeURIComponent(B.key(f)))); });
  }

  // ------------------------------------------------------------ routing
  function route() {
    const hash = decodeURIComponent(location.hash.slice(1));
    const slash = hash.indexOf('/');
    const view = slash < 0 ? hash : hash.slice(0, slash);
    const arg = slash < 0 ? undefined : hash.slice(slash + 1);
    main.replaceChildren();
    let tab;
    if (isDiff) {
      if (view === 'dfn') { tab = 'dgraph'; viewDiffEntry(arg); } else if (view === 'dgraph') { tab = 'dgraph'; viewDiffGraph(); } else if (view === 'dflame') { tab = 'dflame'; viewDiffFlame(); } else { tab = 'diff'; viewDiff(); }
    } else if (view === 'fn') { tab = 'graph'; viewEntry(Number(arg)); } else if (view === 'cycle') { tab = 'graph'; viewCycle(Number(arg)); } else if (view === 'graph') { tab = 'graph'; viewGraph(); } else if (view === 'flame') { tab = 'flame'; if (arg !== undefined) flameState.zoom = -1; viewFlame(arg === undefined ? undefined : Number(arg)); } else if (view === 'src') { tab = 'src'; viewSource(arg === undefined ? undefined : Number(arg)); } else if (view === 'threads') { tab = 'threads'; viewThreads(); } else if (view === 'thread') { tab = 'threads'; viewThread(Number(arg)); } else { tab = 'flat'; viewFlat(); }
    for (const [id, a] of tabLinks) a.classList.toggle('on', id === tab);
    document.body.dataset.view = view || tab;
  }
  buildHeader();
  window.addEventListener('hashchange', route);
  route();
  document.body.dataset.ready = '1';
  window.gprofReadyAt = performance.now();
})();
