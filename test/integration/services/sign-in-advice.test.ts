import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TokenAuth } from '../../../src/main/services/auth/token-auth';
import { runCli } from '../../../src/main/cli/commands/runner';
import { createConnection } from '../../../src/main/services/connection/connection';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { silentLogger } from '../../../src/main/services/log/logger';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import type { Profile } from '../../../src/shared/model/profile';
import { sendJson, startScriptedServer, type ScriptedServer } from '../../support/scripted-server';

/*
 * A service that refuses every request with 401, while the token service signs in and
 * refreshes: a token connection gets a 401, refreshes, and gets a 401 again. The error must
 * name the sign-in the connection has (user, password, token), never "check the API key"; an
 * API-key connection keeps "check the API key". The same for the app and the CLI.
 */

let server: ScriptedServer;
const tokens = (n: number) => ({ accessToken: `a${n}`, idToken: 'i', refreshToken: `r${n}` });

beforeAll(async () => {
  server = await startScriptedServer((req, res) => {
    const url = req.url ?? '';
    if (url.endsWith('/login/implicit')) return sendJson(res, 200, tokens(1));
    if (url.endsWith('/login/refresh')) return sendJson(res, 200, tokens(2));
    sendJson(res, 401, { code: 'DATA-BRIDGE-401', message: 'Unauthorized', logId: 'l1' });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.splice(0);
});

function profileOf(auth: Profile['auth']): Profile {
  const time = new Date(0).toISOString();
  return {
    id: `p-${auth.kind}`,
    name: auth.kind,
    target: { kind: 'custom', baseUrl: server.baseUrl },
    auth,
    color: '#1f6feb',
    readOnly: false,
    isEmulator: false,
    createdAt: time,
    updatedAt: time,
  };
}

/** The failure of `instances.list` on a connection of the app. */
async function appFailure(
  auth: Profile['auth'],
  secret: { apiKey: string } | { password: string },
) {
  const dispatcher = createDispatcher({ env: {} });
  const connection = createConnection(profileOf(auth), secret, {
    endpoints: { baseUrl: server.baseUrl, authUrl: server.authUrl },
    dispatcher,
    logger: silentLogger,
    sessionOnly: true,
  });
  try {
    if (connection.auth instanceof TokenAuth) await connection.auth.signIn('pw');
    return await connection.client.call('instances.list', {}).then(
      () => undefined,
      (error: unknown) => error as { code: string; message: string },
    );
  } finally {
    connection.auth.dispose();
    await dispatcher.close();
  }
}

async function cliFailure(signIn: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await runCli(['instances', 'list', '--base-url', server.baseUrl, ...signIn], {
    stdout: () => undefined,
    stderr: (text) => (stderr += text),
    env: {},
    secretStore: () => new MemorySecretStore(),
  });
  return { code, stderr };
}

const requests = () =>
  server.seen.map((r) => `${r.method} ${new URL(r.url, server.origin).pathname}`);
const TWICE_REFUSED = [
  'POST /sml/auth/v1/login/implicit',
  'GET /databridge/v1/sql-instances',
  'POST /sml/auth/v1/login/refresh',
  'GET /databridge/v1/sql-instances',
];

describe('a repeated 401', () => {
  it('on a token connection of the app names the user sign-in, not an API key', async () => {
    const error = await appFailure(
      { kind: 'token', tenantName: 'demo', userName: 'bob' },
      { password: 'pw' },
    );
    expect(requests()).toEqual(TWICE_REFUSED);
    expect(error?.code).toBe('AUTH_REQUIRED');
    expect(error?.message).toMatch(/Sign in again with the user name and password/);
    expect(error?.message).not.toMatch(/API key/i);
  });

  it('on an API-key connection of the app still says to check the API key', async () => {
    const error = await appFailure({ kind: 'apiKey' }, { apiKey: 'k' });
    expect(requests()).toEqual(['GET /databridge/v1/sql-instances']);
    expect(error?.message).toMatch(/Check the API key of this connection/);
  });

  it('in the CLI names the flags of the sign-in used', async () => {
    const token = await cliFailure(['--tenant', 'demo', '--user', 'bob', '--password', 'pw']);
    expect(requests()).toEqual(TWICE_REFUSED);
    // --password on the command line is warned about first, as --api-key is.
    expect(token.stderr).toMatch(/^warning: --password [^\n]*\nerror AUTH_REQUIRED: /);
    expect(token.stderr).toMatch(/check --tenant, --user and --password/);
    expect(token.stderr).not.toMatch(/api-key|API key/i);
    const key = await cliFailure(['--api-key', 'k']);
    expect(key.code).toBe(token.code);
    expect(key.stderr).toMatch(/did not accept the API key: check --api-key/);
    expect(key.stderr).not.toMatch(/--tenant|--password/);
  });
});
