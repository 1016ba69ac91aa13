import { createHash } from 'node:crypto';
import { open, rename, writeFile } from 'node:fs/promises';
import {
  handleWriter,
  type PartFileSinkOptions,
  type SinkProgress,
} from '../../src/main/services/transfers/download/part-file-sink';
import { WriteBehind } from '../../src/main/services/transfers/download/write-behind';

/*
 * The end every HTTP stack of download-stack-child.ts writes into, so that only the stack
 * differs between them: the engine's own `.part` writer (positional writev on one open file
 * handle, the MD5 updated per chunk while the write runs), a small JSON journal saved every
 * 8 MiB and a flush (fdatasync) every 32 MiB behind the writes, as the range downloader runs
 * them, then the MD5 checked, the file synced and renamed into place.
 */

/** The HTTP stacks measured (download-stack-child.ts), in the order of the first round. */
export const STACKS = ['private', 'request', 'stream', 'dispatch'] as const;
export type Stack = (typeof STACKS)[number];

const MIB = 1024 * 1024;
/** The range downloader's defaults: a checkpoint every 8 MiB, a flush every 32 MiB. */
const CHECKPOINT_BYTES = 8 * MIB;
const FLUSH_BYTES = 32 * MIB;

/** An open `.part` file: what a stack hands its chunks to, and how it ends. */
export interface StackPartFile {
  /** The engine's sink options (PartFileSink, storeChunks) for this file. */
  readonly store: Omit<PartFileSinkOptions, 'highWaterMark'>;
  /** Waits for the journal and flush, checks the MD5, syncs and renames into place. */
  finish(md5: string): Promise<void>;
  /** Closes the file after a failure (the `.part` file stays, as the engine leaves it). */
  abandon(): Promise<void>;
}

/** A journal of the download, saved as the engine saves its own: a temporary file renamed. */
async function saveJournal(file: string, dest: string, written: number): Promise<void> {
  const temp = `${file}.tmp`;
  await writeFile(temp, JSON.stringify({ dest, bytesWritten: written, savedAt: Date.now() }));
  await rename(temp, file);
}

/** Opens `<dest>.part` (created empty) with its journal and flushes behind the writes. */
export async function openStackPartFile(dest: string): Promise<StackPartFile> {
  const partPath = `${dest}.part`;
  const handle = await open(partPath, 'w+');
  const progress: SinkProgress = { written: 0, hash: createHash('md5') };
  const behind = [
    new WriteBehind(
      () => saveJournal(`${dest}.journal.json`, dest, progress.written),
      CHECKPOINT_BYTES,
    ),
    new WriteBehind(() => handle.datasync(), FLUSH_BYTES),
  ];
  const store: StackPartFile['store'] = {
    write: handleWriter(handle),
    progress,
    onWritten: (written) => {
      // A failed journal save or flush stops the download, as in the engine.
      for (const task of behind) {
        task.check();
        task.written(written);
      }
    },
  };
  return {
    store,
    finish: async (md5) => {
      for (const task of behind) await task.settle();
      const actual = progress.hash?.digest('hex');
      if (actual !== md5) throw new Error(`MD5 ${actual} of ${partPath}, expected ${md5}`);
      await handle.sync();
      await handle.close();
      await rename(partPath, dest);
    },
    abandon: async () => {
      for (const task of behind) await task.settle().catch(() => undefined);
      await handle.close().catch(() => undefined);
    },
  };
}
