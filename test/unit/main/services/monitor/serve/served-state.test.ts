import { describe, expect, it } from 'vitest';
import type { InstanceMonitorState } from '../../../../../../src/shared/model/monitor';
import { ServedHealthSchema } from '../../../../../../src/shared/model/monitor-serve';
import { servedHealth } from '../../../../../../src/main/services/monitor/serve/served-state';
import {
  countedClient,
  type MonitorCall,
} from '../../../../../../src/main/services/monitor/serve/counted-client';
import { AppError } from '../../../../../../src/shared/errors';

const NOW = 1_800_000_000_000;

function state(instanceName: string, sampledAgo?: number): InstanceMonitorState {
  const base = { profileId: 'p', instanceName, health: 'ok' as const, heads: [] };
  if (sampledAgo === undefined) return { ...base, health: 'starting' };
  const latest = {
    at: NOW - sampledAgo,
    sessions: 1,
    running: 0,
    sleeping: 1,
    blocked: 0,
    headBlockers: 0,
    longestWaitMs: 0,
    chainDepth: 0,
    jobsRunning: 0,
    jobsFailed: 0,
  };
  return { ...base, latest };
}

describe('servedHealth', () => {
  it('is ok while every last sample is younger than the limit, and names the stale ones', () => {
    expect(servedHealth([state('a', 1000), state('b', 14_000)], NOW, 15_000).status).toBe('ok');
    const stale = servedHealth([state('a', 1000), state('b', 16_000), state('c')], NOW, 15_000);
    expect(ServedHealthSchema.parse(stale)).toMatchObject({
      status: 'stale',
      staleAfterSeconds: 15,
      instances: 3,
      stale: [
        { profileId: 'p', instanceName: 'b' },
        { profileId: 'p', instanceName: 'c' },
      ],
    });
  });

  it('is starting before any sample', () => {
    expect(servedHealth([], NOW, 15_000).status).toBe('starting');
    expect(servedHealth([state('a')], NOW, 15_000).status).toBe('starting');
  });
});

describe('countedClient', () => {
  it('reports each call with its instance and, on a failure, the error code', async () => {
    const calls: MonitorCall[] = [];
    let fail = false;
    const client = countedClient(
      {
        call: () =>
          fail
            ? Promise.reject(new AppError({ code: 'UNAVAILABLE', message: 'down' }))
            : Promise.resolve([] as never),
      },
      (call) => calls.push(call),
    );
    await client.call('sessions.list', { pathParams: { instanceName: 'sql-1' } });
    fail = true;
    await expect(client.call('instances.list', {})).rejects.toThrow('down');
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      client.call(
        'sessions.list',
        { pathParams: { instanceName: 'sql-1' } },
        { signal: aborted.signal },
      ),
    ).rejects.toThrow();
    expect(calls).toEqual([
      { operation: 'sessions.list', instanceName: 'sql-1' },
      { operation: 'instances.list', errorCode: 'UNAVAILABLE' },
    ]);
  });
});
