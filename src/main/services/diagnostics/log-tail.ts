import { open } from 'node:fs/promises';

/** What {@link readLogTail} found. */
export type LogTail =
  | { readonly status: 'found'; readonly file: string; readonly lines: string[] }
  | { readonly status: 'missing'; readonly file: string }
  | { readonly status: 'unreadable'; readonly file: string; readonly reason: string };

/** At most this much of the file's end is read: enough for the lines asked, whatever its size. */
const TAIL_BYTES = 1024 * 1024;

/** The last `count` lines of a log file, read from its end (a log may be large). */
export async function readLogTail(file: string, count: number): Promise<LogTail> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { status: 'missing', file };
    return { status: 'unreadable', file, reason: code ?? (error as Error).message };
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    const lines = buffer
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '');
    // A read that starts mid-file starts mid-line: that first piece is dropped.
    if (length < size) lines.shift();
    return { status: 'found', file, lines: lines.slice(-count) };
  } finally {
    await handle.close();
  }
}
