import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  KnownInstancesFile,
  knownInstancesFile,
  nextKnownInstances,
  readKnownInstances,
} from '../../../../../src/main/cli/monitor-serve/serve-known-instances';
import { RedactingLogger, type LogEntry } from '../../../../../src/main/services/log/logger';

const ref = (profileId: string, instanceName: string) => ({ profileId, instanceName });

let dir: string;
let logs: LogEntry[];
let logger: RedactingLogger;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'databridge-known-'));
  logs = [];
  logger = new RedactingLogger({ sink: (entry) => logs.push(entry), level: 'info' });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('nextKnownInstances', () => {
  it('replaces a connection that listed in this run and keeps one that did not', () => {
    const earlier = [ref('eu', 'a'), ref('eu', 'gone'), ref('us', 'x')];
    const watched = [ref('eu', 'a'), ref('eu', 'b'), ref('us', 'y')];
    expect(nextKnownInstances(earlier, watched, new Set(['eu']))).toEqual([
      ref('eu', 'a'),
      ref('eu', 'b'),
      ref('us', 'x'),
    ]);
    expect(nextKnownInstances(earlier, [], new Set())).toEqual([
      ref('eu', 'a'),
      ref('eu', 'gone'),
      ref('us', 'x'),
    ]);
  });
});

describe('the file', () => {
  it('is read for the connections configured now, and a damaged one is ignored with a warning', async () => {
    const file = knownInstancesFile(dir);
    await writeFile(
      file,
      JSON.stringify({ version: 1, instances: [ref('eu', 'a'), ref('old', 'b')] }),
    );
    expect(await readKnownInstances(dir, ['eu'], logger)).toEqual([ref('eu', 'a')]);
    await writeFile(file, '{"version":1,"instances":[{"profileId"');
    expect(await readKnownInstances(dir, ['eu'], logger)).toEqual([]);
    expect(logs.map((entry) => entry.message)).toEqual([
      'monitor serve: the list of known instances is not readable; ignored',
    ]);
    await rm(file);
    expect(await readKnownInstances(dir, ['eu'], logger)).toEqual([]);
  });

  it('is written when the list changes, and only then', async () => {
    const file = knownInstancesFile(dir);
    const known = new KnownInstancesFile(file, [ref('eu', 'a')], logger);
    known.note([], new Set());
    await known.settled();
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
    known.note([ref('eu', 'a'), ref('eu', 'b')], new Set(['eu']));
    await known.settled();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      instances: [ref('eu', 'a'), ref('eu', 'b')],
    });
    await writeFile(file, 'changed by hand');
    known.note([ref('eu', 'b'), ref('eu', 'a')], new Set(['eu']));
    await known.settled();
    expect(await readFile(file, 'utf8')).toBe('changed by hand');
  });
});
