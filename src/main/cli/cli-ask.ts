import { createInterface } from 'node:readline';
import { AppError } from '../../shared/errors';

/*
 * One question asked on the terminal (a destructive call's confirmation): the question on
 * standard error, so that standard output keeps only the answer of the command, and one line
 * read from standard input with the terminal's line editing.
 */

/** Where the question is asked. */
export interface AskStreams {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  /** A terminal: line editing and Ctrl+C are the terminal's (default: the output's isTTY). */
  readonly terminal?: boolean;
}

/**
 * Asks `question`; answers the line typed (without its end), or undefined when the input
 * ended first (Ctrl+D). Ctrl+C rejects with CANCELLED, which ends the command with 130.
 */
export function askOnTerminal(question: string, streams: AskStreams): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const terminal = streams.terminal ?? (streams.output as { isTTY?: boolean }).isTTY === true;
    const lines = createInterface({ input: streams.input, output: streams.output, terminal });
    let settled = false;
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      finish();
      lines.close();
    };
    lines.on('SIGINT', () => {
      streams.output.write('\n');
      settle(() =>
        reject(
          new AppError({ code: 'CANCELLED', message: 'Stopped with Ctrl+C: nothing was sent.' }),
        ),
      );
    });
    lines.on('close', () => settle(() => resolve(undefined)));
    lines.question(question, (answer) => settle(() => resolve(answer)));
  });
}
