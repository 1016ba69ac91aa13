import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../../../src/emulator/server';
import { operationById } from '../../../../../src/shared/contract/catalogue';
import { JOB_STATUSES } from '../../../../../src/shared/contract/enums';
import { UsageError, parseCliArgs } from '../../../../../src/main/cli/args/operation-args';
import {
  INSTANCES_AT_ONCE,
  listRecords,
  planList,
  type ListCall,
} from '../../../../../src/main/cli/commands/across-instances';
import {
  durationMs,
  listOptionsOf,
  takeListArgs,
} from '../../../../../src/main/cli/args/list-args';
import { runCli } from '../../../../../src/main/cli/commands/runner';
import { MemorySecretStore } from '../../../../../src/main/services/secrets/secret-store';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ jobMs: 50 });
});
afterAll(async () => {
  await emulator.close();
});

async function run(argv: string[], baseUrl = emulator.baseUrl) {
  let stdout = '';
  let stderr = '';
  const code = await runCli([...argv, '--base-url', baseUrl], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { DATABRIDGE_API_KEY: 'demo-admin-key' },
    secretStore: () => new MemorySecretStore(),
  });
  return { code, stdout, stderr };
}

type Row = Record<string, unknown>;

describe('list options', () => {
  it('takes --all-instances, --status, --since and --blocking out of the command line', () => {
    expect(
      takeListArgs(['jobs', '--since=24h', 'list', '--all-instances', '--status', 'failed']),
    ).toEqual({
      argv: ['jobs', 'list'],
      list: { allInstances: true, blocking: false, status: 'failed', sinceMs: 86_400_000 },
    });
    expect(takeListArgs(['databases', 'list', '--', '--blocking'])).toEqual({
      argv: ['databases', 'list', '--', '--blocking'],
    });
    expect(durationMs('30m')).toBe(1_800_000);
    expect(durationMs('7D')).toBe(7 * 86_400_000);
    expect(() => durationMs('24')).toThrow(/e\.g\. 30m, 24h or 7d; got "24"/);
    expect(() => takeListArgs(['jobs', 'list', '--status'])).toThrow(/--status needs a value/);
  });

  it('reads which list takes which option from the records of the catalogue', () => {
    expect(listOptionsOf(operationById('jobs.listByInstance'))).toEqual({
      allInstances: true,
      status: JOB_STATUSES,
      since: ['createTime', 'endTime'],
      blocking: false,
    });
    expect(listOptionsOf(operationById('sessions.list'))).toMatchObject({
      allInstances: true,
      blocking: true,
    });
    expect(listOptionsOf(operationById('instances.list')).allInstances).toBe(false);
    expect(parseCliArgs(['jobs', 'list'])).toMatchObject({
      operation: { id: 'jobs.listByInstance' },
    });
  });

  it('matches job statuses by name and refuses what a list cannot do', () => {
    const jobs = operationById('jobs.listByInstance');
    const plan = planList(jobs, { allInstances: true, blocking: false, status: 'FAILED,enqueued' });
    expect(plan.statuses).toEqual(['Failed', 'Enqueued']);
    const refused = (op: Parameters<typeof planList>[0], list: Parameters<typeof planList>[1]) => {
      try {
        planList(op, list);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refused(jobs, { allInstances: false, blocking: false, status: 'done' })).toBe(
      `--status must be one of ${JOB_STATUSES.join(', ')}; got "done".`,
    );
    expect(
      refused(operationById('instances.list'), { allInstances: true, blocking: false }),
    ).toMatch(
      /^--all-instances works with the lists of one instance: .*databases list.*jobs listByInstance.*sessions list/,
    );
    expect(refused(jobs, { allInstances: false, blocking: true })).toMatch(
      /^--blocking works with sessions list/,
    );
  });
});

describe('listRecords', () => {
  it('lists a few instances at a time, keeps their order, and reports a failed one', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    let running = 0;
    let most = 0;
    const call: ListCall = async (id, input) => {
      if (id === 'instances.list') return names.map((name) => ({ name }));
      const { instanceName } = input['pathParams'] as { instanceName: string };
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (instanceName === 'c') throw new UsageError('no such instance');
      return [{ name: `${instanceName}1` }, { name: `${instanceName}2` }];
    };
    let stderr = '';
    const plan = planList(operationById('databases.list'), { allInstances: true, blocking: false });
    const listed = await listRecords(plan, { pathParams: {} }, call, {
      stderr: (text) => (stderr += text),
      redact: (text) => text,
    });
    expect(most).toBe(INSTANCES_AT_ONCE);
    expect(listed.failed).toEqual(['c']);
    expect(
      listed.records.map((row) => `${String(row['instanceName'])}:${String(row['name'])}`),
    ).toEqual(names.filter((n) => n !== 'c').flatMap((n) => [`${n}:${n}1`, `${n}:${n}2`]));
    expect(stderr).toContain('1 of 7 instances could not be listed (c)');
  });
});

