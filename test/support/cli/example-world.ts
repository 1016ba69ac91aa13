import { spawn } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { defaultDataDir, profilesFile } from '../../../src/main/services/config/app-paths';
import { silentLogger } from '../../../src/main/services/log/logger';
import { ProfileStore } from '../../../src/main/services/profiles/profile-store';
import { apiKeyClient, startRecordingEmulator } from '../emulator-fixture';
import { writeSampleDatabaseFile } from '../sample-files';
import { waitUntil } from '../transfer-rig';
import { builtCommand } from './run-cli';
import { answerOf, onTerminal } from './example-terminal';

/*
 * What the command lines of README.md and --help need to run as a reader would run them
 * (test/integration/services/cli-examples.test.ts): an emulator with its demo data, shared in
 * turn by the examples of one place (those that only read share one; those that change
 * something another, in the order shown), a folder with the files they name (./Sales.bak,
 * ./backups/Sales.bak, a part of it, login.json and password.json, a token file, a key file
 * in the home folder), the saved connections they name (Production, Staging, work:
 * connections to that emulator, which sign in with its demo key as the app's built-in one
 * does), and on the PATH `databridge` (the built command; a command line that does not say
 * where to connect gets the emulator's `--base-url`, as the README says to reach it) and
 * `pass`, the password manager of one example, standing in to print the demo key.
 */

const KEY = 'demo-admin-key';
/** The emulator's base URL as README and its banner write it (its default port). */
const DEFAULT_BASE_URL = 'http://127.0.0.1:7420/databridge';

/** The folders every example's world shares: its programs and a sample database file. */
export interface ExampleWorld {
  readonly root: string;
  readonly bin: string;
  readonly sample: string;
  /** The places examples run in, by name, each started when first used. */
  readonly places: Map<string, Promise<Place>>;
}

/** What an example needs besides its command line. */
export interface ExampleNeeds {
  /** A command line run first in the same world (`audit list` needs a change recorded). */
  readonly before?: string;
  /** A command line run after it whose output shows what it did (`complete -p databridge`). */
  readonly check?: string;
}

/** How an example ended. */
export interface ExampleRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** What it printed: its stdout, the file it wrote into with `>`, or its check's output. */
  readonly printed: string;
  /** What the world put in place of the text (the emulator's URL, an id from a list). */
  readonly notes: readonly string[];
}

const WRAPPER = `#!/bin/sh
# databridge as a reader runs it, the built command, connected to the test's emulator when
# the command line does not say where (README: "--base-url URL for the emulator").
for arg in "$@"; do
  case "$arg" in
    --profile|--profile=*|--base-url|--base-url=*|--region|--region=*|--help|-h|--version)
      exec "$DATABRIDGE_EXAMPLE_NODE" "$DATABRIDGE_EXAMPLE_ENTRY" "$@" ;;
  esac
done
case "$1" in
  completion|policy|audit|diagnostics|monitor)
    exec "$DATABRIDGE_EXAMPLE_NODE" "$DATABRIDGE_EXAMPLE_ENTRY" "$@" ;;
esac
exec "$DATABRIDGE_EXAMPLE_NODE" "$DATABRIDGE_EXAMPLE_ENTRY" "$@" --base-url "$DATABRIDGE_EXAMPLE_URL"
`;

const PASS = `#!/bin/sh
# pass, the password manager of the README's example, standing in: it prints the demo key.
echo ${KEY}
`;

/** Makes the shared folders of the examples under `root`. */
export async function startExampleWorld(root: string): Promise<ExampleWorld> {
  const bin = join(root, 'bin');
  await mkdir(bin, { recursive: true });
  for (const [name, text] of [
    ['databridge', WRAPPER],
    ['pass', PASS],
  ] as const) {
    await writeFile(join(bin, name), text);
    await chmod(join(bin, name), 0o755);
  }
  const sample = join(root, 'Sales.bak');
  await writeSampleDatabaseFile(sample, 'bak', 256 * 1024, 'examples');
  return { root, bin, sample, places: new Map() };
}

/** A free port on the loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A file holding `text`, readable by its owner only (as keys and tokens must be). */
async function secretFile(path: string, text: string): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, text, { mode: 0o600 });
}

