import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { runCli } from '../services/helpers/run-cli';

/*
 * What `npm run emulator` prints after its listening line: the URLs clients use and a CLI
 * command to paste, which must work as printed.
 */
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('npm run emulator banner', () => {
  it('prints the base URL, the auth URL and a CLI command that works', async () => {
    const child = spawn(
      process.execPath,
      [tsxCli, 'src/emulator/cli.ts', '--port', '0', '--quiet'],
      {
        cwd: process.cwd(),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await waitFor(() => /Try the CLI:\n {2}npm run cli -- .*\n/.test(stdout), 'the CLI line');
      const lines = stdout.split('\n');
      const origin = /^Emulator listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(
        lines[0] ?? '',
      )?.[1];
      expect(origin).toBeDefined();
      const baseUrl = `${origin}/databridge`;
      expect(lines.slice(1, 3)).toEqual([
        `Base URL: ${baseUrl}  (a connection's base URL; the CLI's --base-url)`,
        `Auth URL: ${origin}/sml/auth/v1  (the token service, found from the base URL's host)`,
      ]);
      expect(lines).toContain('  API key demo-admin-key (Admin)');
      const cliLine = `  npm run cli -- instances list --base-url ${baseUrl} --api-key demo-admin-key`;
      expect(lines[lines.indexOf('Try the CLI:') + 1]).toBe(cliLine);

      const run = await runCli(cliLine.replace('  npm run cli -- ', '').split(' '));
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect((JSON.parse(run.stdout) as { name: string }[]).map((i) => i.name)).toEqual([
        'sql-eu-prod-01',
        'sql-eu-dev-01',
        'sql-eu-test-01',
      ]);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
