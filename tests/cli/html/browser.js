// SPDX-License-Identifier: GPL-3.0-or-later
// tests/cli/html/browser.js: Debian's chromium, headless, driven over the
// DevTools protocol through --remote-debugging-pipe (fd 3: our commands,
// fd 4: its answers and events, each message JSON ended by a NUL byte),
// with nothing but node's own modules: no npm package, no network.
//
// open(url) loads a page and records what a test must see fail: console
// errors, uncaught exceptions, log errors (a blocked load is one),
// dialogs (alert, confirm, prompt: answered at once), and every request
// other than the page itself, which is refused.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-default-apps', '--disable-extensions', '--mute-audio', '--hide-scrollbars'];

class Browser {
  constructor(executable, width, height) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gprof-html-chromium.'));
    this.proc = spawn(executable, [...FLAGS, '--user-data-dir=' + this.dir,
      '--window-size=' + width + ',' + height, '--remote-debugging-pipe', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    this.proc.stdio[2].on('data', (d) => { this.stderr = (this.stderr + d).slice(-4000); });
    this.next = 1;
    this.pending = new Map();
    this.listeners = [];
    this.buffer = Buffer.alloc(0);
    this.proc.stdio[4].on('data', (chunk) => this.receive(chunk));
    this.exited = new Promise((resolve) => this.proc.on('exit', resolve));
    this.problems = [];
    this.requests = [];
    this.dialogs = [];
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    let end;
    while ((end = this.buffer.indexOf(0)) >= 0) {
      const msg = JSON.parse(this.buffer.subarray(0, end).toString('utf8'));
      this.buffer = this.buffer.subarray(end + 1);
      if (msg.id && this.pending.has(msg.id)) {
        const { resolve, reject, method } = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error) reject(new Error(method + ': ' + msg.error.message));
        else resolve(msg.result);
      } else if (msg.method) {
        for (const l of this.listeners) l(msg);
      }
    }
  }

  send(method, params, sessionId) {
    const id = this.next++;
    const msg = { id, method, params: params || {} };
    if (sessionId) msg.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.proc.stdio[3].write(JSON.stringify(msg) + '\0');
    });
  }

  // a command to the page's session
  page(method, params) { return this.send(method, params, this.session); }

  waitFor(method, timeoutMs) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for ' + method)), timeoutMs);
      const l = (msg) => {
        if (msg.method === method && msg.sessionId === this.session) {
          clearTimeout(timer);
          this.listeners.splice(this.listeners.indexOf(l), 1);
          resolve(msg.params);
        }
      };
      this.listeners.push(l);
    });
  }

  // before(): DevTools commands sent before the page loads (a benchmark
  // starts its CPU clock there)
  async open(url, width, height, before) {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    this.session = (await this.send('Target.attachToTarget', { targetId, flatten: true })).sessionId;
    this.url = url;
    this.listeners.push((msg) => this.watch(msg));
    await this.page('Page.enable');
    await this.page('Runtime.enable');
    await this.page('Log.enable');
    await this.page('Network.enable');
    await this.page('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
    await this.page('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
    if (before) await before();
    const loaded = this.waitFor('Page.loadEventFired', 20000);
    const started = Date.now();
    await this.page('Page.navigate', { url });
    await loaded;
    await this.until('document.body && document.body.dataset.ready === "1"', 20000);
    return Date.now() - started;
  }

  // another page in the same tab (a new browser costs more): what the
  // last page logged is forgotten, its emulated size and media reset
  async navigate(url, width, height) {
    this.url = url;
    this.problems = [];
    this.requests = [];
    this.dialogs = [];
    await this.page('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
    await this.page('Emulation.setEmulatedMedia', { features: [] });
    const loaded = this.waitFor('Page.loadEventFired', 20000);
    await this.page('Page.navigate', { url });
    await loaded;
    await this.until('document.body && document.body.dataset.ready === "1"', 20000);
  }

  watch(msg) {
    const p = msg.params;
    const base = this.url.split('#')[0];
    switch (msg.method) {
    case 'Fetch.requestPaused':
      if (p.request.url.split('#')[0] === base) {
        this.send('Fetch.continueRequest', { requestId: p.requestId }, this.session).catch(() => {});
      } else {
        this.requests.push(p.request.url);
        this.send('Fetch.failRequest', { requestId: p.requestId, errorReason: 'BlockedByClient' }, this.session).catch(() => {});
      }
      break;
    case 'Network.requestWillBeSent':
      if (p.request.url.split('#')[0] !== base) this.requests.push(p.request.url);
      break;
    case 'Runtime.consoleAPICalled':
      if (p.type === 'error' || p.type === 'assert' || p.type === 'warning') {
        this.problems.push('console.' + p.type + ': ' + p.args.map((a) => a.value || a.description).join(' '));
      }
      break;
    case 'Runtime.exceptionThrown':
      this.problems.push('exception: ' + (p.exceptionDetails.exception ? p.exceptionDetails.exception.description : p.exceptionDetails.text));
      break;
    case 'Log.entryAdded':
      if (p.entry.level === 'error' || p.entry.level === 'warning') this.problems.push('log: ' + p.entry.text);
      break;
    case 'Page.javascriptDialogOpening':
      this.dialogs.push(p.type + ': ' + p.message);
      this.send('Page.handleJavaScriptDialog', { accept: true }, this.session).catch(() => {});
      break;
    default:
    }
  }

  // the value of an expression in the page (promises awaited)
  async eval(expression) {
    const r = await this.page('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error('in the page: ' + (r.exceptionDetails.exception ? r.exceptionDetails.exception.description : r.exceptionDetails.text));
    return r.result.value;
  }

  // an expression that throws (an element not drawn yet) is not yet true
  async until(expression, timeoutMs) {
    const end = Date.now() + (timeoutMs || 5000);
    for (;;) {
      let why = '';
      try {
        if (await this.eval('!!(' + expression + ')')) return;
      } catch (e) {
        why = ' (' + e.message + ')';
      }
      if (Date.now() > end) throw new Error('timed out waiting for ' + expression + why);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  // a real mouse click at the middle of the element, as a user clicks
  async click(selector) {
    const box = await this.eval(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      if (!e) return null; e.scrollIntoView({ block: 'center', inline: 'center' });
      const r = e.getBoundingClientRect(); return [r.left + Math.min(r.width / 2, 20), r.top + r.height / 2]; })()`);
    if (!box) throw new Error('nothing to click: ' + selector);
    for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
      await this.page('Input.dispatchMouseEvent', { type, x: box[0], y: box[1], button: 'left', clickCount: 1 });
    }
  }

  // type into a field: focus it, clear it, then insert the text
  async type(selector, text) {
    await this.eval(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); e.focus(); e.select(); })()`);
    await this.page('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 });
    await this.page('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 });
    if (text) await this.page('Input.insertText', { text });
  }

  async back() { await this.eval('history.back()'); }
  async forward() { await this.eval('history.forward()'); }

  async screenshot(file) {
    const r = await this.page('Page.captureScreenshot', { format: 'png' });
    fs.writeFileSync(file, Buffer.from(r.data, 'base64'));
  }

  async close() {
    try { await Promise.race([this.send('Browser.close'), new Promise((r) => setTimeout(r, 3000))]); } catch (e) { /* gone */ }
    const t = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(t);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

module.exports = { Browser };
