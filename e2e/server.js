// Starts the real server binary on a free loopback port with a fresh
// SQLite file, and stops it again; and the set-up the browser tests share
// (a file's server and browser, a watched page, a finished game).

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before } from 'node:test';

import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.unref();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/**
 * The command that serves: `TK_SERVER_CMD` (with `{addr}` and `{db}`), or
 * `TK_BIN` (default target/debug/tash-kalar) `serve --addr {addr} --db {db}`.
 */
function command(addr, db, extra) {
  const template = process.env.TK_SERVER_CMD;
  if (template) {
    const parts = template.split(/\s+/).filter(Boolean).map((p) => p.replace('{addr}', addr).replace('{db}', db));
    return [parts[0], [...parts.slice(1), ...extra]];
  }
  const bin = process.env.TK_BIN || join(ROOT, 'target', 'debug', 'tash-kalar');
  // every test's browser comes from 127.0.0.1: the per-address allowances
  // (games created, seats joined, connections) are lifted so the tests don't meet them
  return [bin, ['serve', '--addr', addr, '--db', db, '--bot-pause-ms', '100', '--games-per-minute', '0',
    '--joins-per-minute', '0', '--max-connections-per-address', '10000',
    // a debug build: analyses cheap enough for a test
    '--analysis-iterations', '20', ...extra]];
}

/** Starts a server; `extra`: more `serve` arguments (`['--claim-after', '2']`). */
export async function startServer(extra = []) {
  const dir = mkdtempSync(join(tmpdir(), 'tash-kalar-e2e-'));
  const port = await freePort();
  const addr = `127.0.0.1:${port}`;
  const [bin, args] = command(addr, join(dir, 'games.sqlite'), extra);
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RUST_LOG: process.env.RUST_LOG || 'warn' } });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((ok) => child.on('exit', (code, signal) => ok({ code, signal })));
  const base = `http://${addr}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      const r = await fetch(`${base}/api/cards`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 30 s:\n${output}`);
    }
    await new Promise((ok) => setTimeout(ok, 200));
  }
  return {
    base,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(t);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/**
 * A file's server and browser: `before` starts the server (`extra`: more
 * `serve` arguments) and launches Chromium, `after` closes both. Called at
 * the top of a test file; what it returns stands for the two once `before`
 * has run (each property read goes to the real one, methods bound), so a
 * file writes `server.base` and `browser.newContext()` as before.
 */
export function serverAndBrowser(extra = []) {
  const held = {};
  before(async () => {
    held.server = await startServer(extra);
    held.browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  after(async () => {
    await held.browser?.close();
    await held.server?.stop();
  });
  const later = (name) => new Proxy({}, {
    get(_, key) {
      const it = held[name];
      if (!it) throw new Error(`the ${name} is there once before() has run`);
      const v = it[key];
      return typeof v === 'function' ? v.bind(it) : v;
    },
  });
  return { server: later('server'), browser: later('browser') };
}

/**
 * Watches a page for a test: its script errors are collected in
 * `page.errors` (and so are browser dialogs, dismissed, with `dialogs:
 * true`: a page that must use its own), and `timeout` is its default wait.
 */
export function watched(page, timeout, { dialogs = false } = {}) {
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  if (dialogs) {
    page.on('dialog', (d) => {
      page.errors.push(`a browser dialog: ${d.message()}`);
      d.dismiss();
    });
  }
  page.setDefaultTimeout(timeout);
  return page;
}

/** A page in a new browser context (`options`: its viewport, locale...), [`watched`]. */
export async function openPage(browser, options, timeout, watch = {}) {
  const context = await browser.newContext(options);
  return watched(await context.newPage(), timeout, watch);
}

/** A game of two random bots on `base`'s server, played to its end: its id. */
export async function finishedBotGame(base, timeout) {
  const body = { form: 'duel', seats: [{ school: 'northern', player: 'bot', bot: 'random' }, { school: 'southern', player: 'bot', bot: 'random' }] };
  const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const game = await r.json();
  assert.equal(r.status, 201, JSON.stringify(game));
  const deadline = Date.now() + timeout;
  for (;;) {
    const s = await (await fetch(`${base}/api/games/${game.id}`)).json();
    if (s.status === 'over') return game.id;
    assert.ok(Date.now() < deadline, 'the bots finish their game');
    await new Promise((ok) => setTimeout(ok, 200));
  }
}
