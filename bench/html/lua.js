// SPDX-License-Identifier: GPL-3.0-or-later
// bench/html/lua.js: the views of issue 41's second half on Lua's
// --html page (bench/html/lua.sh makes it), in chromium: each checked
// against figures computed here from the page's own data (the samples
// land where the run put them: what must hold whatever they are), and
// axe-core on each view.  Prints "ok NAME" / "not ok NAME: why".
// usage: node lua.js PAGE.html
'use strict';
const fs = require('fs');
const path = require('path');
const tests = path.join(__dirname, '../../tests/cli/html');
const { Browser } = require(path.join(tests, 'browser.js'));
const { notOk, expectEq, expect, status } = require(path.join(tests, 'verdicts.js'));
const AXE = fs.readFileSync(path.join(tests, 'node_modules/axe-core/axe.min.js'), 'utf8');

const page = path.resolve(process.argv[2]);
const html = fs.readFileSync(page, 'utf8');
const block = (id) => JSON.parse(new RegExp('id="' + id + '">([^]*?)</script>').exec(html)[1]);
const prof = block('gprof-data').profiles[0];
const flame = block('gprof-flame-0');
const name = (i) => (i < 0 ? '[unknown]' : prof.fn[i][1] === null ? prof.fn[i][0] : prof.fn[i][1]);
const n = flame.length / 3;
const fnOf = (k) => flame[3 * k], parentOf = (k) => flame[3 * k + 1], samplesOf = (k) => flame[3 * k + 2];
const own = [];
for (let k = 0; k < n; k++) own[k] = samplesOf(k);
for (let k = 0; k < n; k++) if (parentOf(k) >= 0) own[parentOf(k)] -= samplesOf(k);
// each stack (a node with samples of its own): its frames, outermost first
const stacks = [];
for (let k = 0; k < n; k++) {
  if (own[k] <= 0) continue;
  const frames = [];
  for (let q = k; q >= 0; q = parentOf(q)) frames.unshift(fnOf(q));
  stacks.push([frames, own[k]]);
}
const all = stacks.reduce((s, [, w]) => s + w, 0);
const sum = (keep) => stacks.reduce((s, [f, w]) => s + (keep(f) ? w : 0), 0);
const hits = (re) => (f) => f.some((i) => re.test(name(i)));

const FN = 'luaV_execute';
const re = new RegExp(FN);
const FRAMES = 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))';
async function go(b, hash, ready) {
  await b.eval(`location.hash = ${JSON.stringify(hash)}`);
  await b.until(ready, 10000);
  await b.eval(FRAMES);
}
async function axe(b, label) {
  if (!(await b.eval('!!window.axe'))) await b.eval(AXE);
  expectEq(label, [], await b.eval("axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.slice(0, 3).map((x) => x.target.join(' ')).join(', ')))"));
}
const total = 'filteredFlame(P).flameTotal';

