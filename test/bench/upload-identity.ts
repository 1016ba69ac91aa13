import { median } from './median';
import {
  readStamp,
  settledStamp,
  stampChange,
} from '../../src/main/services/transfers/upload/source-stamp';

/** What {@link measureIdentityCheck} found: the median round. */
export interface IdentityRun {
  /** `stat` calls of one upload: the settled stamp, one after each part, one at the end. */
  readonly stats: number;
  readonly wallMs: number;
  /** CPU of this process (user + system) over the round. */
  readonly cpuMs: number;
  readonly rounds: number;
}

/**
 * The cost the source file's change checks add to one multipart upload of the file at `path`:
 * the same calls the engine makes (a settled stamp before the first byte, a stamp after each
 * of its parts and one before complete-upload, each compared with the first), timed alone,
 * the median of `rounds` rounds. The settling wait is not counted (the file was written long
 * before): only a file changed in the last 100 ms waits. A file that moved costs in addition
 * the re-read of the parts already sent, which (d) measures for the whole file.
 */
export async function measureIdentityCheck(
  path: string,
  size: number,
  partSize: number,
  rounds = 5,
): Promise<IdentityRun> {
  const parts = Math.ceil(size / partSize);
  const noWait = (): Promise<void> => Promise.resolve();
  const signal = new AbortController().signal;
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const stamp = await settledStamp(path, noWait, signal);
    for (let part = 0; part <= parts; part += 1) {
      if (stampChange(stamp, await readStamp(path)) !== undefined) {
        throw new Error('identity bench: the source file changed during the bench');
      }
    }
    walls.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  return { stats: parts + 2, wallMs: median(walls), cpuMs: median(cpus), rounds };
}
