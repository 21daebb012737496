// SPDX-License-Identifier: GPL-3.0-or-later
// tests/cli/html/verdicts.js: the lines tests/run reads ("ok NAME",
// "not ok NAME: why", one line each), written once for every browser
// test of this folder, and the count of failures for the exit status.
'use strict';

let failures = 0;

function ok(name) { console.log('ok ' + name); }
function notOk(name, why) { failures++; console.log('not ok ' + name + ': ' + String(why).replace(/\n/g, ' | ')); }
function expectEq(name, expected, actual) {
  const e = JSON.stringify(expected), a = JSON.stringify(actual);
  if (e === a) ok(name); else notOk(name, 'expected ' + e + ', got ' + a);
}
function expect(name, cond, why) { if (cond) ok(name); else notOk(name, why); }
// the exit status: 1 when any verdict failed
function status() { return failures ? 1 : 0; }

module.exports = { ok, notOk, expectEq, expect, status };
