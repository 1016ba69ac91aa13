import { stat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSafeName } from '../../../src/emulator/blobs/blob-types';
import { sha256File } from '../../support/sample-files';
import {
  ENV,
  INSTANCE,
  MIB,
  dataDirOf,
  expectNoSecret,
  figure,
  journalsIn,
  jsonLines,
  useCliTransferSuite,
  waitForJson,
} from '../../support/cli/cli-transfer-kit';
import { apiKeyClient } from '../../support/emulator-fixture';
import { startForwardProxy, type ForwardProxy } from '../../support/forward-proxy';
import { spawnCli, type SpawnedCli } from '../../support/cli/run-cli';

/*
 * The CLI's downloads (`archives download`, and `export`'s download) as a script runs them:
 * a child process against the emulator over real HTTP through a forward proxy that records
 * every request with its headers, so the tests see what went to the pre-signed links (no
 * Authorization) and from which byte a resumed download asked (its Range). A run is killed at
 * an event it printed (bytes done in its --json lines); a bandwidth limit keeps the download
 * long enough for the kill to land in the middle of it.
 */

const PROD = 'sql-eu-prod-01';

const suite = useCliTransferSuite('cli-downloads');
let proxy: ForwardProxy;

beforeAll(async () => {
  proxy = await startForwardProxy();
});
afterAll(async () => {
  await proxy.close();
});

/** The connection options through the recording proxy, with a data folder of its own. */
function connection(): string[] {
  return [...suite.connection(), '--proxy', proxy.url, '--json'];
}

/** The requests to pre-signed links (the emulator's blob host) since `from`. */
function presigned(from: number): ForwardProxy['requests'] {
  return proxy.requests.slice(from).filter((r) => new URL(r.url).pathname.startsWith('/_blobs/'));
}

/** An archive of the demo seed whose file is the emulator's full 4 MiB. */
async function archiveAt(index: number): Promise<{ archiveId: string; name: string }> {
  const { client, dispatcher } = apiKeyClient(suite.env.emulator);
  const all = await client.call('archives.list', { pathParams: { instanceName: PROD } });
  await dispatcher.close();
  const archive = all.filter((a) => a.archiveId && a.name && a.sizeInMb >= 4)[index];
  if (!archive?.archiveId || !archive.name) throw new Error(`no archive #${index} in the seed`);
  return { archiveId: archive.archiveId, name: archive.name };
}

/** The file the emulator serves for an archive (written on its first `archives.get`). */
function servedArchive(archive: { archiveId: string; name: string }): string {
  const dir = fileSafeName(`archive-${archive.archiveId}`);
  return join(suite.emulatorDir, 'exports', dir, `${fileSafeName(archive.name)}.bak`);
}

/**
 * Kills `run` with SIGKILL once it printed at least `bytes` done, and answers how many bytes
 * its `.part` file holds then.
 */
async function killAfter(run: SpawnedCli, bytes: number, partFile: string): Promise<number> {
  await waitForJson(
    run,
    (line) => line['state'] === 'downloading' && figure(line, 'bytesDone') >= bytes,
    `${bytes} bytes downloaded`,
  );
  run.child.kill('SIGKILL');
  expect((await run.ended).signal).toBe('SIGKILL');
  return (await stat(partFile)).size;
}

