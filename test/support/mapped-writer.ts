import { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { missingTool } from './system-tools';

/*
 * The mapped writer (mapped-writer.py) driven from a test: a byte written through one shared
 * memory mapping of a file, each write acknowledged on a FIFO before `write` returns, so a part
 * event's handler knows the byte is in the file when it returns.
 */

const WRITER = resolve('test', 'support', 'mapped-writer.py');

/** Why the mapped writer cannot run here, or undefined when it can. */
export const mappedWriterRefusal = (): string | undefined =>
  missingTool('python3', ['--version'], 'Debian: python3');

/** A running mapped writer of one file. */
export interface MappedWriter {
  /** Writes `value` at `offset` through the mapping; returns once it is written. */
  write(offset: number, value: number): void;
  /** Stops the writer. */
  close(): void;
}

/** Starts a mapped writer of `path`; its FIFO is made in `fifoDir` under the name `name`. */
export function startMappedWriter(path: string, fifoDir: string, name: string): MappedWriter {
  const ack = join(fifoDir, `ack-${name}`);
  execFileSync('mkfifo', [ack]);
  const child = spawn('python3', [WRITER, path, ack], { stdio: ['pipe', 'ignore', 'inherit'] });
  // Blocks until the writer opens its end: both opens meet.
  const fd = openSync(ack, 'r');
  const reply = Buffer.alloc(3);
  return {
    write(offset, value) {
      child.stdin.write(`${offset} ${value}\n`);
      if (readSync(fd, reply, 0, 3, null) !== 3) throw new Error('the mapped writer stopped');
    },
    close() {
      closeSync(fd);
      child.kill();
    },
  };
}
