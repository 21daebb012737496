// SPDX-License-Identifier: GPL-3.0-or-later
// filter.js (gprof --html's script, after source.js): focus, ignore,
// hide and show-from by regular expression, as pprof has them, kept in
// the fragment (?focus=RE&ignore=RE&hide=RE&show_from=RE) of every view,
// and the short names (?short=1).
//
// On the stacks (the flame graph, the sandwich) each stack is judged as
// pprof judges a sample: focus keeps the stacks with a frame that
// matches, ignore drops them, show_from drops the frames outside the
// outermost match (and a stack without one), hide removes the matching
// frames; the samples of what is left are added up again.  The tables
// and the picture have no stacks (a profile of glibc's runtime has
// none), so there the same words apply to the call graph: focus keeps
// the functions on a call path through a match (its callers and
// callees, transitively), ignore drops the matches and what only they
// reach from the roots, show_from keeps the matches and what they call,
// hide drops the matches.  A table keeps each function's own figures.

// ------------------------------------------------------------ the filters
// (FILTERS and filters are core.js's: every link keeps them) the
// fragment's filters: each text and its RegExp, an error when one does
// not compile (then not applied), and the query they make
// from the fragment's parameters; true when they changed
function setFilters(params) {
  const text = {}, re = {};
  let error = '';
  for (const [k] of FILTERS) {
    const t = params.get(k) || '';
    if (!t) continue;
    text[k] = t;
    try {
      re[k] = new RegExp(t);
    } catch (e) {
      if (!error) error = k.replace('_', ' ') + ': ' + e.message;
    }
  }
  const q = new URLSearchParams();
  for (const [k] of FILTERS) if (text[k]) q.set(k, text[k]);
  if (params.get('short') === '1') q.set('short', '1');
  const query = q.toString();
  const changed = query !== filters.query;
  filters.text = text;
  filters.re = error ? {} : re;
  filters.error = error;
  filters.query = query;
  filters.short = params.get('short') === '1';
  return changed;
}
function filtering() { return Object.keys(filters.re).length > 0; }
// per function, 1 where its name (as shown, or as in the symbol table)
// matches re
function nameHits(prof, re) {
  const hit = new Uint8Array(prof.fn.length);
  for (let i = 0; i < prof.fn.length; i++) if (re.test(prof.fullName(i)) || re.test(prof.fn[i][0])) hit[i] = 1;
  return hit;
}
// from the functions set in seed, along the arcs (up: to callers), the
// functions reached, skipping those set in avoid
function reach(prof, seed, up, avoid) {
  const n = prof.fn.length, seen = new Uint8Array(n), todo = [];
  for (let i = 0; i < n; i++) if (seed[i] && !(avoid && avoid[i])) { seen[i] = 1; todo.push(i); }
  while (todo.length) {
    const i = todo.pop();
    for (const a of (up ? prof.callers : prof.callees)[i]) {
      const j = prof.arcs[a][up ? 0 : 1];
      if (j >= 0 && !seen[j] && !(avoid && avoid[j])) { seen[j] = 1; todo.push(j); }
    }
  }
  return seen;
}
// per function, 1 where the filters keep it in the tables and the
// picture (null: no filter); made once per profile and filters
const keptCache = new Map();
function keptFunctions(prof) {
  if (!filtering()) return null;
  const key = prof.k + '?' + filters.query;
  if (keptCache.has(key)) return keptCache.get(key);
  const n = prof.fn.length, kept = new Uint8Array(n).fill(1), re = filters.re;
  if (re.focus) {
    const hit = nameHits(prof, re.focus), down = reach(prof, hit, false), up = reach(prof, hit, true);
    for (let i = 0; i < n; i++) if (!down[i] && !up[i]) kept[i] = 0;
  }
  if (re.ignore) {
    const hit = nameHits(prof, re.ignore), roots = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (!prof.callers[i].some((a) => prof.arcs[a][0] >= 0 && prof.arcs[a][0] !== i)) roots[i] = 1;
    const before = reach(prof, roots, false), after = reach(prof, roots, false, hit);
    for (let i = 0; i < n; i++) if (hit[i] || (before[i] && !after[i])) kept[i] = 0;
  }
  if (re.show_from) {
    const from = reach(prof, nameHits(prof, re.show_from), false);
    for (let i = 0; i < n; i++) if (!from[i]) kept[i] = 0;
  }
  if (re.hide) {
    const hit = nameHits(prof, re.hide);
    for (let i = 0; i < n; i++) if (hit[i]) kept[i] = 0;
  }
  keptCache.set(key, kept);
  return kept;
}
function keeps(prof, i) {
  const k = keptFunctions(prof);
  return !k || i < 0 || k[i] === 1;
}
// the stacks as the filters leave them: a profile of its own whose
// flame graph is made of them (prof itself when nothing filters)
function filteredFlame(prof) {
  prof.ensureFlame();
  if (!filtering() || !prof.nodes) return prof;
  // (a thread's view inherits from its profile: its own map)
  if (!Object.prototype.hasOwnProperty.call(prof, 'filtered')) prof.filtered = new Map();
  if (prof.filtered.has(filters.query)) return prof.filtered.get(filters.query);
  const re = filters.re, n = prof.nodes;
  const hitOf = (r) => (r ? nameHits(prof, r) : null);
  const focus = hitOf(re.focus), ignore = hitOf(re.ignore), hide = hitOf(re.hide), from = hitOf(re.show_from);
  const test = (h, f) => (f >= 0 ? h[f] === 1 : false);
  // per node: on its path, a focus match, an ignore match, show_from
  // started; its node in the new tree (-1: the root)
  const hasFocus = new Uint8Array(n), hasIgnore = new Uint8Array(n), started = new Uint8Array(n), to = new Int32Array(n);
  const out = [], child = new Map();
  const own = new Float64Array(n);
  for (let i = 0; i < n; i++) own[i] = prof.nodeSamples[i];
  for (let i = 0; i < n; i++) if (prof.nodeParent[i] >= 0) own[prof.nodeParent[i]] -= prof.nodeSamples[i];
  const added = [];
  for (let i = 0; i < n; i++) {
    const p = prof.nodeParent[i], f = prof.nodeFn[i];
    hasFocus[i] = (p >= 0 && hasFocus[p]) || (focus && test(focus, f)) ? 1 : 0;
    hasIgnore[i] = (p >= 0 && hasIgnore[p]) || (ignore && test(ignore, f)) ? 1 : 0;
    started[i] = !from || (p >= 0 && started[p]) || test(from, f) ? 1 : 0;
    const up = p >= 0 ? to[p] : -1;
    if (!started[i] || (hide && test(hide, f))) {
      to[i] = up;
    } else {
      const key = (up + 1) * (prof.fn.length + 2) + f + 1;
      if (!child.has(key)) { child.set(key, out.length / 3); out.push(f, up, 0); added.push(0); }
      to[i] = child.get(key);
    }
    // this node's own samples: a stack ending here
    if (own[i] > 0 && (!focus || hasFocus[i]) && !hasIgnore[i] && started[i] && to[i] >= 0) added[to[i]] += own[i];
  }
  // each node's samples: its own and its descendants' (children after parents)
  const total = added.slice();
  for (let k = total.length - 1; k >= 0; k--) if (out[3 * k + 1] >= 0) total[out[3 * k + 1]] += total[k];
  // nodes left without samples are left out, the others renumbered
  const number = new Int32Array(total.length).fill(-1), f = [];
  for (let k = 0; k < total.length; k++) {
    if (total[k] <= 0) continue;
    number[k] = f.length / 3;
    f.push(out[3 * k], out[3 * k + 1] < 0 ? -1 : number[out[3 * k + 1]], total[k]);
  }
  const v = Object.create(prof);
  v.buildFlame(f);
  v.unfiltered = prof;
  prof.filtered.set(filters.query, v);
  return v;
}

