// SPDX-License-Identifier: GPL-3.0-or-later
// flame.js (gprof --html's script, after table.js): the flame graph (and
// icicle) of the call stacks, and the threads' views.
//
// A frame is an element (focusable, named for a screen reader): the
// arrows move between frames, Enter zooms, Escape unzooms.  A zoom and a
// search are steps in the history (the fragment's ?zoom=NODE&q=TEXT), so
// Back undoes them; a search waits for a pause in the typing, then only
// paints the matching frames drawn on a canvas laid over them: no frame
// is rebuilt or restyled (each keeps a class "match", which no style
// rule names, so that changing it costs the browser no style work; the
// focused frame takes the match colour itself).  The graph is
// redrawn when its box changes width; in flame mode its box opens
// scrolled to the root, however deep the stacks.

// ------------------------------------------------------------ flame graph
const flameState = { icicle: false };
const FRAME_H = 18;
function hue(name) {
  let h = 2166136261;
  for (let k = 0; k < name.length; k++) h = Math.imul(h ^ name.charCodeAt(k), 16777619) >>> 0;
  // light enough for black text (contrast at least 4.5:1)
  return 'rgb(' + (205 + h % 50) + ',' + (80 + (h >>> 8) % 150) + ',' + ((h >>> 16) % 55) + ')';
}
// black or white text, whichever reads better on an rgb() background
function inkFor(colour) {
  const m = /rgb\((\d+),\s*(\d+),\s*(\d+)\)/.exec(colour);
  if (!m) return '#000';
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const L = 0.2126 * lin(+m[1]) + 0.7152 * lin(+m[2]) + 0.0722 * lin(+m[3]);
  return L > 0.179 ? '#000' : '#fff';
}
function noStacks(prof) {
  return prof.p.process
    ? 'No call stacks were recorded in this run: the runtime records them unless GMON_STACK_DEPTH=0.'
    : 'No call stacks were recorded: glibc\u2019s -pg runtime records none. For a flame graph, run the program ' +
      'under gprof-run (gprof-run ./prog: no rebuild), which records them.';
}
// a view's path in the fragment (flame, thread/K, dflame), with a zoom
// and a search
function flameHash(path, zoom, search) {
  const q = new URLSearchParams();
  if (zoom >= 0) q.set('zoom', String(zoom));
  if (search) q.set('q', search);
  const s = q.toString();
  return withFilters(path + (s ? '?' + s : ''));
}
// colour: (node, name) -> css colour; describe: (node, name) -> its
// label; picked(info, function): links for the zoomed frame; path: the
// view's path in the fragment; params: the fragment's zoom and search;
// search: the search when the fragment names none
function flameView(prof, colour, describe, picked, path, params, search) {
  prof.ensureFlame();
  if (!prof.nodes) {
    const p = el('p', null, prof.unfiltered ? 'The filters leave no call stack: see the fields above.' : noStacks(prof));
    p.id = 'flame-none';
    main.appendChild(p);
    return null;
  }
  const view = { zoom: -1, search: '', frames: [], divs: [], byNode: new Map(), width: 0, focus: -1, hit: null };
  const ctl = controls('flame-search', 'search names', '', () => {
    clearTimeout(view.timer);
    view.typing = true;
    view.timer = setTimeout(() => {
      view.typing = false;
      if (input.value !== view.search) { view.search = input.value; mark(); }
      go(view.zoom, input.value);
    }, 150);
  });
  const input = ctl.querySelector('input');
  const bFlame = el('button', null, 'Flame');
  const bIcicle = el('button', null, 'Icicle');
  const bReset = el('button', null, 'Reset zoom');
  bFlame.id = 'flame-mode-flame';
  bIcicle.id = 'flame-mode-icicle';
  bReset.id = 'flame-reset';
  const status = liveStatus('flame-status');
  add(ctl, bFlame, bIcicle, bReset, status);
  main.appendChild(ctl);
  const box = el('div');
  box.id = 'flame-box';
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', 'flame graph: arrows move between frames, Enter zooms, Escape unzooms');
  main.appendChild(box);
  const info = el('p', 'muted', 'Click a frame to zoom into it (keys: arrows move, Enter zooms, Escape unzooms).');
  info.id = 'flame-info';
  main.appendChild(info);

  function go(zoom, text) {
    const hash = '#' + flameHash(path, zoom, text);
    if (location.hash !== hash) location.hash = hash;
  }
  function modes() {
    bFlame.setAttribute('aria-pressed', String(!flameState.icicle));
    bIcicle.setAttribute('aria-pressed', String(flameState.icicle));
  }
  function draw() {
    const width = Math.max(200, box.clientWidth || 1200);
    view.width = width;
    const zoom = view.zoom;
    const frames = [];
    const total = zoom >= 0 ? prof.nodeSamples[zoom] : prof.flameTotal;
    if (total <= 0) { box.replaceChildren(); status.textContent = 'no samples in the stacks'; return; }
    const scale = width / total;
    const ancestors = [];
    for (let i = zoom; i >= 0; i = prof.nodeParent[i]) ancestors.unshift(i);
    ancestors.forEach((n, d) => frames.push([n, 0, width, d]));
    let maxDepth = Math.max(0, ancestors.length - 1);
    const stack = [];
    let x = 0;
    for (const k of prof.kidsOf(zoom)) { stack.push([k, x, ancestors.length]); x += prof.nodeSamples[k] * scale; }
    while (stack.length) {
      const [n, x0, d] = stack.pop();
      const w = prof.nodeSamples[n] * scale;
      if (w < 0.5) continue;
      frames.push([n, x0, w, d]);
      if (d > maxDepth) maxDepth = d;
      let cx = x0;
      for (const k of prof.kidsOf(n)) { stack.push([k, cx, d + 1]); cx += prof.nodeSamples[k] * scale; }
    }
    const height = (maxDepth + 1) * FRAME_H + 4;
    box.style.height = height + 'px';
    const frag = document.createDocumentFragment();
    const divs = new Array(frames.length);
    view.byNode = new Map();
    view.tops = new Float64Array(frames.length);
    view.colours = new Array(frames.length);
    frames.forEach(([n, x0, w, d], k) => {
      const name = prof.name(prof.nodeFn[n]);
      const div = el('div', 'frame');
      div.style.left = x0 + 'px';
      div.style.width = Math.max(w - 1, 1) + 'px';
      const top = flameState.icicle ? d * FRAME_H : (maxDepth - d) * FRAME_H;
      div.style.top = top + 'px';
      view.tops[k] = top;
      const bg = colour(n, name);
      view.colours[k] = bg;
      div.style.background = bg;
      div.style.color = inkFor(bg);
      if (w > 24) div.textContent = name;
      const label = describe(n, prof.fullName(prof.nodeFn[n]));
      div.title = label;
      div.setAttribute('role', 'button');
      div.setAttribute('aria-label', label);
      div.dataset.node = String(n);
      if (d < ancestors.length - 1) div.classList.add('faded');
      divs[k] = div;
      view.byNode.set(n, k);
      frag.appendChild(div);
    });
    view.frames = frames;
    view.divs = divs;
    const hadFocus = box.contains(document.activeElement);
    // the search's layer, over the frames
    const layer = el('canvas', 'match-layer');
    layer.setAttribute('aria-hidden', 'true');
    const dpr = window.devicePixelRatio || 1;
    layer.width = Math.ceil(width * dpr);
    layer.height = Math.ceil(height * dpr);
    layer.style.width = width + 'px';
    layer.style.height = height + 'px';
    frag.appendChild(layer);
    view.layer = layer;
    view.dpr = dpr;
    box.replaceChildren(frag);
    view.matchColour = getComputedStyle(box).getPropertyValue('--match').trim() || '#8a2bb0';
    // the frame the keyboard is on (kept focused when it was)
    const at = view.byNode.has(view.focus) ? view.byNode.get(view.focus) : 0;
    if (divs[at]) {
      divs[at].tabIndex = 0;
      if (hadFocus) divs[at].focus({ preventScroll: true });
    }
    view.focus = frames.length ? frames[at][0] : -1;
    // the root in sight: the bottom of a flame graph, the top of an icicle
    box.scrollTop = flameState.icicle ? 0 : box.scrollHeight;
    mark();
  }
  // the search: which frames match (in the whole tree), marked where drawn
  function mark() {
    const t = view.search.trim().toLowerCase();
    let count = 0, matched = 0;
    const nodes = prof.nodes;
    let nodeHit = null;
    if (t) {
      const hit = prof.matching(t), unknown = '[unknown]'.indexOf(t) >= 0 ? 1 : 0;
      nodeHit = new Uint8Array(nodes);
      const under = new Uint8Array(nodes);
      for (let n = 0; n < nodes; n++) {
        const p = prof.nodeParent[n], f = prof.nodeFn[n];
        if (p >= 0) under[n] = under[p] | nodeHit[p];
        nodeHit[n] = f >= 0 ? hit[f] : unknown;
        if (nodeHit[n]) {
          count++;
          // matched samples: the outermost matching frames of each path
          if (!under[n]) matched += prof.nodeSamples[n];
        }
      }
    }
    const ctx = view.layer ? view.layer.getContext('2d') : null;
    if (ctx) {
      ctx.setTransform(view.dpr, 0, 0, view.dpr, 0, 0);
      ctx.clearRect(0, 0, view.layer.width, view.layer.height);
      ctx.font = '11px monospace';
      ctx.textBaseline = 'middle';
    }
    for (let k = 0; k < view.divs.length; k++) {
      const on = nodeHit !== null && nodeHit[view.frames[k][0]] === 1;
      const div = view.divs[k];
      if (on !== div.classList.contains('match')) {
        div.classList.toggle('match', on);
        if (div === document.activeElement) paintFocused(k);
      }
      if (!on || !ctx) continue;
      const [n, x0, w] = view.frames[k], top = view.tops[k];
      ctx.fillStyle = view.matchColour;
      ctx.fillRect(x0, top, Math.max(w - 1, 1), FRAME_H - 1);
      if (w > 24) {
        ctx.save();
        ctx.beginPath();
        ctx.rect(x0, top, w - 5, FRAME_H - 1);
        ctx.clip();
        ctx.fillStyle = '#fff';
        ctx.fillText(prof.name(prof.nodeFn[n]), x0 + 4, top + 9);
        ctx.restore();
      }
    }
    status.textContent = t
      ? count + ' frames match, ' + fixed(100 * matched / prof.flameTotal, 2) + '% of the samples'
      : plural(view.frames.length, 'frame') + ' shown' + (view.zoom >= 0 ? ' (zoomed: click the background, Escape or Reset)' : '');
  }
  // the focused frame above the layer: in the match colour when it matches
  function paintFocused(k) {
    const div = view.divs[k];
    const on = div.classList.contains('match') && div === document.activeElement;
    div.style.setProperty('background', on ? view.matchColour : view.colours[k], on ? 'important' : '');
    div.style.setProperty('color', on ? '#fff' : inkFor(view.colours[k]), on ? 'important' : '');
  }
  box.addEventListener('focusin', (ev) => { const k = view.byNode.get(Number(ev.target.dataset.node)); if (k !== undefined) paintFocused(k); });
  box.addEventListener('focusout', (ev) => {
    const k = view.byNode.get(Number(ev.target.dataset.node));
    if (k !== undefined && view.divs[k] === ev.target) setTimeout(() => { if (view.divs[k] === ev.target) paintFocused(k); });
  });
  // another colour scheme: another match colour
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => { if (box.isConnected) draw(); });
  function describeZoom() {
    info.replaceChildren();
    if (view.zoom < 0) { info.textContent = 'Click a frame to zoom into it (keys: arrows move, Enter zooms, Escape unzooms).'; return; }
    const f = prof.nodeFn[view.zoom];
    add(info, describe(view.zoom, prof.name(f)) + ' \u00b7 ');
    if (picked) picked(info, f);
  }
  view.update = function (params) {
    const z = Number(params.get('zoom'));
    const zoom = params.has('zoom') && Number.isInteger(z) && z >= 0 && z < prof.nodes ? z : -1;
    const text = params.has('q') ? params.get('q') : (search || '');
    // (what is being typed is not undone by the step before it)
    if (input.value !== text && !view.typing) input.value = text;
    if (zoom !== view.zoom || !view.width) {
      view.zoom = zoom;
      view.search = text;
      if (zoom >= 0) view.focus = zoom;
      draw();
      describeZoom();
    } else if (text !== view.search) {
      view.search = text;
      mark();
    }
  };
  // drawn at once, then a step in the history (whose update finds it done)
  function zoomTo(n) {
    view.focus = n;
    if (n !== view.zoom) { view.zoom = n; draw(); describeZoom(); }
    go(n, view.search);
  }
  bFlame.addEventListener('click', () => { flameState.icicle = false; modes(); draw(); });
  bIcicle.addEventListener('click', () => { flameState.icicle = true; modes(); draw(); });
  bReset.addEventListener('click', () => zoomTo(-1));
  box.addEventListener('click', (ev) => {
    const t = ev.target.closest('.frame');
    if (!t) { if (view.zoom >= 0) zoomTo(-1); return; }
    const n = Number(t.dataset.node);
    zoomTo(n === view.zoom ? prof.nodeParent[n] : n);
  });
  // the keyboard: up and down along the stack as drawn, left and right
  // to the frames beside at the same depth
  function moveFocus(k) {
    const old = view.byNode.get(view.focus);
    if (old !== undefined && view.divs[old]) view.divs[old].tabIndex = -1;
    view.focus = view.frames[k][0];
    view.divs[k].tabIndex = 0;
    view.divs[k].focus();
  }
  box.addEventListener('keydown', (ev) => {
    const t = ev.target.closest && ev.target.closest('.frame');
    if (!t || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const n = Number(t.dataset.node), k = view.byNode.get(n);
    if (k === undefined) return;
    const [, x0, w, d] = view.frames[k];
    let to = -1;
    const outward = flameState.icicle ? 'ArrowUp' : 'ArrowDown', inward = flameState.icicle ? 'ArrowDown' : 'ArrowUp';
    if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); zoomTo(n === view.zoom ? prof.nodeParent[n] : n); return; }
    if (ev.key === 'Escape') { if (view.zoom >= 0) { ev.preventDefault(); zoomTo(-1); } return; }
    if (ev.key === outward) {
      const p = prof.nodeParent[n];
      if (p >= 0 && view.byNode.has(p)) to = view.byNode.get(p);
    } else if (ev.key === inward) {
      // the widest of its children drawn
      let best = -1;
      for (const c of prof.kidsOf(n)) {
        const j = view.byNode.get(c);
        if (j !== undefined && (best < 0 || view.frames[j][2] > view.frames[best][2])) best = j;
      }
      to = best;
    } else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') {
      const right = ev.key === 'ArrowRight';
      let best = -1;
      view.frames.forEach((f, j) => {
        if (f[3] !== d || j === k) return;
        if (right ? f[1] >= x0 + w - 0.01 : f[1] + f[2] <= x0 + 0.01) {
          if (best < 0 || (right ? f[1] < view.frames[best][1] : f[1] > view.frames[best][1])) best = j;
        }
      });
      to = best;
    } else {
      return;
    }
    ev.preventDefault();
    if (to >= 0) moveFocus(to);
  });
  // a new width (the window resized): drawn again to fit
  if (window.ResizeObserver) {
    new ResizeObserver(() => {
      if (box.isConnected && view.width && Math.max(200, box.clientWidth || 1200) !== view.width) requestAnimationFrame(draw);
    }).observe(box);
  }
  modes();
  view.update(params);
  return view;
}
function viewFlame(focus, params) {
  const prof = filteredFlame(P);
  const search = focus !== undefined && prof.fn[focus] ? prof.fullName(focus) : '';
  return flameView(prof, (n, name) => hue(name), (n, name) => name + ' (' + prof.nodeSamples[n] + ' samples, ' +
    fixed(100 * prof.nodeSamples[n] / prof.flameTotal, 2) + '%)', (info, f) => { if (f >= 0) add(info, link('its call-graph entry', 'fn/' + f), ' \u00b7 ', link('its sandwich', 'sandwich/' + f)); },
  focus === undefined ? 'flame' : 'flame/' + focus, params, search);
}

