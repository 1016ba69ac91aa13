/*
 * The command's standard output when its reader goes away: `databridge sessions list | head -1`
 * closes the pipe after one line. Node ignores SIGPIPE, so the next write fails with EPIPE,
 * which (unhandled) printed a stack and ended the command with exit code 1. A closed output is
 * the reader's choice, not a failure: the rest of the output is dropped and the command ends as
 * it would have (a transfer in progress finishes and records its outcome; nothing is lost).
 */

/** The part of a stream this needs (process.stdout). */
interface Output {
  write(text: string): unknown;
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/** A writer of `output` that drops what comes after its reader closed it. */
export function closableOutput(output: Output): (text: string) => void {
  let closed = false;
  output.on('error', (error) => {
    // The first EPIPE, then the writes the stream refuses once it is destroyed.
    if (error.code === 'EPIPE' || (closed && error.code === 'ERR_STREAM_DESTROYED')) {
      closed = true;
      return;
    }
    throw error;
  });
  return (text) => {
    if (!closed) output.write(text);
  };
}
