import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicToken } from '../../../src/main/services/proxy/proxy-credentials';
import { runCli } from '../../support/cli/run-cli';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { startForwardProxy, type ForwardProxy } from '../../support/forward-proxy';
import { listenOnLoopback } from '../../support/proxy-forwarding';

/*
 * The built command behind a PAC file that sends the service through a proxy asking for
 * Basic credentials, given by DATABRIDGE_PROXY_USER/DATABRIDGE_PROXY_PASSWORD.
 */

const USER = 'bob';
const PASSWORD = 'cli-proxy-pass-7';
let env: RecordingEmulator;
let proxy: ForwardProxy;
let pac: { server: Server; url: string };

beforeAll(async () => {
  env = await startRecordingEmulator();
  proxy = await startForwardProxy({
    challenges: ['Basic realm="corp"'],
    accept: basicToken({ user: USER, password: PASSWORD }),
  });
  const server = createServer((_req, res) => {
    res.end(`function FindProxyForURL(url, host) { return "PROXY ${new URL(proxy.url).host}"; }`);
  });
  pac = { server, url: `${await listenOnLoopback(server)}/proxy.pac` };
});
afterAll(async () => {
  pac.server.closeAllConnections();
  await new Promise((resolve) => pac.server.close(resolve));
  await proxy.close();
  await env.close();
});

const args = (): string[] => [
  'instances',
  'list',
  '--base-url',
  env.emulator.baseUrl,
  '--proxy-pac',
  pac.url,
];

describe('databridge --proxy-pac behind a proxy asking for Basic credentials', () => {
  it('answers with the credentials of the environment, and prints none of them', async () => {
    proxy.forwarded.length = 0;
    const run = await runCli(args(), {
      DATABRIDGE_API_KEY: 'demo-admin-key',
      DATABRIDGE_PROXY_USER: USER,
      DATABRIDGE_PROXY_PASSWORD: PASSWORD,
      HTTPS_PROXY: '',
      HTTP_PROXY: '',
    });
    expect(run.stderr).not.toContain(PASSWORD);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveLength(3);
    expect(proxy.forwarded).toContain(`GET ${env.emulator.baseUrl}/v1/sql-instances`);
  });

  it('says which variables to set when none are given', async () => {
    // A proxy of its own: where the machine has a keychain, the first test's credentials are
    // kept there for the first proxy's origin.
    const other = await startForwardProxy({ challenges: ['Basic realm="corp"'] });
    const otherPac = `function FindProxyForURL(u, h) { return "PROXY ${new URL(other.url).host}"; }`;
    const server = createServer((_req, res) => res.end(otherPac));
    const otherUrl = `${await listenOnLoopback(server)}/proxy.pac`;
    try {
      const run = await runCli(
        ['instances', 'list', '--base-url', env.emulator.baseUrl, '--proxy-pac', otherUrl],
        { DATABRIDGE_API_KEY: 'demo-admin-key', HTTPS_PROXY: '', HTTP_PROXY: '' },
      );
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain(
        `The proxy ${other.url} asks for a user name and password (Basic). Set DATABRIDGE_PROXY_USER and DATABRIDGE_PROXY_PASSWORD`,
      );
      expect(other.forwarded).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await other.close();
    }
  });

  it('refuses a PAC URL that is not http(s)', async () => {
    const run = await runCli(
      [
        'instances',
        'list',
        '--base-url',
        env.emulator.baseUrl,
        '--proxy-pac',
        'file:///etc/proxy.pac',
      ],
      {
        DATABRIDGE_API_KEY: 'demo-admin-key',
      },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--proxy-pac must be the http(s) URL of a PAC file');
  });
});