(async () => {
  const b = new Browser(process.env.CHROMIUM || '/usr/bin/chromium', 1200, 800);
  try {
    await b.open('file://' + page + '#flat', 1200, 800);
    const id = prof.fn.findIndex((r, i) => name(i) === FN);
    expect('lua.setup', id >= 0 && n > 0, 'no ' + FN + ' or no stacks');
    // the filters on the flame graph: the samples of the stacks kept
    const through = sum(hits(re));
    await go(b, '#flame?focus=' + FN, "document.getElementById('flame-status')");
    expectEq('lua.focus.flame', through, await b.eval(total));
    await axe(b, 'lua.axe.focus-flame');
    await go(b, '#flame?ignore=' + FN, "document.getElementById('flame-status')");
    expectEq('lua.ignore.flame', all - through, await b.eval(total));
    await go(b, '#flame?show_from=' + FN, "document.getElementById('flame-status')");
    expectEq('lua.show-from.flame', [through, [FN]], [await b.eval(total),
      await b.eval("[...new Set(Array.from(filteredFlame(P).kidsOf(-1)).map((k) => P.name(filteredFlame(P).nodeFn[k])))]")]);
    await go(b, '#flame?hide=' + FN, "document.getElementById('flame-status')");
    expectEq('lua.hide.flame', [sum((f) => f.some((i) => !re.test(name(i)))), 0],
      [await b.eval(total), await b.eval(`Array.from(document.querySelectorAll('#flame-box .frame')).filter((f) => f.title.startsWith('${FN} ')).length`)]);
    // the flat profile with focus: the functions on a call path through it
    const callers = prof.fn.map(() => []), callees = prof.fn.map(() => []);
    for (const a of prof.arcs) if (a[0] >= 0 && a[1] >= 0) { callees[a[0]].push(a[1]); callers[a[1]].push(a[0]); }
    const reach = (from, next) => { const seen = new Set([from]), todo = [from]; while (todo.length) for (const j of next[todo.pop()]) if (!seen.has(j)) { seen.add(j); todo.push(j); } return seen; };
    const up = reach(id, callers), down = reach(id, callees);
    const flatKept = prof.fn.filter((r, i) => (r[13] & 1) && (up.has(i) || down.has(i))).length;
    await go(b, '#flat?focus=^' + FN + '$', "document.getElementById('flat-count')");
    expectEq('lua.focus.flat', flatKept + ' of ' + prof.fn.filter((r) => r[13] & 1).length + ' functions',
      await b.eval("document.getElementById('flat-count').textContent"));
    // the sandwich: every stack through it, its callers and callees
    await go(b, '#sandwich/' + id, "document.getElementById('sandwich-facts')");
    const facts = await b.eval("document.getElementById('sandwich-facts').textContent");
    expect('lua.sandwich.samples', facts.startsWith(through + ' sample'), facts);
    expectEq('lua.sandwich.roots', [FN + ' (' + through + ' samples, 100.00%)', FN + ' (' + through + ' samples, 100.00%)'],
      await b.eval("['callers', 'callees'].map((w) => document.querySelector('#sandwich-' + w + ' a.root').getAttribute('aria-label'))"));
    await axe(b, 'lua.axe.sandwich');
    // the picture: its callers and callees within two calls
    // (level by level, callers then callees at each: a function is drawn
    // at the first distance found, and only followed in that direction)
    const expected = new Set([id]);
    let upper = [id], lower = [id];
    for (let d = 0; d < 2; d++) {
      for (const [from, next] of [[upper, callers], [lower, callees]]) {
        const found = [];
        for (const i of from) for (const j of next[i]) if (!expected.has(j)) { expected.add(j); found.push(j); }
        if (next === callers) upper = found; else lower = found;
      }
    }
    await go(b, '#picture/' + id + '?depth=2', "document.getElementById('picture')");
    const drawn = await b.eval("document.querySelectorAll('#picture a.node').length");
    expect('lua.picture.nodes', drawn === Math.min(80, expected.size) || (expected.size > 80 && drawn === 80), drawn + ' drawn, ' + expected.size + ' within two calls');
    await axe(b, 'lua.axe.picture');
    await b.click('#picture a.node:not(.chosen) rect');
    await b.until("document.getElementById('entry-title')");
    expect('lua.picture.click', /^#fn\/\d+/.test(await b.eval('location.hash')), await b.eval('location.hash'));
    // short names: C names stay as they are
    await go(b, '#flat', "document.getElementById('flat')");
    const names = await b.eval("Array.from(document.querySelectorAll('#flat a.fn')).map((a) => a.textContent)");
    await go(b, '#flat?short=1', "document.getElementById('short-names').checked");
    expectEq('lua.short.c-names', names, await b.eval("Array.from(document.querySelectorAll('#flat a.fn')).map((a) => a.textContent)"));
    expectEq('lua.no-console-error', [], b.problems);
  } catch (e) {
    notOk('lua.run', e.stack || e);
  }
  await b.close();
  process.exit(status());
})();
