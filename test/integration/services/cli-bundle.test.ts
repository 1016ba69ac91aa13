import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, type CliMetafile } from '../../../scripts/build-cli.mjs';
import { catalogue } from '../../../src/shared/contract/catalogue';
import { API_KEY_ARGUMENT_WARNING } from '../../../src/main/cli/cli-secret-args';
import { startRecordingEmulator, type RecordingEmulator } from './helpers/emulator-fixture';

/*
 * The `databridge` bundle as `npm run build` makes it (scripts/build-cli.mjs), built into a
 * temporary folder and run by plain Node, without tsx. A probe preloaded into each run reports
 * at exit whether zod was loaded (zod registers a global registry when it loads, and the
 * catalogue is made of zod schemas) and whether Node's TLS and HTTP modules were (undici and
 * the HTTP stack load node:tls; node:net is left out, Node loads it for piped stdio).
 */

let dir: string;
let bundle: string;
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
  const built = await buildCli({ outFile: join(dir, 'databridge.cjs'), metafile: true });
  bundle = built.outFile;
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
  const child = spawn(process.execPath, ['--require', probe, bundle, ...args], {
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
  it('is one executable file that Node runs directly', async () => {
    const text = await readFile(bundle, 'utf8');
    expect(text.split('\n', 1)[0]).toBe('#!/usr/bin/env node');
    expect((await stat(bundle)).mode & 0o111).not.toBe(0);
    // keytar is a native addon: required from node_modules when the keychain is opened.
    expect(text).not.toMatch(/keytar\/build\/Release/);
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
    expect(lazy?.map((next) => next.path)).toContain('src/main/cli/cli-runner.ts');
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
