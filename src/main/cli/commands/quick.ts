import { cliVersion, completionModel, operationSummaries, requiredNode } from '../build-info';
import { positionals } from '../args/options';
import { usageHelp } from '../help/usage';
import { completionAnswer } from '../completion/completion-command';

/*
 * What `databridge` answers before it loads the catalogue, the HTTP stack or the services:
 * the version, the top-level help, shell completion scripts, and a Node too old to run it.
 * This module and what it imports are all that such a run loads (the entry imports the rest
 * lazily), so keep imports of the catalogue, zod, undici and the services out of it.
 */

/** What to print and the exit code. */
export interface QuickAnswer {
  readonly stdout?: string;
  readonly stderr?: string;
  readonly exitCode: number;
}

/** The Node running the CLI. */
export interface RunningNode {
  readonly version: string;
  readonly execPath: string;
}

/** True when version `found` ("20.9.0") is below `required` ("22.19"). */
export function isOlderThan(found: string, required: string): boolean {
  const numbers = (text: string): number[] =>
    text
      .replace(/^v/, '')
      .split('.')
      .map((part) => Number.parseInt(part, 10) || 0);
  const have = numbers(found);
  const need = numbers(required);
  for (let i = 0; i < Math.max(have.length, need.length); i += 1) {
    const difference = (have[i] ?? 0) - (need[i] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}

/**
 * The answer to `argv` when it needs nothing heavy; undefined for every other command line,
 * which the runner then loads for.
 */
export async function quickAnswer(
  argv: readonly string[],
  node: RunningNode = { version: process.versions.node, execPath: process.execPath },
): Promise<QuickAnswer | undefined> {
  const required = requiredNode();
  if (required !== undefined && isOlderThan(node.version, required)) {
    // Under an older Node the CLI would fail deep inside a dependency; say what it needs.
    return {
      stderr: `databridge needs Node.js ${required} or newer; it was started with Node ${node.version} (${node.execPath}). Install a newer Node.js (https://nodejs.org) and run the command again.\n`,
      exitCode: 1,
    };
  }
  const words = positionals(argv);
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  if (words[0] === 'completion')
    return completionAnswer(words.slice(1), wantsHelp, completionModel);
  if (words.length > 0) return undefined;
  if (argv.includes('--version')) return { stdout: `databridge ${cliVersion()}\n`, exitCode: 0 };
  if (wantsHelp) {
    return { stdout: usageHelp(await operationSummaries()) + '\n', exitCode: 0 };
  }
  return undefined;
}
