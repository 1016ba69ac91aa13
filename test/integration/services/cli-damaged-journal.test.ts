import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256File } from '../../support/sample-files';
import { assembledPath } from '../../support/transfer-rig';
import {
  ENV,
  INSTANCE,
  KIB,
  PART,
  dataDirOf,
  expectNoSecret,
  figure,
  journalsIn,
  jsonLines,
  useCliTransferSuite,
  waitForJson,
} from '../../support/cli/cli-transfer-kit';
import { spawnCli } from '../../support/cli/run-cli';

/*
 * A journal left by a killed `import` run that cannot be read any more (cut short, overwritten
 * with random bytes, emptied) or was edited: the next run of the same command says so on
 * stderr without --verbose (which journal, which file, what could not be read, that the
 * upload starts over, that the parts already sent stay on the service), then uploads the
 * file from its first part.
 */

const suite = useCliTransferSuite('cli-damaged');
const PARTS = 12;
const KILL_AFTER = 3;

let file: { path: string; sha: string; database: string };
let journalName = '';
let journalText = '';

beforeAll(async () => {
  file = await suite.sample(PARTS * PART - 5 * KIB);
  const args = [
    ...['import', file.path, '--instanceName', INSTANCE, '--databaseName', file.database],
    ...['--parts-in-flight', '1', '--wait', '--json', ...suite.connection()],
  ];
  suite.env.emulator.faults.set({ latencyMs: 60 });
  const first = spawnCli(args, ENV);
  await waitForJson(first, (line) => figure(line, 'parts', 'done') >= KILL_AFTER, 'parts done');
  first.child.kill('SIGKILL');
  await first.ended;
  suite.env.emulator.faults.reset();
  const dataDir = dataDirOf(args);
  [journalName = ''] = await journalsIn(dataDir);
  journalText = await readFile(join(dataDir, 'cli', 'transfers', journalName), 'utf8');
}, 60_000);

/**
 * Runs the import again with `journal` in place of the killed run's journal; into a database
 * of its own, as each run imports (the first one already exists).
 */
async function rerunWith(journal: string | Buffer) {
  const database = `${file.database}_${suite.next()}`;
  const connection = suite.connection();
  const dataDir = dataDirOf(connection);
  await mkdir(join(dataDir, 'cli', 'transfers'), { recursive: true });
  await writeFile(join(dataDir, 'cli', 'transfers', journalName), journal);
  const args = ['import', file.path, '--instanceName', INSTANCE, '--databaseName', database];
  const run = await spawnCli([...args, '--wait', '--json', ...connection], ENV).ended;
  const aside = (await readdir(join(dataDir, 'cli', 'transfers'))).filter((name) =>
    name.startsWith(`${journalName}.damaged-`),
  );
  return { run: { ...run, database }, aside };
}

async function expectImportedFromScratch(run: {
  code: number | null;
  stdout: string;
  stderr: string;
  database: string;
}) {
  expect(run.code, run.stderr).toBe(0);
  const result = jsonLines(run.stdout).at(-1);
  expect(result).toMatchObject({ event: 'result', state: 'done', jobStatus: 'Succeeded' });
  expect(await sha256File(assembledPath(suite.emulatorDir, INSTANCE, run.database, 'bak'))).toBe(
    file.sha,
  );
}

const overSaid =
  /importing the file again starts the upload over from the first part, and the .*parts it had already sent .*stay on the service, unused/;

describe('npm run cli -- import after its journal was damaged', () => {
  it('a journal cut short: names the file and the journal, says what is lost, starts over', async () => {
    expect(journalText).toContain('"uploadId"');
    const cut = journalText.slice(0, Math.floor(journalText.length * 0.8));
    const { run, aside } = await rerunWith(cut);
    expect(aside).toHaveLength(1);
    expect(run.stderr).toContain(`The journal of the upload of ${file.path} to ${file.database}`);
    expect(run.stderr).toContain(`${journalName}) could not be read: its JSON is cut short`);
    expect(run.stderr).toContain(`It was set aside as `);
    expect(run.stderr).toContain(aside[0]);
    expect(run.stderr).toMatch(overSaid);
    expectNoSecret(run);
    await expectImportedFromScratch(run);
  }, 60_000);

  it('a journal of random bytes: says a journal could not be read and what that loses', async () => {
    const random = Buffer.from(Array.from({ length: 700 }, (_, i) => (i * 151 + 7) % 256));
    const { run, aside } = await rerunWith(random);
    expect(aside).toHaveLength(1);
    expect(run.stderr).toMatch(
      /A transfer journal \(.*\) could not be read: it does not hold JSON .*set aside as .*the parts it had already sent stay on the service, unused/,
    );
    await expectImportedFromScratch(run);
  }, 60_000);

  it('an empty journal: says it is empty', async () => {
    const { run, aside } = await rerunWith('');
    expect(aside).toHaveLength(1);
    expect(run.stderr).toMatch(/A transfer journal \(.*\) could not be read: it is empty\./);
    await expectImportedFromScratch(run);
  }, 60_000);

  it('a journal whose part size was edited: blames the journal, not the file', async () => {
    const journal = JSON.parse(journalText) as { partSize: number };
    const edited = JSON.stringify({ ...journal, partSize: journal.partSize * 2 }, null, 1);
    const { run } = await rerunWith(edited);
    expect(run.stderr).toMatch(
      new RegExp(
        `its part size \\(${2 * PART} bytes\\) and part count \\(${PARTS}\\) do not cut a file of \\d+ bytes: the journal was edited or damaged`,
      ),
    );
    expect(run.stderr).toContain(journalName);
    expect(run.stderr).not.toMatch(/is not the file this upload started with/);
    await expectImportedFromScratch(run);
  }, 60_000);
});
