import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildServer, cannotBuildServer } from '../../../scripts/build-server.mjs';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { parsePromText } from '../../support/prometheus-text';

/*
 * deploy/systemd/README.md followed as written: the single executable of `npm run
 * build:server` is built here, then the README's install steps run in bash under a temporary
 * root (its absolute paths moved there, its port a free one), the unit's ExecStart is started
 * by hand against the emulator, and the README's scrape finds the configured instance up. The
 * host's Node is never used: the executable carries its own.
 */

const SYSTEMD = resolve('deploy', 'systemd');
const refused = cannotBuildServer();
const KEY = 'demo-admin-key';

let emulator: RecordingEmulator | undefined;
let root: string;
let server: ChildProcess | undefined;
let serverOutput = '';

beforeAll(async () => {
  if (refused) return;
  root = await mkdtemp(join(tmpdir(), 'databridge-systemd-'));
  await buildServer({ outDir: join(root, 'copied') });
  emulator = await startRecordingEmulator();
}, 120_000);

beforeEach((context) => {
  if (refused) context.skip(refused);
});

afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    process.kill(-server.pid, 'SIGTERM');
    await new Promise((done) => server?.once('exit', done));
  }
  await emulator?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** The fenced sh blocks between the README's "by hand" marks, in order. */
function byHandBlocks(readme: string): string[] {
  const section = readme.split('<!-- by hand: begin -->')[1]?.split('<!-- by hand: end -->')[0];
  if (!section) throw new Error('the README has no "by hand" section');
  return [...section.matchAll(/```sh\n([^]*?)```/g)].map((match) => match[1] ?? '');
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

/** A block with the README's absolute paths under the temporary root and the port changed. */
function moved(block: string, port: number): string {
  return block
    .replaceAll('/usr/local/bin/', `${root}/usr/local/bin/`)
    .replaceAll('/etc/databridge-monitor', `${root}/etc/databridge-monitor`)
    .replaceAll('9420', String(port));
}

function hostEnv(): NodeJS.ProcessEnv {
  // No Node on this PATH's first places matters: the executable never looks for one.
  return { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', HOME: join(root, 'home'), API_KEY: KEY };
}

function runBlock(block: string, cwd: string) {
  return spawnSync('bash', ['-euo', 'pipefail', '-c', block], {
    cwd,
    env: hostEnv(),
    encoding: 'utf8',
  });
}

async function scrapeUntilUp(block: string, cwd: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const scraped = runBlock(block, cwd);
    if (scraped.status === 0 && / 1$/m.test(scraped.stdout)) return scraped.stdout;
    if (Date.now() > deadline) {
      throw new Error(`no instance up after 60 s: ${scraped.stderr}\n${serverOutput}`);
    }
    await new Promise((done) => setTimeout(done, 500));
  }
}

it('installs, starts by hand and scrapes as deploy/systemd/README.md says, with no Node on the host', async () => {
  const readme = await readFile(join(SYSTEMD, 'README.md'), 'utf8');
  const unit = await readFile(join(SYSTEMD, 'databridge-monitor.service'), 'utf8');
  const blocks = byHandBlocks(readme);
  expect(blocks).toHaveLength(5);
  const [install, configure, secrets, start, scrape] = blocks as [string, ...string[]];
  // Step 4 is the unit's ExecStart with %E and %d as the README says.
  const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
  expect(start).toContain(execStart.replace('%E', '/etc').replace('%d', '/etc/databridge-monitor'));
  const here = join(root, 'copied');
  await mkdir(join(root, 'home'));
  await copyFile(
    join(SYSTEMD, 'databridge-monitor.service'),
    join(here, 'databridge-monitor.service'),
  );
  // The configuration a team would write: the emulator as its service, one instance expected.
  const config = {
    intervalSeconds: 1,
    connections: [
      {
        name: 'team',
        baseUrl: emulator?.emulator.baseUrl,
        apiKeyEnv: 'DATABRIDGE_API_KEY',
        instances: ['sql-eu-prod-01'],
      },
    ],
  };
  await writeFile(join(here, 'config.example.json'), JSON.stringify(config));
  const port = await freePort();
  for (const block of [install, configure, secrets]) {
    const ran = runBlock(moved(block ?? '', port), here);
    expect(ran.status, ran.stderr).toBe(0);
  }
  for (const secret of ['environment', 'token']) {
    const { mode } = await stat(join(root, 'etc', 'databridge-monitor', secret));
    expect((mode & 0o777).toString(8)).toBe('600');
  }
  server = spawn('bash', ['-euo', 'pipefail', '-c', moved(start ?? '', port)], {
    cwd: here,
    env: hostEnv(),
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  const scraped = await scrapeUntilUp(moved(scrape ?? '', port), here);
  const up = parsePromText(scraped).filter((sample) => sample.name === 'databridge_instance_up');
  const team = up.find((sample) => sample.labels['instance'] === 'sql-eu-prod-01');
  expect(team).toMatchObject({ labels: { profile: 'team' }, value: 1 });
}, 120_000);
