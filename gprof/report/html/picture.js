// SPDX-License-Identifier: GPL-3.0-or-later
// picture.js (gprof --html's script, after filter.js): a function's
// sandwich (#sandwich/ID: its callers merged above it, its callees
// below, from the call stacks, as speedscope draws it) and the picture
// of its neighbourhood in the call graph (#picture/ID?depth=N).
//
// The picture is laid out here, in the page, with no server and no
// Graphviz: each function's rank is its distance from the chosen one
// along the arcs (callers above, callees below), the functions of a
// rank are ordered by the barycentre of their neighbours in the rank
// before (a few sweeps down and up), and the whole drawn as SVG; the
// members of a cycle are boxed together; each node is a link to its
// entry.

// ------------------------------------------------------------ trees
// a tree as buildFlame reads it: [function, parent, samples] per node,
// parents first; child(parent, function) finds or makes a node
function treeMaker(functions) {
  const f = [], index = new Map();
  return {
    f: f,
    child(parent, fn) {
      const key = (parent + 1) * (functions + 2) + fn + 1;
      let k = index.get(key);
      if (k === undefined) { k = f.length / 3; index.set(key, k); f.push(fn, parent, 0); }
      return k;
    },
    add(k, samples) { f[3 * k + 2] += samples; },
  };
}
// the stacks through function id (each at its outermost frame of id,
// so that recursion counts once): its callers, merged, id the root and
// each caller a level further; its callees, merged likewise
function sandwichOf(prof, id) {
  const n = prof.nodes, inside = new Uint8Array(n), mapped = new Int32Array(n).fill(-1);
  const callers = treeMaker(prof.fn.length), callees = treeMaker(prof.fn.length);
  const upRoot = callers.child(-1, id), downRoot = callees.child(-1, id);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const p = prof.nodeParent[i], f = prof.nodeFn[i], s = prof.nodeSamples[i];
    const outer = f === id && !(p >= 0 && inside[p]);
    inside[i] = (p >= 0 && inside[p]) || f === id ? 1 : 0;
    if (outer) {
      total += s;
      callers.add(upRoot, s);
      callees.add(downRoot, s);
      mapped[i] = downRoot;
      let at = upRoot;
      for (let q = p; q >= 0; q = prof.nodeParent[q]) { at = callers.child(at, prof.nodeFn[q]); callers.add(at, s); }
    } else if (p >= 0 && mapped[p] >= 0) {
      mapped[i] = callees.child(mapped[p], f);
      callees.add(mapped[i], s);
    }
  }
  const tree = (f) => { const v = Object.create(prof); v.buildFlame(f); return v; };
  return { total: total, callers: tree(callers.f), callees: tree(callees.f) };
}
// a tree drawn as frames, each a link to that function's sandwich;
// up: the root at the bottom (the callers), else at the top
function drawTree(v, id, up, total, what) {
  const box = el('div', 'sandwich-box');
  box.id = 'sandwich-' + what;
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', 'the ' + what + ' of ' + v.fullName(id));
  const width = Math.max(200, main.clientWidth - 40 || 1000), scale = width / total;
  const frames = [];
  let depth = 0;
  const stack = [[0, 0, 0]];
  while (stack.length) {
    const [n, x0, d] = stack.pop();
    const w = v.nodeSamples[n] * scale;
    if (w < 0.5) continue;
    frames.push([n, x0, w, d]);
    depth = Math.max(depth, d);
    let cx = x0;
    for (const k of v.kidsOf(n)) { stack.push([k, cx, d + 1]); cx += v.nodeSamples[k] * scale; }
  }
  box.style.height = (depth + 1) * FRAME_H + 2 + 'px';
  for (const [n, x0, w, d] of frames) {
    const f = v.nodeFn[n], name = v.name(f);
    const a = link(w > 24 ? name : '', f >= 0 ? 'sandwich/' + f : 'sandwich/' + id, 'frame');
    const label = v.fullName(f) + ' (' + v.nodeSamples[n] + ' samples, ' + fixed(100 * v.nodeSamples[n] / total, 2) + '%)';
    a.title = label;
    a.setAttribute('aria-label', label);
    a.style.left = x0 + 'px';
    a.style.width = Math.max(w - 1, 1) + 'px';
    a.style.top = (up ? depth - d : d) * FRAME_H + 'px';
    const bg = n === 0 ? 'rgb(235,235,235)' : hue(name);
    a.style.background = bg;
    a.style.color = inkFor(bg);
    if (n === 0) a.classList.add('root');
    box.appendChild(a);
  }
  return box;
}
function viewSandwich(id) {
  const base = P, r = base.fn[id];
  if (!r) { main.appendChild(el('p', null, 'No such function.')); return; }
  const h = add(el('h2'), 'Sandwich: ', breakable('span', 'fname', base.name(id)));
  h.id = 'sandwich-title';
  if (filters.short) h.title = base.fullName(id);
  main.appendChild(h);
  const tools = el('p');
  add(tools, link('its call-graph entry', 'fn/' + id), ' \u00b7 ', link('its picture', 'picture/' + id));
  main.appendChild(tools);
  const prof = filteredFlame(base);
  if (!prof.nodes) {
    const p = el('p', null, prof.unfiltered ? 'The filters leave no call stack: see the fields above.' : noStacks(base));
    p.id = 'flame-none';
    main.appendChild(p);
    return;
  }
  const s = sandwichOf(prof, id);
  const facts = el('p', null, s.total
    ? plural(s.total, 'sample') + ' in stacks through it (' + fixed(100 * s.total / prof.flameTotal, 2) + '% of the samples): its callers above it, merged, and its callees below it.'
    : 'No call stack goes through it' + (filtering() ? ' among those the filters keep.' : '.'));
  facts.id = 'sandwich-facts';
  main.appendChild(facts);
  if (!s.total) return;
  main.appendChild(el('h3', null, 'Callers'));
  main.appendChild(drawTree(s.callers, id, true, s.total, 'callers'));
  main.appendChild(el('h3', null, 'Callees'));
  main.appendChild(drawTree(s.callees, id, false, s.total, 'callees'));
  main.appendChild(el('p', 'muted', 'Each frame\u2019s width is its share of the samples of the stacks through this function; click one for its own sandwich.'));
}

