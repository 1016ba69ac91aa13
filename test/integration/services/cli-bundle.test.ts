import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, type CliMetafile } from '../../../scripts/build-cli.mjs';
import { catalogue } from '../../../src/shared/contract/catalogue';
import { API_KEY_ARGUMENT_WARNING } from '../../../src/main/cli/args/secret-args';
import { CLI_FILES } from '../../../src/main/platform/cli-command-install';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';

/*
 * The `databridge` command as `npm run build` makes it (scripts/build-cli.mjs), its entry and
 * bundles built into a temporary folder and run by plain Node, without tsx. A probe preloaded
 * into each run reports at exit whether zod was loaded (zod registers a global registry when
 * it loads, and the catalogue is made of zod schemas) and whether Node's TLS and HTTP modules
 * were (undici and the HTTP stack load node:tls; node:net is left out, Node loads it for piped
 * stdio).
 */

const runFile = promisify(execFile);

let dir: string;
let built: Awaited<ReturnType<typeof buildCli>>;
let probe: string;
let metafile: CliMetafile;
let env: RecordingEmulator;

const PROBE = `const { writeSync } = require('node:fs');
process.on('exit', () => {
  const network = process.moduleLoadList.filter((m) => /^NativeModule (tls|http|https)$/.test(m));
  writeSync(2, '\\nprobe ' + JSON.stringify({ zod: '__zod_globalRegistry' in globalThis, network }) + '\\n');
});
`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'databridge-bundle-'));
  probe = join(dir, 'probe.cjs');
  await writeFile(probe, PROBE);
  built = await buildCli({ outDir: join(dir, 'cli'), metafile: true });
  if (!built.metafile) throw new Error('esbuild gave no metafile');
  metafile = built.metafile;
  env = await startRecordingEmulator();
}, 180_000);

afterAll(async () => {
  await env?.close();
  await rm(dir, { recursive: true, force: true });
});

interface BundleRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** What the probe saw loaded by the time the process exited. */
  readonly loaded: { zod: boolean; network: string[] };
}

/** Runs `node databridge.cjs ...args` with a clean environment (no key from the tester's). */
function runBundle(
  args: readonly string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
): Promise<BundleRun> {
  const child = spawn(process.execPath, ['--require', probe, built.entry, ...args], {
    cwd: dir,
    env: { PATH: process.env['PATH'] ?? '', HOME: dir, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(options.stdin ?? '');
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const at = stderr.lastIndexOf('\nprobe ');
      if (at < 0) return reject(new Error(`no probe line in: ${stderr}`));
      const loaded = JSON.parse(stderr.slice(at + '\nprobe '.length)) as BundleRun['loaded'];
      resolve({ code, stdout, stderr: stderr.slice(0, at), loaded });
    });
  });
}

/** Every module the entry loads at start-up: its static imports, followed all the way down. */
function startupModules(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    for (const next of metafile.inputs[path]?.imports ?? []) {
      if (next.external || next.kind === 'dynamic-import' || seen.has(next.path)) continue;
      seen.add(next.path);
      queue.push(next.path);
    }
  }
  return seen;
}

