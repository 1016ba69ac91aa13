import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../../src/shared/contract/records/sessions';
import type { InstanceMonitorState, MonitorSample } from '../../../../../src/shared/model/monitor';
import { defaultSettings } from '../../../../../src/shared/model/settings';
import type { MonitorHistory } from '../../../../../src/main/services/monitor/monitor-history';
import {
  MonitorService,
  type MonitorClient,
} from '../../../../../src/main/services/monitor/monitor-service';
import type {
  SessionSource,
  SessionsRead,
} from '../../../../../src/main/services/monitor/team-monitor-source';

/*
 * The monitor with a team monitor as a profile's source (no HTTP here; the integration test
 * has it): the reads go to the source only, the job watcher is not asked to follow the
 * instance's jobs, the source's job counts and time make the sample, and a read that brings
 * the same sample again records nothing new.
 */

async function until<T>(probe: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function setup(reads: SessionsRead[]) {
  const calls: string[] = [];
  const samples: MonitorSample[] = [];
  const states: InstanceMonitorState[] = [];
  const client: MonitorClient = {
    call: (id) => {
      calls.push(id);
      return Promise.resolve(id === 'instances.list' ? [{ name: 'sql-1' }] : []) as never;
    },
  };
  const source: SessionSource = {
    url: 'https://monitor.example:9464',
    readSessions: (instanceName) => {
      calls.push(`team:${instanceName}`);
      const next = reads.shift();
      return next ? Promise.resolve(next) : new Promise(() => undefined);
    },
  };
  const watched: string[] = [];
  const history = {
    addSample: (_ref: unknown, sample: MonitorSample) => samples.push(sample),
    addMarks: () => undefined,
    forget: () => undefined,
    flush: () => Promise.resolve(),
  } as unknown as MonitorHistory;
  const settings = { ...defaultSettings(), sessionRefreshSeconds: 3600 };
  const monitor = new MonitorService({
    clientFor: () => client,
    sourceFor: () => source,
    jobs: {
      watchInstance: (_p, name) => watched.push(name),
      unwatchInstance: () => undefined,
      list: () => [],
    },
    settings: { get: () => settings, update: () => Promise.resolve(settings) },
    history,
  });
  monitor.onDidChangeInstance((state) => states.push(state));
  return { monitor, calls, samples, states, watched };
}

const none: Session[] = [];

describe('MonitorService with a team monitor source', () => {
  it('samples from the source, with its time and job counts, and never reads sessions itself', async () => {
    const takenAt = Date.now() - 1000;
    const jobs = { running: 2, failed: 1 };
    const { monitor, calls, samples, states, watched } = setup([
      { sessions: none, takenAt, jobs },
      { sessions: none, takenAt, jobs },
    ]);
    monitor.openProfile('p');
    const first = await until(() => samples[0], 'the first sample');
    expect(first).toMatchObject({ at: takenAt, jobsRunning: 2, jobsFailed: 1 });
    expect(states.at(-1)?.teamMonitorUrl).toBe('https://monitor.example:9464');
    // The same sample again (the team monitor has not sampled since): nothing new recorded.
    const before = states.length;
    monitor.sampleNow({ profileId: 'p', instanceName: 'sql-1' });
    await until(() => (states.length > before ? true : undefined), 'the second read');
    expect(calls.filter((c) => c === 'team:sql-1')).toHaveLength(2);
    expect(samples).toHaveLength(1);
    expect(calls).not.toContain('sessions.list');
    expect(watched).toEqual([]);
    await monitor.dispose();
  });
});
