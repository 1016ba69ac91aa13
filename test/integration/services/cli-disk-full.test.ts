import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSafeName } from '../../../src/emulator/blobs/blob-types';
import { runTransferCli } from '../../../src/main/cli/commands/transfer-command';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { FillingDisk } from '../../support/filling-disk';
import { sha256File } from '../../support/sample-files';
import {
  ENV,
  INSTANCE,
  MIB,
  dataDirOf,
  figure,
  jsonLines,
  useCliTransferSuite,
  waitForJson,
} from '../../support/cli/cli-transfer-kit';
import { spawnCli } from '../../support/cli/run-cli';

/*
 * `npm run cli -- export` on a full disk: the command ends (it never waits forever for a run
 * that could not write its journal), with a non-zero exit code and a message naming the disk,
 * the space needed and free, and keeps the `.part` file and the journal, so the same command
 * resumes once space is freed. First with the engine's disk port filling up at a given byte,
 * then, where this machine lets a test mount one, on a real 8 MiB and 24 MiB tmpfs holding
 * both the download and the data folder.
 */

const suite = useCliTransferSuite('cli-disk-full');

function exportArgs(to: string, dataArgs: string[] = suite.connection()): string[] {
  return [
    ...['export', '--instanceName', INSTANCE, '--databaseName', 'Dev_EDM_Sample'],
    ...['--exportTo', '1', '--to', to, ...dataArgs, '--json'],
  ];
}

/** The file the emulator served for the export of a --json run's result. */
function servedOf(stdout: string): string {
  const jobId = String(jsonLines(stdout).at(-1)?.['jobId']);
  const name = `${fileSafeName('Dev_EDM_Sample')}.bak`;
  return join(suite.emulatorDir, 'exports', fileSafeName(jobId), name);
}

async function journals(dataDir: string): Promise<string[]> {
  return (await readdir(join(dataDir, 'cli', 'transfers'))).filter((n) => n.endsWith('.json'));
}

/** Runs the CLI in this process with `disk`; answers its exit code and what it printed. */
async function runWith(argv: string[], disk: FillingDisk) {
  let stdout = '';
  let stderr = '';
  const code = await runTransferCli('export', argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: ENV,
    secretStore: () => new MemorySecretStore(),
    disk,
  });
  return { code, stdout, stderr };
}

describe('the CLI on a disk that fills up', () => {
  it('exits 1 with the disk named when the download and the data folder fill up, then resumes', async () => {
    const to = join(suite.root, `exports-${suite.next()}`);
    const argv = exportArgs(to);
    const disk = new FillingDisk();
    disk.fill({ files: () => disk.partBytes >= 4 * MIB });
    const first = await runWith(argv, disk);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(
      /error DISK_FULL: Not enough space on the disk at .+: the download of Dev_EDM_Sample\.bak needs \d+\.\d MiB, 0 B free\. Free space, then resume the transfer\. The export waits in its journal: run the same command again to resume where it stopped:\n {2}databridge export --instanceName /,
    );
    expect(first.stderr).toContain(to);
    const kept = (await stat(join(to, 'Dev_EDM_Sample.bak.part'))).size;
    expect(kept).toBeGreaterThanOrEqual(4 * MIB - MIB);
    expect(await journals(dataDirOf(argv))).toHaveLength(1);

    disk.free();
    const second = await runWith(argv, disk);
    expect(second.stderr).toMatch(/^Resuming the export started/);
    expect(second.code).toBe(0);
    expect(await sha256File(join(to, 'Dev_EDM_Sample.bak'))).toBe(
      await sha256File(servedOf(second.stdout)),
    );
  }, 60_000);
});

/** Why a tmpfs cannot be mounted here, or undefined when it can. */
function tmpfsRefusal(): string | undefined {
  if (process.platform !== 'linux') return `tmpfs is Linux only (this is ${process.platform})`;
  const dir = join(tmpdir(), `tmpfs-probe-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir]);
    return undefined;
  } catch (error) {
    const text = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return `mount -t tmpfs failed (${text || (error as Error).message})`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const refusal = tmpfsRefusal();
if (refusal) console.log(`cli-disk-full (tmpfs): skipped, ${refusal}`);

/** Runs `test` with a tmpfs of `size` mounted on a new folder, unmounted after. */
async function onTmpfs(size: string, test: (mount: string) => Promise<void>): Promise<void> {
  const mount = await mkdtemp(join(suite.root, 'tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mount]);
  try {
    await test(mount);
  } finally {
    execFileSync('umount', ['-l', mount]);
    await rm(mount, { recursive: true, force: true });
  }
}

function onDisk(mount: string): { to: string; argv: string[] } {
  const to = join(mount, 'exports');
  const data = ['--base-url', suite.env.emulator.baseUrl, '--data-dir', join(mount, 'data')];
  return { to, argv: exportArgs(to, data) };
}

describe.skipIf(refusal !== undefined)('the CLI on a real full disk (tmpfs)', () => {
  it('says before the first byte that a 16 MiB export does not fit in 8 MiB', async () => {
    await onTmpfs('8m', async (mount) => {
      const { to, argv } = onDisk(mount);
      const run = await spawnCli(argv, ENV).ended;
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        new RegExp(
          `error DISK_FULL: Not enough space on the disk at ${mount} \\(${to}\\): the download of Dev_EDM_Sample\\.bak needs 16\\.0 MiB, [78]\\.\\d\\d MiB free\\. Free space, then resume the transfer\\.`,
        ),
      );
      expect((await stat(join(to, 'Dev_EDM_Sample.bak.part'))).size).toBe(0);
      expect(await journals(join(mount, 'data'))).toHaveLength(1);
    });
  }, 60_000);

  it('ends with the disk named when it fills up mid-download, and resumes once freed', async () => {
    await onTmpfs('24m', async (mount) => {
      const { to, argv } = onDisk(mount);
      const first = spawnCli([...argv, '--bandwidth', '2'], ENV);
      await waitForJson(
        first,
        (line) => line['state'] === 'downloading' && figure(line, 'bytesDone') >= 2 * MIB,
        '2 MiB downloaded',
      );
      // Another program takes the rest of the disk.
      const filler = join(mount, 'filler');
      const space = await statfs(mount);
      await writeFile(filler, Buffer.alloc(space.bavail * space.bsize)).catch(() => undefined);
      const ended = await first.ended;
      expect(ended.code).toBe(1);
      expect(ended.stderr).toMatch(
        new RegExp(
          `error DISK_FULL: (Not enough space|The disk quota is used up) on the disk at ${mount} \\(${mount}/(exports|data/cli/transfers)\\): .+ needs .+, .+ free\\. Free space, then resume the transfer\\. The export waits in its journal`,
        ),
      );
      const kept = (await stat(join(to, 'Dev_EDM_Sample.bak.part'))).size;
      expect(kept).toBeGreaterThanOrEqual(2 * MIB);
      expect(await journals(join(mount, 'data'))).toHaveLength(1);

      await rm(filler);
      const second = await spawnCli(argv, ENV).ended;
      expect(second.stderr).toMatch(/^Resuming the export started/);
      expect(second.code).toBe(0);
      expect(await sha256File(join(to, 'Dev_EDM_Sample.bak'))).toBe(
        await sha256File(servedOf(second.stdout)),
      );
    });
  }, 90_000);
});
