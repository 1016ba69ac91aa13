import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../src/main/platform/keytar-secret-store';
import {
  basicToken,
  ProxyCredentialStore,
} from '../../../src/main/services/proxy/proxy-credentials';
import { runCli, runCliOnTerminal, type TerminalReply } from '../../support/cli/run-cli';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { startForwardProxy, type ForwardProxy } from '../../support/forward-proxy';
import { keychainMissing } from '../../support/keychain-answers';
import { missingTool } from '../../support/system-tools';

/*
 * The built command on a terminal of its own, behind a proxy that asks for Basic credentials
 * and with no variables to answer it: the person there is asked once, the password is never
 * shown, and the next run, without a terminal, answers from the keychain. The proxy's keychain
 * entry is the real one (keytar, under scripts/with-keyring.sh); each test has a proxy of its
 * own, so no test finds another's entry.
 */

const USER = 'carol';
const PASSWORD = 'pty-proxy-pass-9';
const WRONG = 'pty-wrong-pass-4';
/** No credentials from the environment: they would win over the terminal. */
const ENV = {
  DATABRIDGE_API_KEY: 'demo-admin-key',
  DATABRIDGE_PROXY_USER: undefined,
  DATABRIDGE_PROXY_PASSWORD: undefined,
  HTTPS_PROXY: '',
  HTTP_PROXY: '',
  NO_PROXY: '',
};

const NO_TERMINAL = missingTool(
  'script',
  ['--version'],
  'util-linux brings it; it gives the command a terminal',
);
if (NO_TERMINAL) console.log(`cli-proxy-prompt: skipped, ${NO_TERMINAL}`);
const NO_KEYCHAIN = await keychainMissing();
if (NO_KEYCHAIN) console.log(`cli-proxy-prompt: the keychain's next run skipped, ${NO_KEYCHAIN}`);

let env: RecordingEmulator;
const proxies: ForwardProxy[] = [];

beforeAll(async () => {
  env = await startRecordingEmulator();
});
afterAll(async () => {
  if (!NO_KEYCHAIN) {
    const store = new ProxyCredentialStore(new KeytarSecretStore());
    for (const proxy of proxies) await store.delete(proxy.url).catch(() => false);
  }
  for (const proxy of proxies) await proxy.close();
  await env.close();
});

/** A proxy of the test's own that lets through USER with PASSWORD only. */
async function basicProxy(): Promise<ForwardProxy> {
  const proxy = await startForwardProxy({
    challenges: ['Basic realm="corp"'],
    accept: basicToken({ user: USER, password: PASSWORD }),
  });
  proxies.push(proxy);
  return proxy;
}

const listThrough = (proxy: ForwardProxy): string[] => [
  'instances',
  'list',
  '--base-url',
  env.emulator.baseUrl,
  '--proxy',
  proxy.url,
];

const answers = (user: string, password: string): TerminalReply[] => [
  { when: 'User name: ', type: user },
  { when: 'Password: ', type: password },
];

/** The smallest --timeout the service's work here fits in with room to spare, in seconds. */
const TIMEOUT_S = 2;
/** A person slower than the whole --timeout on each question. */
const SLOW_MS = TIMEOUT_S * 1000 + 500;

const instancesListed = (proxy: ForwardProxy): boolean =>
  proxy.forwarded.includes(`GET ${env.emulator.baseUrl}/v1/sql-instances`);

describe.skipIf(NO_TERMINAL !== undefined)(
  'databridge at a terminal, behind a proxy asking for Basic credentials',
  { timeout: 90_000 },
  () => {
    it('names a refused password, and the next run asks again and goes through', async () => {
      const proxy = await basicProxy();
      const refused = await runCliOnTerminal(listThrough(proxy), ENV, answers(USER, WRONG));
      expect(refused.code, refused.screen).toBe(3);
      expect(refused.screen).toContain(`The proxy ${proxy.url} asks for a user name and password.`);
      expect(refused.screen).toContain(
        `The proxy ${proxy.url} refused the user name and password (407). They were removed from the keychain`,
      );
      expect(refused.screen).not.toContain(WRONG);
      expect(instancesListed(proxy)).toBe(false);

      const accepted = await runCliOnTerminal(listThrough(proxy), ENV, answers(USER, PASSWORD));
      expect(accepted.code, accepted.screen).toBe(0);
      // The user name is shown as typed (after the terminal's cursor moves).
      expect(accepted.screen).toMatch(new RegExp(`User name: .*${USER}`));
      expect(accepted.screen).toContain('sql-eu-prod-01');
      expect(accepted.screen).not.toContain(PASSWORD);
      expect(instancesListed(proxy)).toBe(true);
    });

    it.skipIf(NO_KEYCHAIN !== undefined)(
      'asks once: the next run, with no terminal and no variables, answers from the keychain',
      async () => {
        const proxy = await basicProxy();
        const asked = await runCliOnTerminal(listThrough(proxy), ENV, answers(USER, PASSWORD));
        expect(asked.code, asked.screen).toBe(0);
        expect(asked.screen).toContain('Password: ');
        expect(asked.screen).not.toContain(PASSWORD);

        proxy.authorizations.length = 0;
        const next = await runCli(listThrough(proxy), ENV);
        expect(next.code, next.stderr).toBe(0);
        expect(JSON.parse(next.stdout)).toHaveLength(3);
        // Sent from the first request on: the proxy did not have to ask.
        expect(proxy.authorizations).not.toContain('-');
        expect(proxy.authorizations).toContain(basicToken({ user: USER, password: PASSWORD }));
      },
    );

    it('does not count the time the person takes to answer against --timeout', async () => {
      const proxy = await basicProxy();
      const run = await runCliOnTerminal(
        [...listThrough(proxy), '--timeout', String(TIMEOUT_S)],
        ENV,
        [
          { when: 'User name: ', type: USER, afterMs: SLOW_MS },
          { when: 'Password: ', type: PASSWORD, afterMs: SLOW_MS },
        ],
      );
      expect(run.code, run.screen).toBe(0);
      expect(run.screen).toContain('sql-eu-prod-01');
      expect(run.screen).not.toContain(PASSWORD);
      expect(instancesListed(proxy)).toBe(true);
    });

    it('stops with 130 on Ctrl+C at the prompt, and nothing goes through', async () => {
      const proxy = await basicProxy();
      const run = await runCliOnTerminal(listThrough(proxy), ENV, [
        { when: 'User name: ', type: '\x03' },
      ]);
      expect(run.code, run.screen).toBe(130);
      expect(run.screen).toContain('Stopped with Ctrl+C: nothing was sent.');
      expect(instancesListed(proxy)).toBe(false);
    });

    it('stops with AUTH_REQUIRED on an empty user name, saying how to give one', async () => {
      const proxy = await basicProxy();
      const run = await runCliOnTerminal(listThrough(proxy), ENV, [
        { when: 'User name: ', type: '' },
      ]);
      expect(run.code, run.screen).toBe(3);
      expect(run.screen).toContain(
        `error AUTH_REQUIRED: No user name and password were given for the proxy ${proxy.url}, so nothing went through it.`,
      );
      expect(run.screen).not.toContain('Password: ');
      expect(instancesListed(proxy)).toBe(false);
    });
  },
);
