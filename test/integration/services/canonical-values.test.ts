import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createResourceHandlers } from '../../../src/main/app/resource-handlers';
import { ApiKeyAuth } from '../../../src/main/services/auth/api-key-auth';
import { DESTRUCTIVE_OPERATIONS } from '../../../src/main/cli/args/destructive';
import { runCli as runCliInProcess } from '../../../src/main/cli/commands/runner';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { ServiceClient } from '../../../src/main/services/http/service-client';
import { IpcRouter } from '../../../src/main/services/ipc/ipc-router';
import { silentLogger } from '../../../src/main/services/log/logger';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import type { Profile } from '../../../src/shared/model/profile';
import { APP_ORIGIN, mainFrame, stubHandlers } from '../../support/ipc/router-stubs';
import { cliDataDirArgs } from '../../support/cli-data-home';
import { runCli as runCliChild } from '../../support/cli/run-cli';
import { sendJson, startScriptedServer, type ScriptedServer } from '../../support/scripted-server';

/*
 * Typed values reach the service in ONE canonical form, through the CLI and through the IPC
 * path alike, and a value the contract refuses is never sent. A local server records what
 * arrives (path, query, body); each case runs through both entry points.
 */

/** One operation call, as both entry points take it. */
interface Call {
  readonly op: string;
  readonly pathParams?: Record<string, string>;
  readonly query?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}

/** What the server must have received: the path, some query values, the JSON body. */
interface Sent {
  readonly path: string;
  readonly query?: Record<string, string>;
  readonly body?: unknown;
}

const GROUP = { 'x-platform-resource-group-id': '3f2504e0-4f89-11d3-9a0c-0305e82c3301' };
const db = { instanceName: 'sql-a', databaseName: 'Sales' };
const API = '/databridge/v1';

const refused: [string, Call, RegExp][] = [
  [
    'a range whose address is not an IP',
    {
      op: 'cluster.deleteAllowedRange',
      pathParams: { cidrIpAddress: 'not-an-ip', cidrIpPrefix: '77' },
    },
    /cidrIpAddress must be one IPv4 or IPv6 address/,
  ],
  [
    'an IPv4 range with prefix 77',
    {
      op: 'cluster.deleteAllowedRange',
      pathParams: { cidrIpAddress: '10.0.0.0', cidrIpPrefix: '77' },
    },
    /cidrIpPrefix must be 0 to 32 for an IPv4 address/,
  ],
  [
    'an IPv6 range with prefix 129',
    { op: 'cluster.deleteAllowedRange', pathParams: { cidrIpAddress: '::1', cidrIpPrefix: '129' } },
    /cidrIpPrefix must be 0 to 128 for an IPv6 address/,
  ],
  [
    'the address 300.1.1.1',
    { op: 'cluster.deleteAllowedIp', pathParams: { ipAddress: '300.1.1.1' } },
    /ipAddress must be one IPv4 or IPv6 address/,
  ],
  [
    'the filter ((((',
    { op: 'archives.list', pathParams: { instanceName: 'sql-a' }, query: { filter: '((((' } },
    /Filter: Expected a property name/,
  ],
  [
    "the filter name eq 'x",
    { op: 'archives.list', pathParams: { instanceName: 'sql-a' }, query: { filter: "name eq 'x" } },
    /Filter: /,
  ],
  [
    'a session filter ((((',
    { op: 'sessions.list', pathParams: { instanceName: 'sql-a' }, query: { filter: '((((' } },
    /Filter: /,
  ],
  ...['1e3', '0x10', '50.0'].map((limit): [string, Call, RegExp] => [
    `limit ${limit}`,
    { op: 'archives.list', pathParams: { instanceName: 'sql-a' }, query: { limit } },
    /limit must be a whole number written in decimal digits/,
  ]),
  [
    'exportTo 1.0',
    { op: 'databases.export', pathParams: db, query: { exportTo: '1.0' } },
    /exportTo must be 0 \(MDF\), 1 \(BAK\) or 2 \(DACPAC\)/,
  ],
  [
    'an impossible expiration date',
    {
      op: 'databases.archive',
      pathParams: db,
      headers: GROUP,
      body: { expirationDate: '2026-02-30T00:00:00Z' },
    },
    /Expiration date must be a real date and time/,
  ],
];

