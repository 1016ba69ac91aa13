import { describe, expect, it } from 'vitest';
import type { EarlyExit } from '../../../../scripts/ci/stays-up.mjs';
import {
  APP_PAGE,
  devtoolsEndpoint,
  endpointFromActivePort,
  pageUrls,
  probeVerdict,
  type ProbeFacts,
} from '../../../../scripts/ci/probe-app.mjs';

const ENDPOINT = 'ws://127.0.0.1:36007/devtools/browser/ca6b2c71-c2e9-449a-b651-43555d051e8b';

describe("the app's DevTools endpoint", () => {
  it('is read from the line Chromium prints, among its other lines, on any line ending', () => {
    const output = [
      '[1129/195500.955100:ERROR:dbus/bus.cc:405] Failed to connect to the bus',
      '',
      `DevTools listening on ${ENDPOINT}`,
      '[1129/195501.109675:ERROR:dbus/object_proxy.cc:572] Failed to call method',
    ];
    expect(devtoolsEndpoint(output.join('\n'))).toBe(ENDPOINT);
    expect(devtoolsEndpoint(output.join('\r\n'))).toBe(ENDPOINT);
    expect(devtoolsEndpoint('starting electron app...\n')).toBeUndefined();
    // Only a line of its own: not a log line that quotes it.
    expect(devtoolsEndpoint(`[main] saw "DevTools listening on ${ENDPOINT}"\n`)).toBeUndefined();
  });

  it('is read from a DevToolsActivePort file: its port, then its browser path', () => {
    const path = '/devtools/browser/ca6b2c71-c2e9-449a-b651-43555d051e8b';
    expect(endpointFromActivePort(`36007\n${path}`)).toBe(ENDPOINT);
    expect(endpointFromActivePort(`36007\r\n${path}\r\n`)).toBe(ENDPOINT);
    // Written but not complete yet, or not Chromium's.
    expect(endpointFromActivePort('36007\n')).toBeUndefined();
    expect(endpointFromActivePort('')).toBeUndefined();
    expect(endpointFromActivePort(`port\n${path}`)).toBeUndefined();
  });
});

describe("the app's pages as its DevTools server lists them", () => {
  it('are the page targets of /json/list, not its workers or frames', () => {
    const listed = [
      { type: 'page', url: 'app://databridge/index.html', id: 'A' },
      { type: 'service_worker', url: 'app://databridge/sw.js', id: 'B' },
      { type: 'iframe', url: 'https://example.com/', id: 'C' },
      { type: 'page', url: 'about:blank', id: 'D' },
    ];
    expect(pageUrls(listed)).toEqual(['app://databridge/index.html', 'about:blank']);
    expect(pageUrls({ error: 'not a list' })).toEqual([]);
  });
});

const LIMITS = { startSeconds: 120, pageSeconds: 60, holdSeconds: 20 };
/** How the program ran: how it ended before the hold was over, if it did, and its output. */
interface Run {
  exit: EarlyExit | null;
  output: string;
}
const CALM: Run = { exit: null, output: `DevTools listening on ${ENDPOINT}\n` };

/** What a healthy packaged app shows the probe. */
function healthy(): ProbeFacts {
  return {
    endpoint: ENDPOINT,
    urls: ['app://databridge/index.html'],
    page: 'app://databridge/index.html',
    connectionScreen: true,
    info: { ok: true, data: { shell: 'electron', features: { sandbox: true } } },
    keychain: { ok: true, data: { available: true, sessionOnly: false } },
    profile: { ok: true, data: { id: 'p1', name: 'Local emulator' } },
    signIn: { ok: true, data: { profileId: 'p1', status: 'signedIn' } },
    instances: { ok: true, data: [{ name: 'sql-eu-prod-01' }, { name: 'sql-eu-dev-01' }] },
  };
}

function verdict(facts: ProbeFacts, more: { requireSandbox?: boolean; run?: Run } = {}) {
  return probeVerdict({
    expectedPage: APP_PAGE,
    requireSandbox: more.requireSandbox ?? true,
    limits: LIMITS,
    facts,
    run: more.run ?? CALM,
  });
}