// ------------------------------------------------------------ the picture
const PICTURE_MAX = 80;       // functions drawn at most (the heaviest arcs first)
const NODE_W = 200, NODE_H = 38, GAP_X = 22, GAP_Y = 54, EDGE_ROOM = 60, POINT_W = 8;
const SVG = 'http://www.w3.org/2000/svg';
function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const k in attrs) e.setAttribute(k, String(attrs[k]));
  if (text !== undefined) e.textContent = text;
  return e;
}
// the functions within depth arcs of id, each at its rank (callers
// negative, callees positive: the first distance found, callers and
// callees level by level), the filters' choice; cut: some left out
function neighbourhood(prof, id, depth) {
  const rank = new Map([[id, 0]]);
  let cut = false;
  let up = [id], down = [id];
  for (let d = 1; d <= depth; d++) {
    for (const callers of [true, false]) {
      const next = [];
      for (const i of callers ? up : down) {
        for (const a of (callers ? prof.callers : prof.callees)[i].slice().sort(byArcTime(prof))) {
          const j = prof.arcs[a][callers ? 0 : 1];
          if (j < 0 || rank.has(j) || !keeps(prof, j)) continue;
          if (rank.size >= PICTURE_MAX) { cut = true; continue; }
          rank.set(j, callers ? -d : d);
          next.push(j);
        }
      }
      if (callers) up = next; else down = next;
    }
  }
  return { rank: rank, cut: cut };
}
// the layers, each ordered by the barycentre of its neighbours in the
// layer before it: sweeps down, then up
function layers(rank, edges, group) {
  const lo = Math.min(...rank.values()), hi = Math.max(...rank.values());
  const layer = [];
  for (let r = lo; r <= hi; r++) layer.push([]);
  for (const [i, r] of rank) layer[r - lo].push(i);
  const near = new Map();
  for (const i of rank.keys()) near.set(i, []);
  for (const [a, b] of edges) { if (a !== b) { near.get(a).push(b); near.get(b).push(a); } }
  const place = new Map();
  const number = (l) => l.forEach((i, k) => place.set(i, k));
  layer.forEach(number);
  const sweep = (l, other) => {
    const bary = new Map();
    l.forEach((i, k) => {
      const ns = near.get(i).filter((j) => rank.get(j) - lo === other);
      bary.set(i, ns.length ? ns.reduce((s, j) => s + place.get(j), 0) / ns.length : k);
    });
    l.sort((x, y) => bary.get(x) - bary.get(y) || place.get(x) - place.get(y));
    number(l);
  };
  for (let pass = 0; pass < 4; pass++) {
    for (let r = 1; r < layer.length; r++) sweep(layer[r], r - 1);
    for (let r = layer.length - 2; r >= 0; r--) sweep(layer[r], r + 1);
  }
  // a cycle's members side by side in each layer (where its first is),
  // so that a box holds them and nothing else
  for (const l of layer) {
    const firstAt = new Map();
    l.forEach((i, k) => { const g = group(i); if (g && !firstAt.has(g)) firstAt.set(g, k); });
    const key = (i) => (group(i) ? firstAt.get(group(i)) : place.get(i));
    l.sort((x, y) => key(x) - key(y) || place.get(x) - place.get(y));
  }
  return { layer: layer, lo: lo };
}
function clip(text, n) { return text.length > n ? text.slice(0, n - 1) + '\u2026' : text; }
// nodes: id -> {label, sub, title, cls}; edges: [from, to, label, cls];
// cycles: [[label, members]]; chosen: the function in the middle
function drawPicture(rank, nodes, edges, cycles, chosen, hash) {
  const groupOf = new Map();
  for (const [label, members] of cycles) for (const i of members) groupOf.set(i, label);
  // an arc across more than one rank passes through a point of its own
  // in each rank between (an object: no function's key), ordered with
  // the functions, so that it goes around them, not through them; an
  // arc back up (a cycle) likewise, from its callee's top to its
  // caller's bottom
  const ranks = new Map(rank), chains = [], pairs = [];
  edges.forEach(([a, b], e) => {
    if (a === b) return;
    const up = rank.get(b) < rank.get(a), top = up ? b : a, bottom = up ? a : b;
    const ra = rank.get(top), rb = rank.get(bottom);
    if (rb - ra <= 1) { pairs.push([a, b]); return; }
    const chain = [top];
    for (let r = ra + 1; r < rb; r++) { const d = { arc: e }; ranks.set(d, r); chain.push(d); }
    chain.push(bottom);
    chains[e] = chain;
    for (let k = 0; k + 1 < chain.length; k++) pairs.push([chain[k], chain[k + 1]]);
  });
  const isPoint = (i) => typeof i === 'object';
  const wide = (i) => (isPoint(i) ? POINT_W : NODE_W);
  const { layer } = layers(ranks, pairs, (i) => groupOf.get(i));
  const rowWidth = (l) => l.reduce((w, i) => w + wide(i) + GAP_X, -GAP_X);
  const width = Math.max(...layer.map(rowWidth)) + 3 * EDGE_ROOM, at = new Map();
  layer.forEach((l, r) => {
    let x = (width - EDGE_ROOM - rowWidth(l)) / 2;
    for (const i of l) { at.set(i, [x, 30 + r * (NODE_H + GAP_Y)]); x += wide(i) + GAP_X; }
  });
  const height = 30 + layer.length * (NODE_H + GAP_Y) - GAP_Y + 24 + GAP_Y * 0.6; // (room for an arc within the last row)
  const s = svg('svg', { id: 'picture', width: width, height: height, viewBox: '0 0 ' + width + ' ' + height, role: 'group' });
  s.setAttribute('aria-label', 'call graph around ' + nodes.get(chosen).title);
  // the cycles' boxes, under the rest: one around its members in each
  // layer (side by side there), each named
  for (const [label, members] of cycles) {
    const g = svg('g', { class: 'cycle-box' });
    g.dataset.cycle = label;
    layer.forEach((l) => {
      const xs = l.filter((i) => members.includes(i)).map((i) => at.get(i));
      if (!xs.length) return;
      const x0 = Math.min(...xs.map((p) => p[0])) - 8, y0 = xs[0][1] - 16;
      const x1 = Math.max(...xs.map((p) => p[0])) + NODE_W + 8, y1 = xs[0][1] + NODE_H + 6;
      g.appendChild(svg('rect', { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 6 }));
      g.appendChild(svg('text', { x: x0 + 6, y: y0 + 11 }, label));
    });
    s.appendChild(g);
  }
  edges.forEach(([a, b, label, cls], e) => {
    if (a === b) return;
    const [xa, ya] = at.get(a), [xb, yb] = at.get(b);
    // each arc ends in an arrowhead of its own (a marker would be named by a
    // reference to an element, which the page does without)
    let d, lx, ly, head;
    if (rank.get(b) !== rank.get(a)) {
      // from the upper one's bottom to the lower one's top, through its
      // points: a curve between rows, straight across one; an arc back
      // up a little to the right, its head on the callee's bottom
      const up = rank.get(b) < rank.get(a), shift = up ? 12 : 0;
      const [xt, yt] = up ? [xb, yb] : [xa, ya], [xl, yl] = up ? [xa, ya] : [xb, yb];
      const x2 = xl + NODE_W / 2 + shift, y2 = yl;
      const via = (chains[e] || []).slice(1, -1).map((p) => at.get(p));
      let x1 = xt + NODE_W / 2 + shift, y1 = yt + NODE_H;
      d = 'M' + x1 + ',' + (up ? y1 + 6 : y1);
      const curve = (x, y) => { d += ' C' + x1 + ',' + (y1 + GAP_Y / 2) + ' ' + x + ',' + (y - GAP_Y / 2) + ' ' + x + ',' + y; };
      lx = (x1 + (via.length ? via[0][0] + POINT_W / 2 : x2)) / 2 + 4;
      ly = y1 + GAP_Y / 2 + (up ? 10 : 0);
      for (const [px, py] of via) {
        curve(px + POINT_W / 2, py);
        d += ' L' + (px + POINT_W / 2) + ',' + (py + NODE_H);
        x1 = px + POINT_W / 2;
        y1 = py + NODE_H;
      }
      curve(x2, up ? y2 : y2 - 6);
      const hx = up ? xt + NODE_W / 2 + shift : x2, hy = up ? yt + NODE_H : y2;
      head = up ? [hx - 4, hy + 7, hx + 4, hy + 7, hx, hy] : [hx - 4, hy - 7, hx + 4, hy - 7, hx, hy];
    } else {
      // within a row: below it, from one bottom to the other
      const x1 = xa + NODE_W / 2, y1 = ya + NODE_H, x2 = xb + NODE_W / 2, y2 = yb + NODE_H, low = y1 + GAP_Y * 0.6;
      d = 'M' + x1 + ',' + y1 + ' C' + x1 + ',' + low + ' ' + x2 + ',' + low + ' ' + x2 + ',' + (y2 + 6);
      head = [x2 - 4, y2 + 7, x2 + 4, y2 + 7, x2, y2];
      lx = (x1 + x2) / 2; ly = low - 4;
    }
    const path = s.appendChild(svg('path', { d: d, class: 'edge' + (cls ? ' ' + cls : '') }));
    path.dataset.from = String(a);
    path.dataset.to = String(b);
    s.appendChild(svg('polygon', { points: head.join(' '), class: 'arrow' + (cls ? ' ' + cls : '') }));
    if (label) s.appendChild(svg('text', { x: lx, y: ly, class: 'edge-label' }, label));
  });
  for (const [i, node] of nodes) {
    const [x, y] = at.get(i);
    const a = svg('a', { href: '#' + withFilters(hash(i)), class: 'node' + (i === chosen ? ' chosen' : '') + (node.cls ? ' ' + node.cls : '') });
    a.setAttribute('aria-label', node.title + ', ' + node.sub);
    a.dataset.fn = String(i);
    a.appendChild(svg('title', {}, node.title));
    a.appendChild(svg('rect', { x: x, y: y, width: NODE_W, height: NODE_H, rx: 4 }));
    // (a box is 27 characters wide: names are short there, whole on hover)
    a.appendChild(svg('text', { x: x + 6, y: y + 15, class: 'name' }, clip(shortName(node.label), 27)));
    a.appendChild(svg('text', { x: x + 6, y: y + 31, class: 'sub' }, node.sub));
    s.appendChild(a);
  }
  const box = el('div', 'picture-box');
  box.appendChild(s);
  return box;
}
// the depth chooser and the count, above a picture
function pictureControls(depth, onDepth) {
  const ctl = el('div', 'controls');
  const label = el('label', null, 'depth ');
  const sel = el('select');
  sel.id = 'picture-depth';
  label.htmlFor = sel.id;
  for (let d = 1; d <= 6; d++) sel.appendChild(el('option', null, String(d))).value = String(d);
  sel.value = String(depth);
  sel.addEventListener('change', () => onDepth(Number(sel.value)));
  label.appendChild(sel);
  const status = liveStatus('picture-status');
  add(ctl, label, status);
  main.appendChild(ctl);
  return status;
}
function pictureDepth(params) {
  const d = Number(params.get('depth'));
  return Number.isInteger(d) && d >= 1 && d <= 6 ? d : 2;
}
function viewPicture(id, params) {
  const prof = P, r = prof.fn[id];
  if (!r) { main.appendChild(el('p', null, 'No such function.')); return; }
  if (!prof.p.call_graph) { main.appendChild(el('p', null, 'This profile has no call graph.')); return; }
  const depth = pictureDepth(params);
  const h = add(el('h2'), 'Picture: ', breakable('span', 'fname', prof.name(id)));
  h.id = 'picture-title';
  if (filters.short) h.title = prof.fullName(id);
  main.appendChild(h);
  const tools = el('p');
  add(tools, link('its call-graph entry', 'fn/' + id));
  if (prof.p.stacks) add(tools, ' \u00b7 ', link('its sandwich', 'sandwich/' + id));
  main.appendChild(tools);
  const status = pictureControls(depth, (d) => { location.hash = '#' + withFilters('picture/' + id + '?depth=' + d); });
  const { rank, cut } = neighbourhood(prof, id, depth);
  const nodes = new Map(), edges = [], cycles = new Map();
  for (const i of rank.keys()) {
    const f = prof.fn[i];
    nodes.set(i, { label: prof.name(i), title: prof.fullName(i),
      sub: fixed(100 * (f[11] + f[12]) / prof.printTicks, 1) + '% \u00b7 ' + figure((f[11] + f[12]) / prof.hz, 2) + ' s \u00b7 ' + plural(f[8] + f[9], 'call') });
    if (f[6]) { if (!cycles.has(f[6])) cycles.set(f[6], []); cycles.get(f[6]).push(i); }
    for (const a of prof.callees[i]) {
      const arc = prof.arcs[a];
      if (rank.has(arc[1])) edges.push([i, arc[1], arc[2] === null ? '' : String(arc[2]), null]);
    }
  }
  const boxes = [...cycles].filter(([, m]) => m.length > 1).map(([c, m]) => ['<cycle ' + c + '>', m]);
  main.appendChild(drawPicture(rank, nodes, edges, boxes, id, (i) => 'fn/' + i));
  status.textContent = plural(rank.size, 'function') + ', ' + plural(edges.filter((e) => e[0] !== e[1]).length, 'arc') +
    (boxes.length ? ', ' + plural(boxes.length, 'cycle') : '') + (cut ? ' (the ' + PICTURE_MAX + ' nearest: deeper ones left out)' : '');
  main.appendChild(el('p', 'muted', 'Callers above, callees below, each row one call further; the count on an arc is its calls; a dashed box holds a cycle\u2019s members. Click a function for its entry.'));
}
