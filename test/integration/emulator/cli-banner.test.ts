import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli/run-cli';

/*
 * What `npm run emulator` prints after its listening line: the URLs clients use and CLI
 * commands to paste, which must work as printed.
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
  it('prints the base URL, the auth URL and CLI commands that work, the key kept off the command line', async () => {
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
      await waitFor(() => /^A real key: .*\n/m.test(stdout), 'the CLI lines');
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
      // The key in the environment, never on the command line (where it would get a warning).
      const at = lines.indexOf(
        'Try the CLI (npm run build && npm run link-cli put databridge on the PATH):',
      );
      expect(at).toBeGreaterThan(0);
      expect(lines.slice(at + 1, at + 3)).toEqual([
        '  export DATABRIDGE_API_KEY=demo-admin-key',
        `  databridge instances list --base-url ${baseUrl}`,
      ]);
      expect(lines[at + 3]).toMatch(
        /^A real key: databridge \.\.\. --api-key-stdin < key-file, or --profile NAME/,
      );
      expect(stdout).not.toContain('--api-key demo');

      const exported = /^ {2}export (\w+)=(\S+)$/.exec(lines[at + 1] ?? '');
      const command = (lines[at + 2] ?? '').replace('  databridge ', '').split(' ');
      const run = await runCli(command, { [exported?.[1] ?? '']: exported?.[2] });
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