// ------------------------------------------------------------ short names
// a C++ name without its template arguments and parameter lists
// ("std::vector<int>::push_back(int&&)" -> "std::vector<…>::push_back(…)"):
// what each outermost bracket pair held becomes "…" (an empty pair stays
// "()", an operator's own '<' or '(' and "(anonymous namespace)" are kept)
function shortName(name) {
  let out = '', depth = 0, open = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (depth === 0 && name.startsWith('(anonymous namespace)', i)) {
      out += '(anonymous namespace)';
      i += 20;
      continue;
    }
    // operator<, operator<<, operator(), operator<=>, operator->
    if (depth === 0 && name.startsWith('operator', i) && !/[A-Za-z0-9_]/.test(name[i - 1] || '')) {
      const m = /^operator\s*(\(\)|<=>|<<=|>>=|<<|>>|<=|>=|->\*|->|<|>|\[\]|[^\s(<A-Za-z_]*)/.exec(name.slice(i));
      out += m[0];
      i += m[0].length - 1;
      continue;
    }
    if (c === '<' || c === '(') {
      if (depth === 0) { out += c; open = i; }
      depth++;
    } else if ((c === '>' || c === ')') && depth > 0) {
      depth--;
      if (depth === 0) out += (i > open + 1 ? '\u2026' : '') + c;
    } else if (depth === 0) {
      out += c;
    }
  }
  return depth ? name : out;
}
// ------------------------------------------------------------ the bar
// the filters' fields, above every view: Apply (or Enter) makes them the
// fragment's, an invalid expression is said and not applied
const filterBar = el('form', 'filters');
filterBar.id = 'filters';
filterBar.setAttribute('role', 'search');
filterBar.setAttribute('aria-label', 'filters');
const filterInputs = {};
for (const [k, label] of FILTERS) {
  const l = el('label', null, label + ' ');
  const input = el('input');
  input.type = 'text';
  input.id = 'filter-' + k;
  input.spellcheck = false;
  input.placeholder = 'regular expression';
  l.htmlFor = input.id;
  l.appendChild(input);
  filterInputs[k] = input;
  filterBar.appendChild(l);
}
const filterApply = el('button', null, 'Apply');
filterApply.type = 'submit';
filterApply.id = 'filter-apply';
const filterClear = el('button', null, 'Clear');
filterClear.type = 'button';
filterClear.id = 'filter-clear';
const shortLabel = el('label', null, ' short names');
const shortBox = el('input');
shortBox.type = 'checkbox';
shortBox.id = 'short-names';
shortLabel.prepend(shortBox);
const filterError = el('p', 'filter-error');
filterError.id = 'filter-error';
filterError.setAttribute('role', 'alert');
add(filterBar, filterApply, filterClear, shortLabel, filterError);
// the fragment with these filters, for the view shown (its zoom dropped:
// a filtered flame graph numbers its frames anew)
function refilter(values, short) {
  const raw = location.hash.slice(1), q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
  for (const [k] of FILTERS) { if (values[k]) params.set(k, values[k]); else params.delete(k); }
  if (short) params.set('short', '1'); else params.delete('short');
  params.delete('zoom');
  const s = params.toString();
  location.hash = '#' + path + (s ? '?' + s : '');
}
filterBar.addEventListener('submit', (ev) => {
  ev.preventDefault();
  const values = {};
  for (const [k] of FILTERS) {
    values[k] = filterInputs[k].value;
    if (!values[k]) continue;
    try {
      new RegExp(values[k]); // eslint-disable-line no-new
    } catch (e) {
      filterError.textContent = k.replace('_', ' ') + ': ' + e.message;
      filterInputs[k].setAttribute('aria-invalid', 'true');
      filterInputs[k].focus();
      return;
    }
  }
  refilter(values, shortBox.checked);
});
filterClear.addEventListener('click', () => refilter({}, shortBox.checked));
shortBox.addEventListener('change', () => refilter(Object.fromEntries(FILTERS.map(([k]) => [k, filters.text[k] || ''])), shortBox.checked));
// the bar as the fragment has it
function showFilters() {
  for (const [k] of FILTERS) {
    filterInputs[k].value = filters.text[k] || '';
    filterInputs[k].removeAttribute('aria-invalid');
  }
  shortBox.checked = filters.short;
  filterError.textContent = filters.error;
  filterBar.classList.toggle('on', filtering());
}