const canonical: [string, Call, Sent][] = [
  [
    'integers as decimal digits and sort as the interface spells it',
    {
      op: 'archives.list',
      pathParams: { instanceName: 'sql-a' },
      query: { limit: '0100', offset: '+2', sort: 'NAME asc' },
    },
    {
      path: `${API}/sql-instances/sql-a/Archives`,
      query: { limit: '100', offset: '2', sort: 'name ASC' },
    },
  ],
  [
    'a filter as the grammar prints it',
    {
      op: 'archives.list',
      pathParams: { instanceName: 'sql-a' },
      query: { filter: 'name like "Sales*" and sizeinmb>=10' },
    },
    {
      path: `${API}/sql-instances/sql-a/Archives`,
      query: { filter: 'name LIKE "Sales*" AND sizeInMb >= 10' },
    },
  ],
  [
    'an enumeration as its code, a boolean as true',
    { op: 'databases.export', pathParams: db, query: { exportTo: '00', detachOnly: 'TRUE' } },
    {
      path: `${API}/sql-instances/sql-a/Databases/Sales/export`,
      query: { exportTo: '0', detachOnly: 'true' },
    },
  ],
  [
    'a date with an offset, in UTC without it',
    {
      op: 'databases.archive',
      pathParams: db,
      headers: GROUP,
      body: { expirationDate: '2026-01-02T03:04:05+02:00' },
    },
    {
      path: `${API}/sql-instances/sql-a/Databases/Sales/archive`,
      body: { expirationDate: '2026-01-02T01:04:05.000' },
    },
  ],
  [
    'a date with a Z, without it',
    {
      op: 'databases.updateArchive',
      pathParams: { ...db, archiveId: 'a-1' },
      headers: GROUP,
      body: { storageType: 'Temporary', expirationDate: '2026-01-02T03:04:05.5Z' },
    },
    {
      path: `${API}/sql-instances/sql-a/Databases/Sales/archives/a-1`,
      body: { storageType: 'Temporary', expirationDate: '2026-01-02T03:04:05.500' },
    },
  ],
  [
    'an IPv6 address',
    { op: 'cluster.deleteAllowedIp', pathParams: { ipAddress: '2001:db8::1' } },
    { path: `${API}/Cluster/allowed-ips/2001%3Adb8%3A%3A1` },
  ],
  [
    'an IPv4 range with its prefix as decimal digits',
    {
      op: 'cluster.deleteAllowedRange',
      pathParams: { cidrIpAddress: '10.0.0.0', cidrIpPrefix: '08' },
    },
    { path: `${API}/Cluster/allowed-ips/10.0.0.0/8` },
  ],
  [
    'an IPv6 range with a prefix above 32',
    {
      op: 'cluster.deleteAllowedRange',
      pathParams: { cidrIpAddress: '2001:db8::', cidrIpPrefix: '77' },
    },
    { path: `${API}/Cluster/allowed-ips/2001%3Adb8%3A%3A/77` },
  ],
];

let server: ScriptedServer;