/** The files the examples name, in `cwd` and `home`. */
async function placeFiles(world: ExampleWorld, cwd: string, home: string): Promise<void> {
  await mkdir(join(cwd, 'backups'), { recursive: true });
  await copyFile(world.sample, join(cwd, 'Sales.bak'));
  await copyFile(world.sample, join(cwd, 'backups', 'Sales.bak'));
  // One part of an upload in parts (the sample is smaller than a part: it is the last one).
  await copyFile(world.sample, join(cwd, 'Sales.bak.part1'));
  for (const name of ['login.json', 'password.json']) {
    await secretFile(join(cwd, name), `${JSON.stringify({ password: 'Ex4mple!Passw0rd' })}\n`);
  }
  await secretFile(join(cwd, 'token'), `${'5e'.repeat(24)}\n`);
  await secretFile(join(home, '.config', 'databridge', 'api-key'), `${KEY}\n`);
  await secretFile(join(home, '.databridge-key'), `${KEY}\n`);
  await mkdir(join(home, '.config', 'fish', 'completions'), { recursive: true });
}

/** The saved connections the examples name, to the emulator at `baseUrl`. */
async function saveConnections(dataDir: string, baseUrl: string): Promise<void> {
  const store = new ProfileStore({ file: profilesFile(dataDir), logger: silentLogger });
  await store.load();
  for (const name of ['Production', 'Staging', 'work']) {
    const target = { kind: 'custom' as const, baseUrl };
    await store.create({ name, target, auth: { kind: 'apiKey' }, isEmulator: true });
  }
}

type Emulator = Awaited<ReturnType<typeof startRecordingEmulator>>['emulator'];

/**
 * `text` as it runs in this world: the emulator's URL for its default one, an id from the
 * instance's list (an upload's: a new upload's) for one written as its first characters and
 * `...`, a free port for 9420.
 */
async function filledIn(text: string, emulator: Emulator, notes: string[]) {
  let filled = text.replaceAll(DEFAULT_BASE_URL, emulator.baseUrl);
  if (filled !== text) notes.push(`${DEFAULT_BASE_URL} is the emulator's, ${emulator.baseUrl}`);
  const instance = /--instanceName (\S+)/.exec(text)?.[1] ?? '';
  const { client, dispatcher } = apiKeyClient(emulator);
  try {
    for (const [option, pick] of [
      [
        'archiveId',
        async () =>
          (await client.call('archives.list', { pathParams: { instanceName: instance } }))[0]
            ?.archiveId,
      ],
      [
        'jobId',
        async () => {
          const jobs = await client.call('jobs.listByInstance', {
            pathParams: { instanceName: instance },
          });
          // One that succeeded: jobs wait ends with 5 for one that failed, as the README says.
          return jobs.find((job) => job.status === 'Succeeded')?.id;
        },
      ],
      [
        'uploadId',
        async () => {
          // As its reader would: the id `uploads init` printed for the same upload.
          const key = (name: string) => new RegExp(`--${name} (\\S+)`).exec(text)?.[1] ?? '';
          const pathParams = {
            instanceName: instance,
            databaseName: key('databaseName'),
            fileExtension: key('fileExtension'),
          };
          return (await client.call('uploads.init', { pathParams } as never)).uploadId;
        },
      ],
    ] as const) {
      const elided = new RegExp(`--${option} ([0-9a-f]+\\.\\.\\.)`).exec(filled)?.[1];
      if (elided === undefined) continue;
      const id = (await pick()) ?? '';
      filled = filled.replace(elided, id);
      const from = option === 'uploadId' ? 'a new upload' : `the list of ${instance}`;
      notes.push(`${elided} is an id from ${from}: ${id}`);
    }
  } finally {
    await dispatcher.close();
  }
  if (/:9420\b/.test(filled)) {
    const port = await freePort();
    filled = filled.replace(/:9420\b/, `:${port}`);
    notes.push(`port 9420 may be taken on a test machine: ${port}`);
  }
  return filled;
}

