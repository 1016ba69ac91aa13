import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseCliArgs } from '../../../src/main/cli/args/operation-args';
import { confirmationOf, isDestructive } from '../../../src/main/cli/args/destructive';
import { operationInput } from '../../../src/main/cli/args/operation-input';
import { catalogue } from '../../../src/shared/contract/catalogue';

/*
 * Command lines that ask first: a removal without --yes asks the person at the terminal (the
 * database's name for a drop, y/N for the rest) and is refused from a script. Such an example
 * is run on a pseudo-terminal of its own (util-linux's `script`) and answered as its reader
 * would answer: the name typed, or `y`.
 */

/** The words of a simple shell command line, quotes taken off (examples have no escapes). */
function shellWords(text: string): string[] {
  return (text.match(/'[^']*'|"[^"]*"|\S+/g) ?? []).map((word) =>
    /^(['"]).*\1$/.test(word) ? word.slice(1, -1) : word,
  );
}

/**
 * What a reader types to the question of `text`, run in `cwd`, or undefined when it asks none.
 * Only a removal can ask, so only a removal's input is read (a body file from `cwd`, as the
 * command run there reads it).
 */
export async function answerOf(text: string, cwd: string): Promise<string | undefined> {
  const words = shellWords(text).map((word) =>
    word.startsWith('@./') ? `@${join(cwd, word.slice(3))}` : word,
  );
  if (words[0] !== 'databridge' || words.some((word) => /[|<>;&]/.test(word))) return undefined;
  const command = (() => {
    try {
      return parseCliArgs(words.slice(1));
    } catch {
      return undefined;
    }
  })();
  if (command?.kind !== 'run' || !isDestructive(command.operation)) return undefined;
  const input = await operationInput(command, () => undefined);
  const confirmation = confirmationOf(command.operation, input, {
    yes: false,
    interactive: false,
  });
  if (confirmation.kind !== 'refuse') return undefined;
  if (command.operation.id !== 'databases.drop') return 'y';
  // The drop asks for the name the command line gives.
  return /--databaseName (\S+)/.exec(text)?.[1] ?? '';
}

/** The questions a confirmation asks; the answer is typed once one shows. */
const QUESTIONS = ['Type the database name to drop it:', '[y/N]'];

/** Runs `text` in bash on a pseudo-terminal, typing `answer` when it asks. */
export function onTerminal(
  text: string,
  answer: string,
  shell: { readonly cwd: string; readonly env: NodeJS.ProcessEnv },
): Promise<{ code: number; stdout: string; stderr: string }> {
  // -q: no "Script started" lines; -e: its exit code is the command's; -c: run it on the pty.
  const child = spawn('script', ['-qec', text, '/dev/null'], {
    ...shell,
    env: { ...shell.env, SHELL: 'bash' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  let typed = false;
  const read = (chunk: string) => {
    screen += chunk;
    if (!typed && QUESTIONS.some((question) => screen.includes(question))) {
      typed = true;
      child.stdin.write(`${answer}\n`);
    }
  };
  child.stdout.setEncoding('utf8').on('data', read);
  child.stderr.setEncoding('utf8').on('data', read);
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      child.stdin.end();
      // The terminal is stdout and stderr at once: what it showed is the output.
      resolve({ code: code ?? -1, stdout: screen, stderr: screen });
    }),
  );
}

/** True when `text` runs an operation that changes something on the service. */
export function changesSomething(text: string): boolean {
  const words = shellWords(text);
  return words.some((word, index) => {
    if (word !== 'databridge') return false;
    const [group, name] = [words[index + 1], words[index + 2]];
    if (group === 'import') return true;
    const op = catalogue.find((entry) => entry.id === `${group}.${name}`);
    return op !== undefined && op.service === 'api' && op.method !== 'GET';
  });
}