beforeAll(async () => {
  server = await startScriptedServer((req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET') return sendJson(res, 200, []);
    if (url.includes('/export')) return sendJson(res, 202, { jobId: 'job-export' });
    if (/\/archive(\?|$)/.test(url)) return sendJson(res, 200, { jobId: 'job-archive' });
    res.writeHead(200, { 'content-length': '0' }).end();
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.splice(0);
});

/** What the server received for the one request of a case. */
function received(): { path: string; query: URLSearchParams; body: unknown } {
  expect(server.seen).toHaveLength(1);
  const [request] = server.seen;
  const url = new URL(request?.url ?? '', server.baseUrl);
  const text = request?.body ?? '';
  return { path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined };
}

function expectSent(sent: Sent): void {
  const got = received();
  expect(got.path).toBe(sent.path);
  for (const [name, value] of Object.entries(sent.query ?? {})) {
    expect(got.query.getAll(name), name).toEqual([value]);
  }
  expect(got.body).toEqual(sent.body);
}

/** The command line of a call: `group verb --name value ... [--body JSON]`. */
function argvOf(call: Call): string[] {
  const params = { ...call.pathParams, ...call.query, ...call.headers };
  const flags = Object.entries(params).flatMap(([name, value]) => [`--${name}=${value}`]);
  const body = call.body === undefined ? [] : ['--body', JSON.stringify(call.body)];
  // A removal is confirmed with --yes: the test runs where nobody can be asked.
  const yes = call.op in DESTRUCTIVE_OPERATIONS ? ['--yes'] : [];
  return [...call.op.split('.'), ...flags, ...body, ...yes];
}

async function viaCli(call: Call): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const argv = [...argvOf(call), '--base-url', server.baseUrl, ...cliDataDirArgs()];
  const code = await runCliInProcess(argv, {
    stdout: () => undefined,
    stderr: (text) => (stderr += text),
    env: { DATABRIDGE_API_KEY: 'test-key' },
    secretStore: () => new MemorySecretStore(),
  });
  return { code, stderr };
}

function ipcRouter(): IpcRouter {
  const dispatcher = createDispatcher({ env: {} });
  const client = new ServiceClient({
    baseUrl: server.baseUrl,
    authUrl: server.authUrl,
    dispatcher,
    auth: new ApiKeyAuth({ profileId: 'p1', apiKey: 'test-key' }),
  });
  const handlers = createResourceHandlers({
    profile: () => ({ readOnly: false }) as Profile,
    client: () => client,
    trackJob: () => undefined,
    logger: silentLogger,
  });
  return new IpcRouter({ handlers: stubHandlers(handlers), allowedOrigins: [APP_ORIGIN] });
}

async function viaIpc(router: IpcRouter, call: Call): Promise<unknown> {
  const { op, ...input } = call;
  return router.invoke(op.replace('.', ':'), { profileId: 'p1', ...input }, mainFrame());
}

describe('the CLI', () => {
  it.each(refused)('refuses %s before sending anything', async (_name, call, message) => {
    const run = await viaCli(call);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error VALIDATION: /);
    expect(run.stderr).toMatch(message);
    expect(server.seen).toEqual([]);
  });

  it.each(canonical)('sends %s', async (_name, call, sent) => {
    const run = await viaCli(call);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expectSent(sent);
  });

  it('does the same as a child process, as a user runs it', async () => {
    const base = ['--base-url', server.baseUrl, '--api-key', 'test-key'];
    const bad = await runCliChild([
      'cluster',
      'deleteAllowedRange',
      '--cidrIpAddress',
      'not-an-ip',
      '--cidrIpPrefix',
      '77',
      ...base,
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/cidrIpAddress must be one IPv4 or IPv6 address/);
    expect(server.seen).toEqual([]);
    const good = await runCliChild([
      'archives',
      'list',
      '--instanceName',
      'sql-a',
      '--limit',
      '0100',
      ...base,
    ]);
    expect(good.code, good.stderr).toBe(0);
    expect(received().query.toString()).toBe('limit=100');
  });
});

describe('the IPC path (router, resource handlers, client)', () => {
  let router: IpcRouter;
  beforeAll(() => {
    router = ipcRouter();
  });

  it.each(refused)('refuses %s before sending anything', async (_name, call, message) => {
    const answer = await viaIpc(router, call);
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', message: expect.stringMatching(message) as unknown },
    });
    expect(server.seen).toEqual([]);
  });

  it.each(canonical)('sends %s', async (_name, call, sent) => {
    const answer = await viaIpc(router, call);
    expect(answer).toMatchObject({ ok: true });
    expectSent(sent);
  });
});
