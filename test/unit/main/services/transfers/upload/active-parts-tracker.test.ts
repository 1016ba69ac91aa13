import { describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../../../../../src/shared/model/transfer';
import { ActivePartsTracker } from '../../../../../../src/main/services/transfers/upload/active-parts-tracker';
import type { ImportJournal } from '../../../../../../src/main/services/transfers/journal-schema';
import type { TransferContext } from '../../../../../../src/main/services/transfers/transfer-context';
import { UPLOAD_PART, uploadRun } from '../../../../../support/upload-run';

/*
 * The part and byte bookkeeping of an upload: counted in place with each chunk, shown at most
 * every 250 ms, and exact in the events that follow the last chunk.
 */

const MIB = 1024 * 1024;
const PART = UPLOAD_PART;

function trackedRun() {
  const { timers, journal, events, run } = uploadRun();
  const ctx = {
    journal,
    addBytes: (delta: number) => run.addBytes(delta),
    patch: (fields: Partial<TransferRecord>) => run.patch(fields),
  } as unknown as TransferContext<ImportJournal>;
  return { timers, journal, events, run, tracker: new ActivePartsTracker(ctx), ctx };
}

describe('ActivePartsTracker', () => {
  it('shows exact bytes per part after many chunks, with events at most every 250 ms', async () => {
    const { timers, events, run, tracker, ctx } = trackedRun();
    tracker.show();
    tracker.start(2, PART);
    tracker.start(1, PART);
    const chunk = (part: number, bytes: number): void => {
      ctx.addBytes(bytes);
      tracker.change(part, bytes, false);
    };
    const before = events.length;
    for (let i = 0; i < 1000; i += 1) chunk(1 + (i % 2), 4096 + (i % 7));
    // 1,000 chunks within the same millisecond: no event beyond the throttle's one.
    expect(events.length - before).toBeLessThanOrEqual(1);
    await timers.advance(250);
    const last = events.at(-1);
    const sent = (n: number): number =>
      Array.from({ length: 500 }, (_, k) => 4096 + ((2 * k + n - 1) % 7)).reduce((a, b) => a + b);
    expect(last?.parts?.active).toEqual([
      { partNumber: 1, bytesSent: sent(1), length: PART, retries: 0 },
      { partNumber: 2, bytesSent: sent(2), length: PART, retries: 0 },
    ]);
    expect(last?.bytesDone).toBe(sent(1) + sent(2));
    expect(run.snapshot().parts?.inFlight).toBe(2);
  });

  it('leaves the events already sent as they were when the counts change in place', async () => {
    const { timers, events, tracker, ctx } = trackedRun();
    tracker.start(1, PART);
    ctx.addBytes(MIB);
    tracker.change(1, MIB, false);
    await timers.advance(250);
    const shown = events.at(-1);
    ctx.addBytes(MIB);
    tracker.change(1, MIB, false);
    expect(shown?.parts?.active?.[0]?.bytesSent).toBe(MIB);
    await timers.advance(250);
    expect(events.at(-1)?.parts?.active?.[0]?.bytesSent).toBe(2 * MIB);
  });

  it('takes back a failed attempt, counts the retry at once, and drops an ended part', () => {
    const { run, tracker, ctx, journal } = trackedRun();
    tracker.start(3, PART);
    ctx.addBytes(3 * MIB);
    tracker.change(3, 3 * MIB, false);
    ctx.addBytes(-3 * MIB);
    tracker.change(3, -3 * MIB, false);
    tracker.change(3, 0, true);
    expect(run.snapshot().parts).toMatchObject({
      active: [{ partNumber: 3, bytesSent: 0, retries: 1 }],
      resent: 1,
    });
    expect(run.snapshot().bytesDone).toBe(0);
    journal.parts['3'] = '"etag"';
    tracker.end(3);
    expect(run.snapshot().parts).toMatchObject({ active: [], inFlight: 0, done: 1 });
  });
});
