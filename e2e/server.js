// Starts the real server binary on a free loopback port with a fresh
// SQLite file, and stops it again.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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
