import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256File } from '../../support/sample-files';
import { assembledPath } from '../../support/transfer-rig';
import { ENV, INSTANCE, MIB, useCliTransferSuite } from '../../support/cli/cli-transfer-kit';
import { spawnCli } from '../../support/cli/run-cli';

/*
 * `--bandwidth MIBPS` of the transfer commands against the emulator over real HTTP: refused
 * before anything is sent when it is not a limit the app's settings would take, and applied
 * to the bytes on the wire. The time is measured around the whole run (start-up included), so
 * a slow machine can only make it longer: the test holds a lower bound only.
 */

const suite = useCliTransferSuite('cli-bandwidth');

describe('npm run cli -- ... --bandwidth', () => {
  it('is refused when it is not a positive number of MiB/s the settings allow (exit 2, nothing sent)', async () => {
    const file = await suite.sample(64 * 1024);
    const to = join(suite.root, `refused-${suite.next()}`);
    const export1 = ['export', '--instanceName', INSTANCE, '--databaseName', 'Dev_EDM_Sample'];
    const lines = [
      ['import', file.path, '--instanceName', INSTANCE, '--bandwidth', '0'],
      [...export1, '--exportTo', '1', '--to', to, '--bandwidth', 'fast'],
      ['archives', 'download', '--instanceName', INSTANCE, '--archiveId', 'a', '--to', to],
    ];
    // The last as --bandwidth=VALUE, the other form a script may use.
    lines[2]?.push('--bandwidth=10001');
    const given = ['0', 'fast', '10001'];
    const before = suite.env.requests.length;
    const runs = await Promise.all(
      lines.map((line) => spawnCli([...line, ...suite.connection()], ENV).ended),
    );
    for (const [index, run] of runs.entries()) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toBe(
        `usage: --bandwidth must be a number of MiB/s from 0.1 to 10000, as the app's bandwidth limit (leave it out for no limit); got "${given[index] ?? ''}".\n`,
      );
      expect(run.stdout).toBe('');
    }
    expect(suite.env.requests.slice(before)).toEqual([]);
  }, 60_000);

  it('holds an upload to the limit: 3 MiB at 0.5 MiB/s take at least 0.8 of 6 seconds', async () => {
    const size = 3 * MIB;
    const limit = 0.5;
    const file = await suite.sample(size);
    const args = ['import', file.path, '--instanceName', INSTANCE, '--databaseName', file.database];
    const started = performance.now();
    const run = await spawnCli([...args, '--bandwidth', String(limit), ...suite.connection()], ENV)
      .ended;
    const seconds = (performance.now() - started) / 1000;
    expect(run.code, run.stderr).toBe(0);
    expect(seconds).toBeGreaterThanOrEqual((size / MIB / limit) * 0.8);
    const sha = await sha256File(assembledPath(suite.emulatorDir, INSTANCE, file.database, 'bak'));
    expect(sha).toBe(file.sha);
  }, 60_000);
});