describe('npm run cli -- archives download', () => {
  it('downloads the archive’s file byte-identical, sending no Authorization to its link', async () => {
    const archive = await archiveAt(0);
    const to = join(suite.root, `archive-${suite.next()}`);
    const from = proxy.requests.length;
    const args = ['archives', 'download', '--instanceName', PROD, '--to', to];
    const run = await spawnCli([...args, '--archiveId', archive.archiveId, ...connection()], ENV)
      .ended;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const file = join(to, `${archive.name}.bak`);
    expect(jsonLines(run.stdout).at(-1)).toMatchObject({
      event: 'result',
      kind: 'archive',
      state: 'done',
      archiveId: archive.archiveId,
      databaseName: archive.name,
      bytes: 4 * MIB,
      files: [file],
    });
    expectNoSecret(run);
    expect(await readdir(to)).toEqual([`${archive.name}.bak`]);
    expect(await sha256File(file)).toBe(await sha256File(servedArchive(archive)));
    // The service's requests carry the API key; the pre-signed link's request none.
    const api = proxy.requests.slice(from).filter((r) => r.url.includes('/Archives/'));
    expect(api.length).toBeGreaterThan(0);
    for (const request of api) expect(request.headers.authorization).toBe('demo-admin-key');
    const links = presigned(from);
    // One GET of the first 64 MiB segment: the 4 MiB file came whole in its answer.
    expect(links.map((r) => `${r.method} ${r.headers.range ?? 'whole'}`)).toEqual([
      `GET bytes=0-${64 * MIB - 1}`,
    ]);
    for (const link of links) expect(link.headers.authorization).toBeUndefined();
  }, 60_000);

  it('killed with SIGKILL mid-download, resumes with the same arguments from the bytes on disk', async () => {
    const archive = await archiveAt(1);
    const to = join(suite.root, `archive-${suite.next()}`);
    const args = [
      ...['archives', 'download', '--instanceName', PROD, '--archiveId', archive.archiveId],
      ...['--to', to, '--bandwidth', '1', ...connection()],
    ];
    const first = spawnCli(args, ENV);
    const kept = await killAfter(first, MIB / 2, join(to, `${archive.name}.bak.part`));
    expect(kept).toBeGreaterThanOrEqual(MIB / 2);
    expect(kept).toBeLessThan(4 * MIB);
    expect(await journalsIn(dataDirOf(args))).toHaveLength(1);

    const from = proxy.requests.length;
    const second = await spawnCli(args, ENV).ended;
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/^Resuming the archive download started \S+ \(archive .+\)\.\n$/);
    expectNoSecret(second);
    // One request, from the first byte the killed run had not written: nothing twice.
    expect(presigned(from).map((r) => r.headers.range)).toEqual([`bytes=${kept}-`]);
    expect(jsonLines(second.stdout).at(-1)).toMatchObject({ event: 'result', state: 'done' });
    expect(await readdir(to)).toEqual([`${archive.name}.bak`]);
    const file = join(to, `${archive.name}.bak`);
    expect(await sha256File(file)).toBe(await sha256File(servedArchive(archive)));
    expect(await journalsIn(dataDirOf(args))).toEqual([]);
  }, 90_000);
});

/**
 * Where the export's download is killed: after this many MiB of 16, 1 to 12 at random unless
 * CLI_EXPORT_KILL_MIB says (it is in the test's name, to run a failure again).
 */
const EXPORT_KILL_MIB =
  Number(process.env['CLI_EXPORT_KILL_MIB']) || 1 + Math.floor(Math.random() * 12);

describe('npm run cli -- export, killed', () => {
  it(`killed with SIGKILL after ${EXPORT_KILL_MIB} MiB of 16 (CLI_EXPORT_KILL_MIB=${EXPORT_KILL_MIB} repeats it), resumes the download of the same job byte-identical`, async () => {
    const to = join(suite.root, `exports-${suite.next()}`);
    const args = [
      ...['export', '--instanceName', INSTANCE, '--databaseName', 'Dev_EDM_Sample'],
      ...['--exportTo', '1', '--to', to, '--bandwidth', '4', ...connection()],
    ];
    const exportsStarted = (): number => suite.env.count(/^POST \S+\/export\b/i);
    const before = exportsStarted();
    const first = spawnCli(args, ENV);
    const kept = await killAfter(first, EXPORT_KILL_MIB * MIB, join(to, 'Dev_EDM_Sample.bak.part'));
    expect(kept).toBeLessThan(16 * MIB);

    const from = proxy.requests.length;
    const second = await spawnCli(args, ENV).ended;
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/^Resuming the export started \S+ \(job \S+\)\.\n$/);
    expectNoSecret(second);
    expect(exportsStarted()).toBe(before + 1);
    expect(presigned(from).map((r) => r.headers.range)).toEqual([`bytes=${kept}-`]);
    const result = jsonLines(second.stdout).at(-1) ?? {};
    expect(result).toMatchObject({ event: 'result', state: 'done', bytes: 16 * MIB });
    const jobId = String(result['jobId']);
    const served = join(
      suite.emulatorDir,
      'exports',
      fileSafeName(jobId),
      `${fileSafeName('Dev_EDM_Sample')}.bak`,
    );
    const file = join(to, 'Dev_EDM_Sample.bak');
    expect(await sha256File(file)).toBe(await sha256File(served));
    expect(await journalsIn(dataDirOf(args))).toEqual([]);
  }, 90_000);
});
