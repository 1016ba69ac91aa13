import { describe, expect, it } from 'vitest';
import {
  holderState,
  lockText,
  parseLockText,
  parseProcStat,
} from '../../../../../src/main/cli/commands/lock-holder';

/** A `/proc/PID/stat` line with the given command name, state and start time (field 22). */
function statLine(comm: string, state: string, startTime: string): string {
  // Fields 4..21 (ppid to itrealvalue), then starttime, then a few of the rest.
  const middle = Array.from({ length: 18 }, (_, i) => String(i + 1)).join(' ');
  return `4242 (${comm}) ${state} ${middle} ${startTime} 123456 789 18446744073709551615\n`;
}

describe('whether a lock holder still runs', () => {
  const holder = { pid: 4242, startTime: '98765' };

  it('takes a vanished process as exited', () => {
    expect(holderState(holder, { exists: false })).toBe('exited');
    expect(holderState({ pid: 4242 }, { exists: false })).toBe('exited');
  });

  it('takes a zombie or a dead process as not running, although its pid still answers', () => {
    for (const state of ['Z', 'X', 'x']) {
      expect(holderState(holder, { exists: true, state, startTime: '98765' })).toBe('zombie');
    }
  });

  it('takes a pid now held by a process started at another time as reused', () => {
    expect(holderState(holder, { exists: true, state: 'S', startTime: '99999' })).toBe(
      'pid-reused',
    );
  });

  it('keeps the lock for a running holder, whatever is unknown', () => {
    for (const state of ['R', 'S', 'D', 'T', 't', 'I']) {
      expect(holderState(holder, { exists: true, state, startTime: '98765' })).toBe('running');
    }
    // A lock without a start time, or a probe without /proc: the pid alone decides.
    expect(holderState({ pid: 4242 }, { exists: true, state: 'S', startTime: '1' })).toBe(
      'running',
    );
    expect(holderState(holder, { exists: true })).toBe('running');
  });
});

describe('lock file text', () => {
  it('round-trips the pid and start time', () => {
    expect(parseLockText(lockText({ pid: 31337, startTime: '123' }))).toEqual({
      pid: 31337,
      startTime: '123',
    });
    expect(parseLockText(lockText({ pid: 31337 }))).toEqual({ pid: 31337 });
  });

  it('reads a bare pid, as older runs wrote it', () => {
    expect(parseLockText('31337')).toEqual({ pid: 31337 });
    expect(parseLockText(' 31337\n')).toEqual({ pid: 31337 });
  });

  it('names no holder for an empty, torn or edited file', () => {
    for (const text of ['', '{"pid":', '-4', '0', '3.5', 'abc', '{"pid":"12"}', '{}']) {
      expect(parseLockText(text), text).toBeUndefined();
    }
    // A start time that is not a number of ticks is left out, the pid is kept.
    expect(parseLockText('{"pid":12,"startTime":"soon"}')).toEqual({ pid: 12 });
  });
});

describe('/proc/PID/stat', () => {
  it('reads the state and start time', () => {
    expect(parseProcStat(statLine('node', 'S', '5551212'))).toEqual({
      state: 'S',
      startTime: '5551212',
    });
  });

  it('counts fields from the last parenthesis, whatever the command name holds', () => {
    expect(parseProcStat(statLine('a) Z 1 (b c', 'R', '77'))).toEqual({
      state: 'R',
      startTime: '77',
    });
  });

  it('refuses a line it cannot read', () => {
    expect(parseProcStat('')).toBeUndefined();
    expect(parseProcStat('4242 (node) S 1 2 3')).toBeUndefined();
  });
});