describe('databridge ... --all-instances against the emulator', () => {
  it('lists the databases of every instance with the instance on each record', async () => {
    const all = await run(['databases', 'list', '--all-instances']);
    expect(all).toMatchObject({ code: 0, stderr: '' });
    const rows = JSON.parse(all.stdout) as Row[];
    const instances = new Set(rows.map((row) => row['instanceName']));
    expect([...instances]).toEqual(['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01']);
    expect(Object.keys(rows[0] ?? {})[0]).toBe('instanceName');
    const one = await run(['databases', 'list', '--instanceName', 'sql-eu-dev-01']);
    const dev = rows.filter((row) => row['instanceName'] === 'sql-eu-dev-01');
    expect(dev.map((row) => row['name'])).toEqual(
      (JSON.parse(one.stdout) as Row[]).map((row) => row['name']),
    );
  });

  it('filters jobs by status and time on every instance', async () => {
    const listed = await run([
      'jobs',
      'list',
      '--all-instances',
      '--status',
      'failed',
      '--since',
      '30d',
    ]);
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.stdout) as Row[];
    expect(rows.length).toBeGreaterThan(0);
    const from = Date.now() - 30 * 86_400_000;
    for (const row of rows) {
      expect(row['status']).toBe('Failed');
      expect(typeof row['instanceName']).toBe('string');
      const times = [row['createTime'], row['endTime']].map((t) => Date.parse(String(t)));
      expect(times.some((t) => t >= from)).toBe(true);
    }
    const none = await run([
      'jobs',
      'list',
      '--all-instances',
      '--status',
      'failed',
      '--since',
      '1m',
    ]);
    expect(JSON.parse(none.stdout)).toEqual([]);
  });

  it('keeps the sessions that block or wait, per instance', async () => {
    const listed = await run(['sessions', 'list', '--all-instances', '--blocking']);
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.stdout) as Row[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const mine = rows.filter((other) => other['instanceName'] === row['instanceName']);
      const blocks = mine.some((other) => other['blockingSessionId'] === row['sessionId']);
      expect(blocks || Number(row['blockingSessionId']) > 0).toBe(true);
    }
  });

  it('prints the instances that answered when one fails, and ends with exit code 1', async () => {
    // A front that answers 404 for one instance's databases and passes the rest on.
    const front: Server = createServer((req, res) => {
      const url = req.url ?? '';
      if (url.includes('/sql-instances/sql-eu-test-01/Databases')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            message: 'Server instance sql-eu-test-01 does not exist in the tenant.',
          }),
        );
        return;
      }
      void fetch(`${emulator.url}${url}`, {
        method: req.method ?? 'GET',
        headers: { authorization: String(req.headers.authorization ?? '') },
      }).then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = front.address() as AddressInfo;
      const listed = await run(
        ['databases', 'list', '--all-instances'],
        `http://127.0.0.1:${port}/databridge`,
      );
      expect(listed.code).toBe(1);
      const rows = JSON.parse(listed.stdout) as Row[];
      expect(new Set(rows.map((row) => row['instanceName']))).toEqual(
        new Set(['sql-eu-prod-01', 'sql-eu-dev-01']),
      );
      expect(listed.stderr).toMatch(/^error NOT_FOUND on instance sql-eu-test-01: /);
      expect(listed.stderr).toContain('1 of 3 instances could not be listed (sql-eu-test-01)');
    } finally {
      await new Promise((resolve) => front.close(resolve));
    }
  });

  it('refuses --all-instances with --instanceName before anything is sent', async () => {
    const refused = await run(
      ['databases', 'list', '--all-instances', '--instanceName', 'x'],
      'http://127.0.0.1:1/databridge',
    );
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe('usage: Give --instanceName or --all-instances, not both.\n');
  });
});
