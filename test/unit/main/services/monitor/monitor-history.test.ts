import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  markLine,
  parseHistory,
  sampleLine,
} from '../../../../../src/main/services/monitor/history-file';
import {
  FUTURE_TOLERANCE_MS,
  MonitorHistory,
} from '../../../../../src/main/services/monitor/monitor-history';
import type { MonitorSample } from '../../../../../src/shared/model/monitor';

/*
 * Samples are stamped with this machine's clock: a line dated after now (plus a few minutes
 * for a clock stepped back) cannot be a real sample and is dropped when the history is read.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const REF = { profileId: 'p', instanceName: 'sql-eu-prod-01' };

function sample(at: number, blocked = 0): MonitorSample {
  return {
    at,
    sessions: 10,
    running: 2,
    sleeping: 8,
    blocked,
    headBlockers: blocked > 0 ? 1 : 0,
    longestWaitMs: 0,
    chainDepth: 0,
    jobsRunning: 0,
    jobsFailed: 0,
  };
}

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'monitor-history-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes a history as a run ten minutes ago would have, then appends `lines` to its file. */
async function historyFile(lines: string): Promise<string> {
  const earlier = new MonitorHistory({ dir, now: () => NOW - 10 * MINUTE });
  earlier.addSample(REF, sample(NOW - 10 * MINUTE));
  await earlier.flush();
  const [name] = await readdir(dir);
  const file = join(dir, name!);
  await appendFile(file, lines);
  return file;
}

describe('parseHistory', () => {
  it('keeps the lines of its window only, both ends included', () => {
    const text = [100, 200, 300, 400].map((at) => sampleLine(sample(at))).join('');
    const { samples } = parseHistory(text, { since: 200, until: 300 });
    expect(samples.map((s) => s.at)).toEqual([200, 300]);
  });
});

describe('MonitorHistory on load', () => {
  it('drops samples and marks from the future, keeping those within the tolerance', async () => {
    const nearFuture = NOW + FUTURE_TOLERANCE_MS - MINUTE;
    const farFuture = NOW + 365 * DAY;
    await historyFile(
      sampleLine(sample(nearFuture)) +
        sampleLine(sample(NOW + FUTURE_TOLERANCE_MS + MINUTE)) +
        sampleLine(sample(farFuture, 5)) +
        markLine({ at: farFuture, sessionId: 51, blockedCount: 5, blockingMs: 60_000 }),
    );
    const history = new MonitorHistory({ dir, now: () => NOW });
    const hour = await history.range(REF, 60 * MINUTE);
    expect(hour.samples.map((s) => s.at)).toEqual([NOW - 10 * MINUTE, nearFuture]);
    expect(hour.marks).toEqual([]);
    const day = await history.range(REF, DAY);
    expect(day.samples.every((s) => s.at <= NOW + FUTURE_TOLERANCE_MS)).toBe(true);
    expect(day.samples.some((s) => s.blocked === 5)).toBe(false);
  });

  it('adds the samples taken after the load to the day, past a dropped future line', async () => {
    await historyFile(sampleLine(sample(NOW + 365 * DAY)));
    let now = NOW;
    const history = new MonitorHistory({ dir, now: () => now });
    await history.range(REF, DAY);
    now = NOW + 30 * MINUTE;
    history.addSample(REF, sample(now, 3));
    const day = await history.range(REF, DAY);
    expect(day.samples.at(-1)).toMatchObject({ at: now, blocked: 3 });
  });

  it('leaves the future line out of the file it compacts', async () => {
    const file = await historyFile(sampleLine(sample(NOW + 365 * DAY)));
    const history = new MonitorHistory({ dir, now: () => NOW });
    history.addSample(REF, sample(NOW));
    // The first write of a run compacts the file.
    await history.flush();
    const ats = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => Number(line.split(',')[1]));
    expect(ats).toEqual([NOW - 10 * MINUTE, NOW]);
  });
});
