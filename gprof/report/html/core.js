// SPDX-License-Identifier: GPL-3.0-or-later
// core.js: the first part of gprof --html's script (html.c inlines
// core.js, table.js, flame.js, source.js and main.js, in this order, as
// one script: they share its top-level names).  It reads the profile from
// the JSON block #gprof-data; every view is built with textContent only:
// a name is data, never markup.  Figures are the model's ticks divided by
// the rate, in the text printers' order of operations, and rounded as
// printf rounds, so that they read as the text report's; a figure that
// would read 0.00 but is not zero is given two significant digits
// (figure()).  Views are chosen by the URL fragment (#flat, #fn/ID,
// #cycle/N, #graph, #flame, #src/ID, #threads, #thread/K; with --diff
// #diff, #dfn/NAME, #dflame; a flame graph's zoom and search follow a
// '?': #flame?zoom=NODE&q=TEXT), so the browser's back and forward walk
// through them.
'use strict';
const DATA = JSON.parse(document.getElementById('gprof-data').textContent);

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
// the filters of the fragment (filter.js) and the short names: every
// link of the page keeps them
const FILTERS = [['focus', 'focus'], ['ignore', 'ignore'], ['hide', 'hide'], ['show_from', 'show from']];
const filters = { text: {}, re: {}, error: '', query: '', short: false };
function withFilters(hash) {
  return filters.query ? hash + (hash.indexOf('?') < 0 ? '?' : '&') + filters.query : hash;
}
function link(text, hash, cls) {
  const a = el('a', cls, text);
  a.href = '#' + withFilters(hash);
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
// fixed(x, d), except that a value it would print as zero while it is
// not (a small function's share or time) gets two significant digits
function figure(x, d) {
  const s = fixed(x, d);
  if (x === 0 || !isFinite(x) || /[1-9]/.test(s)) return s;
  return x.toPrecision(2);
}
// a name in a heading: a long C++ name may break after '::', ',', '('
// or '<' (a <wbr>, no character added) and at its spaces, never inside
// a word
function breakable(tag, cls, name) {
  const e = el(tag, cls);
  let from = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    let end = -1;
    if (c === ',' || c === '(' || c === '<') end = i + 1;
    else if (c === ':' && name[i + 1] === ':') end = i + 2;
    if (end < 0 || end >= name.length) continue;
    e.appendChild(document.createTextNode(name.slice(from, end)));
    e.appendChild(el('wbr'));
    from = end;
    i = end - 1;
  }
  e.appendChild(document.createTextNode(name.slice(from)));
  return e;
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
// a function's name as the text prints it; with short names on, without
// its template arguments and parameters (filter.js)
Profile.prototype.fullName = function (i) {
  if (i < 0) return '[unknown]';
  const r = this.fn[i];
  return r[1] === null ? r[0] : r[1];
};
Profile.prototype.name = function (i) {
  if (!filters.short || i < 0) return this.fullName(i);
  const c = nameCache(this.k);
  if (!c.short) c.short = new Array(this.fn.length);
  return c.short[i] || (c.short[i] = shortName(this.fullName(i)));
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
// made once per profile (a thread's view shares its profile's)
const nameCaches = [];
function nameCache(k) { return nameCaches[k] || (nameCaches[k] = {}); }
// each function's rank in name order, at id + 1 (0: [unknown], -1)
Profile.prototype.nameRank = function () {
  const c = nameCache(this.k);
  if (!c.rank) {
    const names = this.fn.map((r, i) => this.fullName(i));
    const ids = names.map((n, i) => i).sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
    c.rank = new Int32Array(this.fn.length + 1);
    ids.forEach((id, r) => { c.rank[id + 1] = r + 1; });
  }
  return c.rank;
};
// what a filter compares: each function's names (as shown, and as in
// the symbol table), lower case
Profile.prototype.lowerNames = function () {
  const c = nameCache(this.k);
  if (!c.lower) c.lower = this.fn.map((r, i) => (this.fullName(i) + '\u0000' + r[0]).toLowerCase());
  return c.lower;
};
// per function, 1 where its name holds text (lower case)
Profile.prototype.matching = function (text) {
  const lower = this.lowerNames(), hit = new Uint8Array(this.fn.length);
  for (let i = 0; i < lower.length; i++) if (lower[i].indexOf(text) >= 0) hit[i] = 1;
  return hit;
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
  const rank = this.nameRank();
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


// a search field and its label (the placeholder says what it does)
function controls(searchId, placeholder, value, onInput) {
  const box = el('div', 'controls');
  const input = el('input');
  input.type = 'search';
  input.id = searchId;
  input.placeholder = placeholder;
  input.setAttribute('aria-label', placeholder);
  input.value = value;
  input.addEventListener('input', () => onInput(input.value));
  box.appendChild(input);
  return box;
}
// where a view says how many rows or frames it shows: read out when it
// changes
function liveStatus(id) {
  const s = el('span', 'status');
  s.id = id;
  s.setAttribute('role', 'status');
  s.setAttribute('aria-live', 'polite');
  return s;
}
function matcher(text) {
  const t = text.trim().toLowerCase();
  return t === '' ? null : (s) => s.toLowerCase().indexOf(t) >= 0;
}