describe('the databridge bundle', () => {
  it('is an executable entry that Node runs directly, and the bundles beside it', async () => {
    const files = [built.entry, built.main, built.run, built.deps];
    expect([...files, built.wasm].map((file) => basename(file))).toEqual(CLI_FILES);
    const text = await readFile(built.entry, 'utf8');
    expect(text.split('\n', 1)[0]).toBe('#!/usr/bin/env node');
    expect((await stat(built.entry)).mode & 0o111).not.toBe(0);
    expect(text).toContain(`require('./${CLI_FILES[1]}')`);
    // keytar is a native addon: required from node_modules when the keychain is opened.
    for (const bundle of files.slice(1)) {
      expect(await readFile(bundle, 'utf8')).not.toMatch(/keytar\/build\/Release/);
    }
    // zod's messages in English only (what the command prints), not in every language.
    const run = await readFile(built.run, 'utf8');
    expect(run).toMatch(/zod\/v4\/locales\/en\.js/);
    expect(run).not.toMatch(/zod\/v4\/locales\/de\.js/);
  });

  it("turns on Node's compile cache in the user's cache folder, and still answers without one", async () => {
    // The user's own cache folder, not the shared temporary one (see scripts/build-cli.mjs).
    const home = (folder: string): Record<string, string> => ({
      HOME: folder,
      USERPROFILE: folder,
      XDG_CACHE_HOME: join(folder, '.cache'),
      LOCALAPPDATA: join(folder, 'AppData', 'Local'),
      NODE_COMPILE_CACHE: '',
    });
    const cacheOf = (folder: string): string =>
      process.platform === 'win32'
        ? join(folder, 'AppData', 'Local', 'databridge', 'compile-cache')
        : process.platform === 'darwin'
          ? join(folder, 'Library', 'Caches', 'databridge', 'compile-cache')
          : join(folder, '.cache', 'databridge', 'compile-cache');
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    const cached = await runBundle(['--version'], { env: home(dir) });
    expect(cached).toMatchObject({ code: 0, stdout: `databridge ${pkg.version}\n`, stderr: '' });
    expect(await readdir(cacheOf(dir))).not.toEqual([]);
    // A file where the folders should be: Node cannot keep the cache, and says nothing.
    const blocked = join(dir, 'not-a-folder');
    await writeFile(blocked, '');
    expect(await runBundle(['--version'], { env: home(blocked) })).toEqual(cached);
  });

  it('answers --version and --help without loading zod (the catalogue) or the HTTP stack', async () => {
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    const version = await runBundle(['--version']);
    expect(version).toEqual({
      code: 0,
      stdout: `databridge ${pkg.version}\n`,
      stderr: '',
      loaded: { zod: false, network: [] },
    });
    const help = await runBundle(['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '', loaded: { zod: false, network: [] } });
    expect(help.stdout).toMatch(/^Usage: databridge /);
    for (const op of catalogue) expect(help.stdout).toContain(`    ${op.id} `);
  });

  it('answers --version, --help and completion without reading the run bundle', async () => {
    const alone = join(dir, 'without-run');
    await mkdir(alone);
    for (const file of [built.entry, built.main]) await copyFile(file, join(alone, basename(file)));
    const run = (args: string[]): Promise<{ code: number; stdout: string }> =>
      runFile(process.execPath, [join(alone, CLI_FILES[0]), ...args], {
        env: { PATH: process.env['PATH'] ?? '', HOME: dir },
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    expect(await run(['--version'])).toEqual({
      code: 0,
      stdout: expect.stringMatching(/^databridge /) as unknown,
    });
    expect(await run(['--help'])).toEqual({
      code: 0,
      stdout: expect.stringMatching(/^Usage: databridge /) as unknown,
    });
    expect(await run(['completion', 'zsh'])).toMatchObject({ code: 0 });
    // An operation needs it: the copy without it cannot run one.
    expect((await run(['instances', 'list'])).code).not.toBe(0);
  });

  it('prints a completion script from the model written into it, without loading zod', async () => {
    const run = await runBundle(['completion', 'bash']);
    expect(run).toMatchObject({ code: 0, stderr: '', loaded: { zod: false, network: [] } });
    expect(run.stdout).toMatch(/^complete -F _databridge databridge$/m);
    for (const op of catalogue) {
      expect(run.stdout).toMatch(new RegExp(`^ {4}${op.id}\\) opts=`, 'm'));
    }
  });

  it('loads nothing but the help, the version and the option list at start-up', () => {
    const modules = [...startupModules('src/main/cli.ts')];
    expect(modules.filter((path) => /node_modules|contract\/catalogue/.test(path))).toEqual([]);
    expect(modules.filter((path) => path.startsWith('src/main/services/'))).toEqual([
      'src/main/services/http/service-limits.ts',
    ]);
    const lazy = metafile.inputs['src/main/cli.ts']?.imports.filter(
      (next) => next.kind === 'dynamic-import',
    );
    // Loaded from the second bundle, which a run that needs none of it never reads.
    expect(lazy?.map((next) => next.path)).toContain(
      `${CLI_FILES[2]}:src/main/cli/commands/runner.ts`,
    );
  });

  it('refuses invalid input before any request, without loading the HTTP stack', async () => {
    const before = env.requests.length;
    const refused = await runBundle(['databases', 'create', '--base-url', env.emulator.baseUrl], {
      env: { DATABRIDGE_API_KEY: 'demo-admin-key' },
    });
    expect(refused).toMatchObject({ code: 2, stdout: '', loaded: { zod: true, network: [] } });
    expect(refused.stderr).toMatch(/^error VALIDATION: /);
    expect(env.requests.length).toBe(before);
  });

  it('calls the emulator with the key from standard input', async () => {
    const listed = await runBundle(
      ['instances', 'list', '--base-url', env.emulator.baseUrl, '--api-key-stdin'],
      { stdin: 'demo-admin-key\n' },
    );
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(listed.loaded.network).toContain('NativeModule tls');
    expect((JSON.parse(listed.stdout) as { name: string }[]).map((i) => i.name)).toEqual([
      'sql-eu-prod-01',
      'sql-eu-dev-01',
      'sql-eu-test-01',
    ]);
    expect(env.count(/^GET \/databridge\/v1\/sql-instances /)).toBeGreaterThan(0);
  });

  it('prints the answer as --output and --query say, the JMESPath library bundled', async () => {
    const listed = await runBundle(
      [
        'instances',
        'list',
        '--base-url',
        env.emulator.baseUrl,
        '-o',
        'tsv',
        '--query',
        '[].{name: name, status: status}',
      ],
      { env: { DATABRIDGE_API_KEY: 'demo-admin-key' } },
    );
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(listed.stdout.split('\n')).toEqual([
      'name\tstatus',
      expect.stringMatching(/^sql-eu-prod-01\t\w+$/) as unknown,
      expect.stringMatching(/^sql-eu-dev-01\t\w+$/) as unknown,
      expect.stringMatching(/^sql-eu-test-01\t\w+$/) as unknown,
      '',
    ]);
  });

  it('still takes --api-key KEY, with the warning on stderr', async () => {
    const listed = await runBundle([
      'instances',
      'list',
      '--base-url',
      env.emulator.baseUrl,
      '--api-key',
      'demo-admin-key',
    ]);
    expect(listed).toMatchObject({ code: 0, stderr: API_KEY_ARGUMENT_WARNING });
    expect(JSON.parse(listed.stdout)).toHaveLength(3);
  });
});
