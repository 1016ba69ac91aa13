import { readTextIfPresent } from '../common/text-file';
import { constants } from 'node:fs';
import { copyFile, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditRecord } from '../../../shared/model/audit';
import { PRIVATE_FILE_MODE, writeFileAtomic } from '../common/atomic-file';

/*
 * The files of the audit trail in its folder: `audit.jsonl` takes the appends; when it would
 * pass the size limit it is renamed `audit-<first seq, 12 digits>.jsonl` (names that sort in
 * chain order and never need renaming again) and a new `audit.jsonl` begins. The part of the
 * trail that did not verify is set aside as `audit-<time>.damaged.jsonl` files, left for the
 * user: never deleted. The lines of a file before its first bad one stay where they were.
 */

/** The file appends go to. */
export const CURRENT_FILE = 'audit.jsonl';
/** The lock of {@link withFileLock} beside the trail. */
export const LOCK_FILE = 'audit.lock';
/** The last record's seq and digest, rewritten after each append (finds cut-off tails). */
const HEAD_FILE = 'audit-head.json';

const ROTATED = /^audit-(\d{12})\.jsonl$/;

/**
 * Appends `line` to `file` in one write and flushes it to the disk before answering: a record
 * written before its change is sent must outlive a crash or a power cut right after.
 */
export async function appendFlushed(file: string, line: string): Promise<void> {
  const handle = await open(file, 'a', PRIVATE_FILE_MODE);
  try {
    await handle.write(line);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The name a full current file is renamed to. */
function rotatedName(firstSeq: number): string {
  return `audit-${String(firstSeq).padStart(12, '0')}.jsonl`;
}

/** The trail's files, oldest first, the current one last (when it exists). */
export async function trailFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const rotated = names.filter((name) => ROTATED.test(name)).sort();
  return names.includes(CURRENT_FILE) ? [...rotated, CURRENT_FILE] : rotated;
}

/** The size of `file`, 0 when it does not exist. */
export async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/** How far back from the end the last line is looked for (records are far smaller). */
const TAIL_BYTES = 256 * 1024;

/**
 * The last line of `file` and whether the file ends with a newline (a file cut in the middle
 * of a record does not); undefined for an empty or missing file.
 */
export async function lastLine(
  file: string,
): Promise<{ text: string; complete: boolean } | undefined> {
  const size = await sizeOf(file);
  if (size === 0) return undefined;
  const length = Math.min(size, TAIL_BYTES);
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    const text = buffer.toString('utf8');
    const complete = text.endsWith('\n');
    const lines = text.split('\n').filter((line) => line !== '');
    const last = lines.at(-1);
    return last === undefined ? undefined : { text: last, complete };
  } finally {
    await handle.close();
  }
}

/** The first line of `file` (the one that names a rotated file). */
async function firstLine(file: string): Promise<string | undefined> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(TAIL_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TAIL_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').split('\n')[0];
  } finally {
    await handle.close();
  }
}

/**
 * The records of one file as they read, unverified (a line that does not parse is skipped):
 * enough to find a record already written, not to trust the file.
 */
export async function recentRecords(file: string): Promise<AuditRecord[]> {
  const text = await readTextIfPresent(file);
  if (text === undefined) return [];
  const records: AuditRecord[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      records.push(JSON.parse(line) as AuditRecord);
    } catch {
      // A cut or edited line: the next full read reports it.
    }
  }
  return records;
}

/** The first seq a rotated file's name gives; undefined for any other name. */
export function rotatedSeq(name: string): number | undefined {
  const match = ROTATED.exec(name);
  return match ? Number(match[1]) : undefined;
}

/** The oldest rotated files beyond the `keep` newest: those pruning deletes. */
export async function rotatedBeyond(dir: string, keep: number): Promise<string[]> {
  const rotated = (await trailFiles(dir)).filter((name) => name !== CURRENT_FILE);
  return rotated.slice(0, Math.max(0, rotated.length - keep));
}

