import { execFileSync } from 'node:child_process';
import { quickAnswer } from '../../../src/main/cli/commands/quick';

/*
 * The completion scripts `databridge completion SHELL` prints, for the tests that run them in
 * the shells themselves, and whether a shell is installed here (a test skips, saying so, where
 * it is not; .ci/run installs zsh and fish).
 */

/** True when `shell` is on the PATH. */
export function installed(shell: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${shell}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The completion script of `shell`, as the command prints it. */
export async function completionScript(shell: string): Promise<string> {
  const answer = await quickAnswer(['completion', shell]);
  if (answer?.exitCode !== 0 || answer.stdout === undefined) throw new Error(`no ${shell} script`);
  return answer.stdout;
}