interface Shell {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/** Runs `text` in bash; a `monitor serve`, which runs until stopped, until it answers. */
function bash(text: string, shell: Shell, server?: () => Promise<string>) {
  const child = spawn('bash', ['-c', text], { ...shell, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ended = new Promise<number>((resolve) =>
    child.once('close', (code) => resolve(code ?? -1)),
  );
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return (async () => {
    let answer = '';
    if (server) {
      answer = await server();
      child.kill('SIGTERM');
    }
    const code = await ended;
    clearTimeout(timer);
    return { code, stdout, stderr, answer };
  })();
}

/** The /metrics of a `monitor serve` command line, once it listens. */
async function metricsOf(text: string, cwd: string): Promise<string> {
  const port = /--listen \S+:(\d+)/.exec(text)?.[1] ?? '9420';
  const token = (await readFile(join(cwd, 'token'), 'utf8')).trim();
  let body = '';
  await waitUntil(
    async () => {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => undefined);
      body = response?.ok ? await response.text() : '';
      return body.includes('databridge_connection_up');
    },
    60_000,
    'monitor serve answering /metrics',
  );
  return body;
}

/** A place where examples run: one emulator, folder and data folder, shared in turn. */
interface Place {
  readonly env: Awaited<ReturnType<typeof startRecordingEmulator>>;
  readonly cwd: string;
  readonly home: string;
  readonly shell: Shell;
}

/** Starts a place: a fresh emulator with its demo data, the files and connections named. */
async function startPlace(world: ExampleWorld): Promise<Place> {
  const dir = await mkdtemp(join(world.root, 'run-'));
  const [cwd, home] = [join(dir, 'cwd'), join(dir, 'home')];
  await mkdir(cwd, { recursive: true });
  const env = await startRecordingEmulator({ dataDir: join(dir, 'emulator') });
  await placeFiles(world, cwd, home);
  const xdg = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
  };
  await saveConnections(defaultDataDir(process.platform, xdg, home), env.emulator.baseUrl);
  const shell: Shell = {
    cwd,
    env: {
      ...process.env,
      ...xdg,
      COLUMNS: undefined,
      PATH: `${world.bin}:${process.env['PATH'] ?? ''}`,
      DATABRIDGE_API_KEY: KEY,
      DATABRIDGE_EXAMPLE_NODE: process.execPath,
      DATABRIDGE_EXAMPLE_ENTRY: builtCommand(),
      DATABRIDGE_EXAMPLE_URL: env.emulator.baseUrl,
      ...Object.fromEntries(
        ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'].map((name) => [name, '']),
      ),
    },
  };
  return { env, cwd, home, shell };
}

/** The place named `name` of `world`, started the first time it is asked for. */
function placeOf(world: ExampleWorld, name: string): Promise<Place> {
  let place = world.places.get(name);
  if (place === undefined) {
    place = startPlace(world);
    world.places.set(name, place);
  }
  return place;
}

/** Stops the emulators of `world`'s places. */
export async function closeExampleWorld(world: ExampleWorld): Promise<void> {
  const places = await Promise.allSettled(world.places.values());
  for (const place of places) if (place.status === 'fulfilled') await place.value.env.close();
}

/**
 * Runs one example in the place named `placeName` (every example of one place sees what the
 * ones before it changed there). A removal that asks first runs on a terminal, answered.
 */
export async function runExample(
  world: ExampleWorld,
  text: string,
  needs: ExampleNeeds = {},
  placeName = 'reads',
): Promise<ExampleRun> {
  const { env, cwd, home, shell } = await placeOf(world, placeName);
  const notes: string[] = [];
  if (needs.before !== undefined) {
    const first = await bash(needs.before, shell);
    if (first.code !== 0)
      throw new Error(`${needs.before} ended with ${first.code}: ${first.stderr}`);
    notes.push(`run first: ${needs.before}`);
  }
  const filled = await filledIn(text, env.emulator, notes);
  if (needs.check !== undefined) {
    // What it did shows only in the shell that ran it: the check runs after it, in it.
    const run = await bash(`${filled} && ${needs.check}`, shell);
    notes.push(`checked with: ${needs.check}`);
    return { ...run, printed: run.stdout, notes };
  }
  const answer = await answerOf(filled, cwd);
  if (answer !== undefined) {
    notes.push(`asks first: run on a terminal, answered ${answer}`);
    const run = await onTerminal(filled, answer, shell);
    return { ...run, printed: run.stdout, notes };
  }
  const serves = /\bmonitor serve\b/.test(filled) && !/ --help\b/.test(filled);
  const server = serves ? () => metricsOf(filled, cwd) : undefined;
  const run = await bash(filled, shell, server);
  // An example that writes its answer into a file prints it there.
  const written = /> (\S+)$/.exec(filled)?.[1]?.replace(/^~/, home);
  const file =
    written === undefined ? '' : await readFile(resolve(cwd, written), 'utf8').catch(() => '');
  return { ...run, printed: run.answer || run.stdout || file, notes };
}
