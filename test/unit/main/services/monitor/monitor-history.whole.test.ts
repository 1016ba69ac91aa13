import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MonitorSample } from '../../../../../src/shared/model/monitor';
import { MonitorHistory } from '../../../../../src/main/services/monitor/monitor-history';

/*
 * flushWhole, what a stopping headless monitor calls: the history file is rewritten through a
 * temporary file and a rename, so it holds whole lines only, even after a torn append.
 */

const NOW = 1_800_000_000_000;
const REF = { profileId: 'p', instanceName: 'sql-1' };
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'history-whole-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function sample(at: number): MonitorSample {
  return {
    at,
    sessions: 12,
    running: 2,
    sleeping: 8,
    blocked: 2,
    headBlockers: 1,
    longestWaitMs: 61_000,
    chainDepth: 2,
    jobsRunning: 0,
    jobsFailed: 0,
  };
}

describe('MonitorHistory.flushWhole', () => {
  it('leaves whole lines only, the torn end of an earlier crash dropped', async () => {
    const first = new MonitorHistory({ dir, now: () => NOW });
    first.addSample(REF, sample(NOW - 2000));
    await first.flush();
    const [name] = await readdir(dir);
    const file = join(dir, name ?? '');
    // A crash in the middle of an append.
    await appendFile(file, 's,1799999999000,12,2');
    const second = new MonitorHistory({ dir, now: () => NOW });
    second.addSample(REF, sample(NOW - 1000));
    second.addSample(REF, sample(NOW));
    await second.flushWhole();
    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    // The first run's sample and the last one; the sample appended onto the torn line is
    // glued to it and goes with it.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^s,${NOW},`));
    for (const line of lines) expect(line).toMatch(/^s(,\d+){10}$/);
    expect((await readdir(dir)).filter((n) => !n.endsWith('.log'))).toEqual([]);
  });
});
