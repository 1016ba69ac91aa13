import { execFile } from 'node:child_process';
import { join } from 'node:path';

/** What a CLI run printed and how it ended. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `npm run cli -- ...args` the way a user does (tsx src/main/cli.ts), as a child process. */
export function runCli(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  const root = process.cwd();
  return new Promise((resolve) => {
    execFile(
      join(root, 'node_modules', '.bin', 'tsx'),
      [join(root, 'src', 'main', 'cli.ts'), ...args],
      { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
