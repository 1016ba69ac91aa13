/*
 * The command's standard output when its reader goes away: `databridge sessions list | head -1`
 * closes the pipe after one line. Node ignores SIGPIPE, so the next write fails with EPIPE,
 * which (unhandled) printed a stack and ended the command with exit code 1. A closed output is
 * the reader's choice, not a failure: the rest of the output is dropped, nothing is said, and
 * the command ends as it would have (a transfer in progress finishes and records its outcome;
 * nothing is lost).
 *
 * Its exit code then follows the shell's convention for a program whose reader went away: a
 * program that does not ignore SIGPIPE is ended by it, which the shell reports as 128 + 13 =
 * 141 (`set -o pipefail` makes the pipeline fail with it; `yes | head -1` does the same). Not
 * 0: what the command printed was cut, and a script that asked for pipefail is told so, as by
 * any other program; a script that means to read part of the answer allows 141 as it does for
 * them. A command that failed on its own keeps its own code, which says more.
 */

/** 128 + SIGPIPE (13), as a shell reports a program ended by a closed pipe. */
export const EXIT_OUTPUT_CLOSED = 141;

/** The part of a stream this needs (process.stdout). */
interface Output {
  write(text: string): unknown;
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/** A writer of standard output that drops what comes after its reader closed it. */
export interface ClosableOutput {
  /** Writes `text`, or drops it once the reader has gone. */
  readonly write: (text: string) => void;
  /** The reader closed the output: some of what was written never reached it. */
  readonly closed: () => boolean;
}

/** A writer of `output` that drops what comes after its reader closed it. */
export function closableOutput(output: Output): ClosableOutput {
  let closed = false;
  output.on('error', (error) => {
    // The first EPIPE, then the writes the stream refuses once it is destroyed.
    if (error.code === 'EPIPE' || (closed && error.code === 'ERR_STREAM_DESTROYED')) {
      closed = true;
      return;
    }
    throw error;
  });
  return {
    write: (text) => {
      if (!closed) output.write(text);
    },
    closed: () => closed,
  };
}

/**
 * The exit code of a command that ended with `code`: {@link EXIT_OUTPUT_CLOSED} when it
 * succeeded but its reader closed the output before all of it was read.
 */
export function exitCodeAfterOutput(code: number, output: Pick<ClosableOutput, 'closed'>): number {
  return code === 0 && output.closed() ? EXIT_OUTPUT_CLOSED : code;
}