/** Deletes `names` from `dir` (pruning: the oldest rotated files, past the limit). */
export async function removeFiles(dir: string, names: readonly string[]): Promise<void> {
  for (const name of names) await rm(join(dir, name), { force: true });
}

/**
 * Renames the current file after its first record's seq (the seq `afterSeq` ends at when that
 * line cannot be read). A rename never replaces a file.
 */
export async function rotateCurrent(dir: string, afterSeq: number): Promise<void> {
  const current = join(dir, CURRENT_FILE);
  let seq = afterSeq;
  try {
    const first = JSON.parse((await firstLine(current)) ?? '{}') as { seq?: unknown };
    if (typeof first.seq === 'number') seq = first.seq;
  } catch {
    // An unreadable first line is the next full read's finding; rotating goes on.
  }
  while ((await sizeOf(join(dir, rotatedName(seq)))) > 0) seq += 1;
  await rename(current, join(dir, rotatedName(seq)));
}

/**
 * The first seq of each file of the trail as it is, oldest first: a rotated file's from its
 * name, the current file's from its first line (left out when it is empty or unreadable).
 */
export async function fileStartsOnDisk(dir: string): Promise<number[]> {
  const starts: number[] = [];
  for (const name of await trailFiles(dir)) {
    const seq = rotatedSeq(name);
    if (seq !== undefined) {
      starts.push(seq);
      continue;
    }
    try {
      const first = JSON.parse((await firstLine(join(dir, name))) ?? '') as { seq?: unknown };
      if (typeof first.seq === 'number') starts.push(first.seq);
    } catch {
      // Empty or unreadable: it names no start.
    }
  }
  return starts;
}

/** The head file's last seq and digest; undefined when there is none or it is unreadable. */
export async function readHead(dir: string): Promise<{ seq: number; hash: string } | undefined> {
  try {
    const data = JSON.parse(await readFile(join(dir, HEAD_FILE), 'utf8')) as {
      seq?: unknown;
      hash?: unknown;
    };
    return typeof data.seq === 'number' && typeof data.hash === 'string'
      ? { seq: data.seq, hash: data.hash }
      : undefined;
  } catch {
    return undefined; // none yet, or unreadable: the chain alone is checked
  }
}

/** Rewrites the head file after an append. */
export async function writeHead(dir: string, head: { seq: number; hash: string }): Promise<void> {
  // Not flushed: after a power cut the head may lag behind the trail, which reads as whole.
  await writeFileAtomic(join(dir, HEAD_FILE), JSON.stringify(head), {
    fsync: false,
    mode: PRIVATE_FILE_MODE,
  });
}

/**
 * Sets the damaged part of the trail aside: `names` (in chain order) are renamed to
 * `audit-<time>.damaged.jsonl`, numbered when there are several, never over an existing file.
 * The first keeps its first `goodLines` lines (they verified) in place: it is copied aside
 * whole, as it was found, then rewritten to those lines. Answers the names set aside (none when
 * nothing but those lines was there: records cut off the end leave nothing to keep).
 */
export async function moveAside(
  dir: string,
  names: readonly string[],
  now: Date,
  goodLines = 0,
): Promise<string[]> {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  const existing = new Set(await readdir(dir));
  const nextName = (): string => {
    let target = `audit-${stamp}.damaged.jsonl`;
    for (let n = 2; existing.has(target); n += 1) target = `audit-${stamp}-${n}.damaged.jsonl`;
    existing.add(target);
    return target;
  };
  const moved: string[] = [];
  for (const [index, name] of names.entries()) {
    if (index === 0 && goodLines > 0) {
      const text = await readFile(join(dir, name), 'utf8');
      const kept = text.split('\n').slice(0, goodLines).join('\n') + '\n';
      if (kept === text) continue;
      const target = nextName();
      await copyFile(join(dir, name), join(dir, target), constants.COPYFILE_EXCL);
      await writeFileAtomic(join(dir, name), kept, { fsync: true, mode: PRIVATE_FILE_MODE });
      moved.push(target);
      continue;
    }
    const target = nextName();
    await rename(join(dir, name), join(dir, target));
    moved.push(target);
  }
  return moved;
}
