import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/shared/errors';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from '../../support/emulator-fixture';
import { runCli } from '../../support/cli/run-cli';

/*
 * The CLI's errors as a user at a terminal reads them: the flags to check and the request
 * tried, not the app's "refresh the list". The app's own wording stays as it was.
 */

let env: RecordingEmulator;

beforeAll(async () => {
  env = await startRecordingEmulator();
});
afterAll(async () => {
  await env.close();
});

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('npm run cli errors', () => {
  it('says a base URL without /databridge is wrong, and names the URL tried', async () => {
    const origin = env.emulator.url;
    const run = await runCli(['instances', 'list', '--base-url', origin], {
      DATABRIDGE_API_KEY: 'demo-admin-key',
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const [first, second, ...rest] = run.stderr.trimEnd().split('\n');
    expect(first).toMatch(/^error NOT_FOUND: Could not list instances: /);
    expect(first).toContain('the base URL is wrong');
    expect(first).toContain("the service's base path /databridge");
    expect(first).toContain(`--base-url ${origin}/databridge`);
    expect(second).toBe(`  tried: GET ${origin}/v1/sql-instances`);
    expect(rest).toEqual([]);
    expect(run.stderr).not.toMatch(/refresh the list/i);
  });

  it('names the parameters of a missing resource and the command that lists them', async () => {
    const run = await runCli(
      ['instances', 'get', '--instanceName', 'sql-eu-nope', '--base-url', env.emulator.baseUrl],
      { DATABRIDGE_API_KEY: 'demo-admin-key' },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error NOT_FOUND: Could not read instance sql-eu-nope: /);
    expect(run.stderr).toContain(
      'Check --instanceName sql-eu-nope; `databridge instances list` (with the same connection options) lists what exists.',
    );
    expect(run.stderr).toContain(`tried: GET ${env.emulator.baseUrl}/v1/sql-instances/sql-eu-nope`);
    expect(run.stderr).not.toMatch(/base URL is wrong|refresh the list/);
  });

  it('asks whether the emulator runs when nothing listens', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/databridge`;
    const run = await runCli(['instances', 'list', '--base-url', baseUrl], {
      DATABRIDGE_API_KEY: 'demo-admin-key',
    });
    // Exit code 4: the network (see EXIT in output/exit-codes.ts).
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(
      /^error NETWORK: Could not list instances: the connection was refused\. /,
    );
    expect(run.stderr).toContain('`npm run emulator` is running');
    expect(run.stderr).toContain('--proxy');
    expect(run.stderr).toContain(`tried: GET ${baseUrl}/v1/sql-instances`);
  });

  it('says which flag made a run read-only, before sending anything', async () => {
    const before = env.requests.length;
    const run = await runCli(
      [
        'databases',
        'drop',
        '--instanceName',
        'sql-eu-prod-01',
        '--databaseName',
        'Sales',
        '--base-url',
        env.emulator.baseUrl,
        '--read-only',
      ],
      { DATABRIDGE_API_KEY: 'demo-admin-key' },
    );
    // Exit code 3: not allowed (FORBIDDEN), like a role that may not do it.
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^error FORBIDDEN: Not sent: .* --read-only was given/);
    expect(run.stderr).not.toContain("connection's settings");
    expect(env.requests.length).toBe(before);
  });

  it('exits 3, as the help says, when no API key is given, sending nothing', async () => {
    const before = env.requests.length;
    const run = await runCli(['instances', 'list', '--base-url', env.emulator.baseUrl], {
      DATABRIDGE_API_KEY: undefined,
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^error AUTH_REQUIRED: Give an API key: DATABRIDGE_API_KEY/);
    expect(env.requests.length).toBe(before);
  });
});

describe('the app keeps its advice', () => {
  it('a client without an adviser words a wrong base URL as before', async () => {
    const { client, dispatcher } = apiKeyClient(env.emulator, { baseUrl: env.emulator.url });
    try {
      const error: unknown = await client.call('instances.list', {}).catch((e: unknown) => e);
      expect(isAppError(error) && error.toData()).toMatchObject({
        code: 'NOT_FOUND',
        message:
          'Could not list instances: Nothing is served at /v1/sql-instances. It may have been removed or renamed; refresh the list.',
        operation: 'instances.list',
        status: 404,
      });
    } finally {
      await dispatcher.close();
    }
  });
});
