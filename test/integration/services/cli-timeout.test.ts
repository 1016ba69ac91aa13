import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli/run-cli';
import { startScriptedServer, type ScriptedServer } from '../../support/scripted-server';

/*
 * `npm run cli` against a server that accepts connections and never answers: the run gives up
 * at its --timeout and the process ends at once with the network exit code (no socket or
 * timer left to keep it alive), instead of three attempts on 60 s idle timeouts.
 */

let silent: ScriptedServer;

beforeAll(async () => {
  silent = await startScriptedServer(() => undefined);
});
afterAll(async () => {
  await silent.close();
});

/** Starting node and loading the built command, with margin for a busy machine. */
const STARTUP_MS = 6000;

describe('npm run cli --timeout', () => {
  it('ends a run against a silent server at the timeout, with exit code 4', async () => {
    const started = performance.now();
    const run = await runCli(
      ['instances', 'list', '--base-url', silent.baseUrl, '--timeout', '1.5'],
      { DATABRIDGE_API_KEY: 'demo-admin-key' },
    );
    const ms = performance.now() - started;
    expect(run.code).toBe(4);
    const host = new URL(silent.origin).host;
    expect(run.stderr).toMatch(
      new RegExp(`^error NETWORK: Could not list instances: no answer from ${host} in 1\\.5 s\\. `),
    );
    expect(run.stderr).toContain('--proxy');
    expect(run.stderr).toContain('allow more time with --timeout SECONDS');
    expect(run.stderr).toContain(`tried: GET ${silent.baseUrl}/v1/sql-instances`);
    expect(ms).toBeGreaterThanOrEqual(1500);
    expect(ms).toBeLessThan(1500 + STARTUP_MS);
  });

  it('refuses a timeout that is not a number of seconds before sending anything', async () => {
    const before = silent.seen.length;
    const run = await runCli(
      ['instances', 'list', '--base-url', silent.baseUrl, '--timeout', 'x'],
      {
        DATABRIDGE_API_KEY: 'demo-admin-key',
      },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^usage: --timeout must be a number of seconds/);
    expect(silent.seen.length).toBe(before);
  });
});