// ------------------------------------------------------------ threads
// as gprof --threads lists them: most samples first
function threadName(t) {
  return t[0] === null ? 'the samples of no known thread'
    : 'thread ' + t[1] + ' "' + t[0] + '"' + (t[2] ? ' (main thread)' : '');
}
function threadsTotal() { return P.p.threads.reduce((s, t) => s + t[3], 0); }
const threadsState = { col: -1, dir: -1 };
function viewThreads() {
  const threads = P.p.threads, all = threadsTotal();
  if (!threads || !threads.length) {
    const p = el('p', null, 'This profile names no threads: its stacks do not say which thread they came from ' +
      '(a profile of glibc\u2019s -pg runtime, or of an older libgmon). Record it with gprof-run for the threads.');
    p.id = 'threads-none';
    main.appendChild(p);
    return;
  }
  main.appendChild(el('p', 'muted', 'Each thread\u2019s samples are those of its own call stacks; pick a thread for its functions and its flame graph.'));
  const rows = threads.map((t, k) => k);
  const columns = [
    ['thread', (k) => (threads[k][0] === null ? '\uffff' : threads[k][0]), (k) => {
      const c = td(null, 'name');
      c.appendChild(link(threadName(threads[k]), 'thread/' + k, 'thread'));
      return c;
    }, 'name', 'thread'],
    ['id', (k) => threads[k][1] === null ? -1 : threads[k][1], (k) => td(threads[k][1] === null ? '' : String(threads[k][1])), null, 'id'],
    ['samples', (k) => threads[k][3], (k) => td(String(threads[k][3])), null, 'samples'],
    [P.p.dimension, (k) => threads[k][3], (k) => td(figure(threads[k][3] / P.hz, 2)), null, 'seconds'],
    ['% of all', (k) => threads[k][3], (k) => td(figure(all > 0 ? 100 * threads[k][3] / all : 0, 1)), null, 'percent'],
    ['hottest function', (k) => (threads[k][4].length ? P.name(threads[k][4][0][0]) : ''),
      (k) => threads[k][4].length ? nameCell(P, threads[k][4][0][0]) : td(''), 'name', 'hottest'],
  ];
  const table = sortableTable('threads', columns, rows, threadsState);
  main.appendChild(table.node);
  table.render(true);
  const idle = P.p.threads_without_samples || 0;
  if (idle) main.appendChild(el('p', 'muted', plural(idle, 'thread') + ' without samples ' + (idle === 1 ? 'is' : 'are') + ' not shown.'));
}
function viewThread(k, params) {
  const t = P.p.threads[k];
  if (!t) { main.appendChild(el('p', null, 'No such thread.')); return; }
  const all = threadsTotal();
  add(main, el('h2', null, threadName(t)));
  const facts = el('p', null, plural(t[3], 'sample') + ', ' + fixed(t[3] / P.hz, 2) + ' ' + P.p.dimension + ' (' +
    fixed(all > 0 ? 100 * t[3] / all : 0, 1) + "% of all the threads' samples).");
  facts.id = 'thread-facts';
  main.appendChild(facts);
  if (!t[4].length) { main.appendChild(el('p', null, 'no time accumulated')); return; }
  // its functions, every one the filters keep (a long list draws the
  // rows near the window)
  const rows = t[4].map((r, i) => i).filter((i) => keeps(P, t[4][i][0]));
  const columns = [
    ['% time', (i) => t[4][i][1], (i) => td(figure(t[3] > 0 ? 100 * t[4][i][1] / t[3] : 0, 2)), null, 'percent'],
    ['self ' + P.p.dimension, (i) => t[4][i][1], (i) => td(figure(t[4][i][1] / P.hz, 2)), null, 'self'],
    ['samples', (i) => t[4][i][1], (i) => td(String(t[4][i][1])), null, 'samples'],
    ['name', (i) => P.nameRank()[t[4][i][0] + 1], (i) => nameCell(P, t[4][i][0]), 'name', 'name'],
  ];
  const table = sortableTable('thread-functions', columns, rows, { col: -1, dir: -1 });
  main.appendChild(table.node);
  table.render(true);
  const v = filteredFlame(P.threadView(k));
  main.appendChild(el('h3', null, 'Its call stacks'));
  return flameView(v, (n, name) => hue(name), (n, name) => name + ' (' + v.nodeSamples[n] + ' samples, ' +
    fixed(100 * v.nodeSamples[n] / v.flameTotal, 2) + '% of the thread\u2019s)', (info, f) => { if (f >= 0) info.appendChild(link('its call-graph entry', 'fn/' + f)); },
  'thread/' + k, params);
}

