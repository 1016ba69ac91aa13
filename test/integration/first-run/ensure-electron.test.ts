import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../electron/electron-binary';

/*
 * npm start's first step (scripts/ensure-electron.mjs) fetches the Electron binary through
 * the electron package's own installer. Here the installer is pointed, with ELECTRON_MIRROR,
 * at a mirror of the test's that answers 404 to everything: the test sees which file was
 * asked for, and that the step fails fast with a short message and no stack trace.
 */

interface Run {
  readonly code: number | null;
  readonly output: string;
}

function runFirstStep(env: Record<string, string>): Promise<Run> {
  const clean = { ...process.env };
  // The test's mirror is on loopback: no proxy of the machine's may stand in the way.
  for (const name of [
    'HTTPS_PROXY',
    'https_proxy',
    'HTTP_PROXY',
    'http_proxy',
    'ELECTRON_GET_USE_PROXY',
  ]) {
    delete clean[name];
  }
  const child = spawn(process.execPath, ['scripts/ensure-electron.mjs'], {
    env: { ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

describe("npm start's first step: the Electron binary", () => {
  let server: Server;
  let mirror: string;
  let cache: string;
  const requested: string[] = [];

  beforeEach(async () => {
    requested.length = 0;
    cache = await mkdtemp(join(tmpdir(), 'databridge-electron-cache-'));
    server = createServer((request, response) => {
      requested.push(request.url ?? '');
      response.writeHead(404, { 'content-type': 'text/plain' }).end('no such file');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(cache, { recursive: true, force: true });
  });

  it('is the first step of npm start and npm run dev', async () => {
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['start']).toMatch(
      /^node scripts\/ensure-electron\.mjs && electron-vite preview/,
    );
    expect(pkg.scripts['dev']).toMatch(/^node scripts\/ensure-electron\.mjs && electron-vite dev/);
  });

  it('asks the mirror for the pinned version and platform, and on a 404 says what to do', async () => {
    const { version } = JSON.parse(
      await readFile('node_modules/electron/package.json', 'utf8'),
    ) as { version: string };
    const started = Date.now();
    const run = await runFirstStep({ ELECTRON_MIRROR: mirror, electron_config_cache: cache });
    const seconds = (Date.now() - started) / 1000;

    if (!('reason' in findElectronBinary())) {
      // Where the binary is installed, the installer has nothing to fetch.
      expect(run.code, run.output).toBe(0);
      expect(requested).toEqual([]);
      return;
    }
    const file = `electron-v${version}-${process.platform}-${process.arch}.zip`;
    expect(requested).toContain(`/v${version}/${file}`);
    expect(run.code, run.output).not.toBe(0);
    expect(seconds).toBeLessThan(60);
    expect(run.output).toContain(`Electron ${version} binary`);
    expect(run.output).toContain(`tried: ${mirror}v${version}/${file}`);
    expect(run.output).toContain('404');
    expect(run.output).toContain('ELECTRON_MIRROR=');
    expect(run.output).toContain('HTTPS_PROXY=');
    expect(run.output).toContain('npm run harness');
    // No stack trace: no "    at fn (file:line)" lines, no error class names.
    expect(run.output).not.toMatch(/^\s+at /m);
    expect(run.output).not.toMatch(/HTTPError|TypeError/);
    expect(run.output.trim().split('\n').length).toBeLessThanOrEqual(12);
  });

  it('honours ELECTRON_CUSTOM_DIR for the folder under the mirror', async (context) => {
    if (!('reason' in findElectronBinary())) {
      context.skip('the Electron binary is installed here, so the installer fetches nothing');
    }
    const run = await runFirstStep({
      ELECTRON_MIRROR: mirror,
      ELECTRON_CUSTOM_DIR: 'builds/{{ version }}',
      electron_config_cache: cache,
    });
    expect(run.code).not.toBe(0);
    expect(requested.some((path) => /^\/builds\/\d+\.\d+\.\d+\/electron-v/.test(path))).toBe(true);
  });
});
