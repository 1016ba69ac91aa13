import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';

/*
 * The CLI as a user starts it (`npm run emulator` is `tsx src/emulator/cli.ts`): tsx's own
 * entry point is run with this Node, which is what npx would do, without npm's start-up cost.
 */
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

function startCli(args: string[]) {
  const child = spawn(process.execPath, [tsxCli, 'src/emulator/cli.ts', ...args], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('npm run emulator', () => {
  it('prints the listening line and credentials, serves, and exits cleanly on SIGINT', async () => {
    // --once request503: the first API request answers 503, the next one is served.
    const cli = startCli(['--port', '0', '--seed', 'empty', '--quiet', '--once', 'request503']);
    try {
      await waitFor(
        () => /Emulator listening on http:\/\/\S+\n/.test(cli.out()),
        'the listening line',
      );
      await waitFor(() => cli.out().includes('password'), 'the credentials');
      // Read the output only once the credentials are there: they may come in a later chunk.
      const [first, ...rest] = cli.out().split('\n');
      const url = /^Emulator listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(first ?? '')?.[1];
      expect(url).toBeDefined();
      expect(rest.join('\n')).toMatch(/demo-admin-key[\s\S]*demo-consumer-key[\s\S]*tenant "demo"/);
      const instances = () =>
        request(`${url}/databridge/v1/sql-instances`, {
          headers: { authorization: 'demo-admin-key' },
        });
      const refused = await instances();
      expect(refused.statusCode).toBe(503);
      await refused.body.dump();
      const res = await instances();
      expect(res.statusCode).toBe(200);
      expect(((await res.body.json()) as unknown[]).length).toBe(3);
      cli.child.kill('SIGINT');
      expect(await cli.exited).toBe(0);
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it('refuses a bad flag with exit code 2 and the usage', async () => {
    const cli = startCli(['--seed', 'full']);
    expect(await cli.exited).toBe(2);
    expect(cli.err()).toMatch(/--seed must be demo, empty, large or monitor[\s\S]*Usage/);
  });
});
