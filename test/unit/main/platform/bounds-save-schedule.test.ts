import { describe, expect, it } from 'vitest';
import {
  BoundsSaveSchedule,
  SAVE_DELAY_MS,
  WINDOW_BOUNDS_EVENTS,
  saveTiming,
} from '../../../../src/main/platform/bounds-save-schedule';
import type { Timers } from '../../../../src/main/services/time/timers';

/** Timers driven by the test: `advance` runs what is due. */
function manualTimers(): Timers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  return {
    setTimeout(run, ms) {
      const id = next++;
      due.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout(id) {
      due.delete(id as number);
    },
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...due]) {
        if (timer.at > now) continue;
        due.delete(id);
        timer.run();
      }
    },
    pending: () => due.size,
  };
}

function schedule() {
  const timers = manualTimers();
  const saves: boolean[] = [];
  const plan = new BoundsSaveSchedule({ timers, save: (sync) => saves.push(sync) });
  return { timers, saves, plan };
}

describe('BoundsSaveSchedule', () => {
  it('listens to the events that fire on every platform, not only resized/moved', () => {
    expect(WINDOW_BOUNDS_EVENTS).toEqual(expect.arrayContaining(['resize', 'move', 'close']));
    expect(WINDOW_BOUNDS_EVENTS).not.toContain('resized');
    expect(saveTiming('close')).toBe('now');
    expect(saveTiming('move')).toBe('later');
  });

  it('gathers a drag into one save once the window is still', () => {
    const { timers, saves, plan } = schedule();
    for (let i = 0; i < 20; i += 1) {
      plan.note(i % 2 === 0 ? 'resize' : 'move');
      timers.advance(SAVE_DELAY_MS / 5);
    }
    expect(saves).toEqual([]);
    timers.advance(SAVE_DELAY_MS);
    expect(saves).toEqual([false]);
  });

  it('saves at once and synchronously on close, dropping the pending save', () => {
    const { timers, saves, plan } = schedule();
    plan.note('move');
    plan.note('close');
    expect(saves).toEqual([true]);
    timers.advance(SAVE_DELAY_MS * 2);
    expect(saves).toEqual([true]);
    expect(timers.pending()).toBe(0);
  });

  it('saves a maximise too, and nothing after dispose', () => {
    const { timers, saves, plan } = schedule();
    plan.note('maximize');
    timers.advance(SAVE_DELAY_MS);
    expect(saves).toEqual([false]);
    plan.note('unmaximize');
    plan.dispose();
    timers.advance(SAVE_DELAY_MS);
    expect(saves).toEqual([false]);
  });
});
