import { describe, expect, it } from 'vitest';
import {
  ENV,
  INSTANCE,
  KIB,
  PART,
  expectNoSecret,
  figure,
  jsonLines,
  useCliTransferSuite,
  waitForJson,
} from '../../support/cli/cli-transfer-kit';
import { spawnCli } from '../../support/cli/run-cli';

/*
 * Ctrl+C in the middle of a transfer of the built command: the transfer pauses in its
 * journal, the command ends with 130 and prints the command line that resumes it, and that
 * line, run as printed, resumes the same transfer. The point where Ctrl+C comes is an event
 * the run printed (parts done in its --json lines), not a time.
 */

const PART_COUNT = 24;
const suite = useCliTransferSuite('cli-interrupt');

/** The indented line after the stop's error line: the command that resumes. */
function resumeLine(stderr: string): string {
  const lines = stderr.split('\n');
  const at = lines.findIndex((line) => line.startsWith('error CANCELLED: Stopped. '));
  return lines[at + 1] ?? '';
}

describe('Ctrl+C during databridge import', () => {
  it('pauses the upload, says how to resume it, and that command resumes it', async () => {
    const file = await suite.sample(PART_COUNT * PART - 3 * KIB);
    const [, baseUrl, , dataDir] = suite.connection();
    const args = [
      ...['import', file.path, '--instanceName', INSTANCE, '--databaseName', file.database],
      ...['--parts-in-flight', '2', '--wait', '--json'],
      ...['--base-url', `${baseUrl}`, '--data-dir', `${dataDir}`],
    ];
    suite.env.emulator.faults.set({ latencyMs: 120 });
    const first = spawnCli(args, ENV);
    await waitForJson(first, (line) => figure(line, 'parts', 'done') >= 2, '2 parts done');
    first.child.kill('SIGINT');
    const stopped = await first.ended;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(
      /^error CANCELLED: Stopped\. The import waits in its journal: run the same command again to resume where it stopped:$/m,
    );
    const line = resumeLine(stopped.stderr);
    // The same command, every path absolute, so that it runs from any folder.
    expect(line).toBe(
      `  databridge import ${file.path} --instanceName ${INSTANCE} --databaseName ${file.database}` +
        ` --wait --parts-in-flight 2 --data-dir ${dataDir} --base-url ${baseUrl} --json`,
    );
    expectNoSecret(stopped);

    suite.env.emulator.faults.reset();
    const words = line.trim().split(' ').slice(1);
    const resumed = await spawnCli(words, ENV).ended;
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/^Resuming the import started .* \(\d+ of 24 parts sent\)\.\n$/);
    expect(jsonLines(resumed.stdout).at(-1)).toMatchObject({
      event: 'result',
      state: 'done',
      databaseName: file.database,
      jobStatus: 'Succeeded',
    });
  }, 120_000);
});
