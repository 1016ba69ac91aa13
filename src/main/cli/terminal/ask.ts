import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { AppError } from '../../../shared/errors';

/*
 * One question asked on the terminal (a destructive call's confirmation, a proxy's user name
 * and password): the question on standard error, so that standard output keeps only the
 * answer of the command, and one line read from standard input with the terminal's line
 * editing.
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
  return readLine(question, streams, { hidden: false });
}

/**
 * Asks `question` as {@link askOnTerminal} does, but what is typed is never shown: a password.
 * Only the line end is written once the answer is given.
 */
export function askSecretOnTerminal(
  question: string,
  streams: AskStreams,
): Promise<string | undefined> {
  return readLine(question, streams, { hidden: true });
}

function readLine(
  question: string,
  streams: AskStreams,
  how: { readonly hidden: boolean },
): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const terminal = streams.terminal ?? (streams.output as { isTTY?: boolean }).isTTY === true;
    const shown = how.hidden ? mutable(streams.output) : { stream: streams.output, mute() {} };
    const lines = createInterface({ input: streams.input, output: shown.stream, terminal });
    let settled = false;
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      // The terminal's own line end was muted with the rest: the next line starts below.
      if (how.hidden) streams.output.write('\n');
      finish();
      lines.close();
    };
    lines.on('SIGINT', () => {
      if (!how.hidden) streams.output.write('\n');
      settle(() =>
        reject(
          new AppError({ code: 'CANCELLED', message: 'Stopped with Ctrl+C: nothing was sent.' }),
        ),
      );
    });
    lines.on('close', () => settle(() => resolve(undefined)));
    lines.question(question, (answer) => settle(() => resolve(answer)));
    // readline wrote the question at once; from here on it writes only the echo of the keys
    // typed and the line redrawn (with the password in it), none of which may be shown.
    shown.mute();
  });
}

/**
 * A stream that forwards to `output` until muted, then drops everything: readline echoes each
 * key it reads to its output, and has no option to stop it.
 */
function mutable(output: NodeJS.WritableStream): { stream: Writable; mute(): void } {
  let muted = false;
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (!muted) output.write(chunk);
      done();
    },
  });
  return {
    stream,
    mute: () => {
      muted = true;
    },
  };
}