const failed = (code: string, message: string) => ({ ok: false, error: { code, message } });

describe('the verdict on what the probe read', () => {
  it('passes a healthy app, and an unsandboxed one only where the sandbox is not required', () => {
    expect(verdict(healthy())).toEqual([]);
    const unsandboxed = {
      ...healthy(),
      info: { ok: true, data: { features: { sandbox: false } } },
    };
    expect(verdict(unsandboxed, { requireSandbox: false })).toEqual([]);
    expect(verdict(unsandboxed)).toEqual([
      "Chromium's sandbox is off (app:getInfo features.sandbox is false)",
    ]);
  });

  it('names the page it found when the expected one never came', () => {
    const harness = 'http://127.0.0.1:4000/?token=abc';
    expect(verdict({ endpoint: ENDPOINT, urls: [harness, 'about:blank'] })).toEqual([
      `no page at ${APP_PAGE} within 60 s; it showed ${harness}, about:blank`,
    ]);
    expect(verdict({ endpoint: ENDPOINT, urls: [] })).toEqual([
      `no page at ${APP_PAGE} within 60 s; it showed no page`,
    ]);
  });

  it('fails a blank window, a dead keychain and an emulator that lists nothing known', () => {
    expect(
      verdict({
        ...healthy(),
        connectionScreen: false,
        keychain: { ok: true, data: { available: false, sessionOnly: false } },
        instances: { ok: true, data: [{ name: 'other' }] },
      }),
    ).toEqual([
      'the connection screen ([data-testid="connection-screen"]) did not show on app://databridge/index.html',
      'the keychain is not available (keytar did not load, or the OS keychain did not answer)',
      'instances:list of the emulator lists other, not sql-eu-prod-01',
    ]);
  });

  it('names the first call of the emulator chain that failed, and every other failed call', () => {
    const noBridge = failed('PROBE', 'the page has no window.api: the preload did not run');
    expect(
      verdict({
        ...healthy(),
        info: noBridge,
        keychain: noBridge,
        profile: noBridge,
        signIn: undefined,
        instances: undefined,
      }),
    ).toEqual([
      'app:getInfo failed (PROBE): the page has no window.api: the preload did not run',
      'session:getKeychainStatus failed (PROBE): the page has no window.api: the preload did not run',
      'emulator:createProfile failed (PROBE): the page has no window.api: the preload did not run',
    ]);
    expect(
      verdict({
        ...healthy(),
        signIn: failed('UNAVAILABLE', 'The emulator did not start.'),
        instances: undefined,
      }),
    ).toEqual(['session:connect failed (UNAVAILABLE): The emulator did not start.']);
  });

  it('fails a start that never opened DevTools or could not be reached, with how it ended', () => {
    const run = {
      exit: { code: null, signal: 'SIGTRAP', afterSeconds: 1 },
      output:
        '[4316:1005/203048.937854:FATAL:setuid_sandbox_host.cc(158)] The SUID sandbox helper binary was found\n',
    };
    expect(verdict({ urls: [] }, { run })).toEqual([
      'no DevTools endpoint within 120 s: it printed no "DevTools listening on" line and wrote no DevToolsActivePort',
      'it exited (signal SIGTRAP) after 1 s, before the 20 s hold',
      `it printed a fatal or sandbox error: ${run.output.trim()}`,
    ]);
    expect(
      verdict({ endpoint: ENDPOINT, urls: [], error: 'connect ECONNREFUSED 127.0.0.1:36007' }),
    ).toEqual(['the DevTools connection failed: connect ECONNREFUSED 127.0.0.1:36007']);
  });

  it('fails an app that passed every check but then died during the hold', () => {
    const run = { exit: { code: 0, signal: null, afterSeconds: 9 }, output: '' };
    expect(verdict(healthy(), { run })).toEqual([
      'it exited (code 0) after 9 s, before the 20 s hold',
    ]);
  });
});
