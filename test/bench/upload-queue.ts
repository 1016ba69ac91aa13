import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeSampleDatabaseFile } from '../support/sample-files';
import {
  ROUNDS,
  alternate,
  databaseName,
  engineUpload,
  fastestRun,
  type Bench,
  type EngineRun,
} from './upload-bench-kit';

/*
 * bench:upload (e): the transfer queue. Eight files of an eighth of the size dropped at once
 * with "Transfers at once" at its default of 2, against one file of the whole size, in
 * interleaved rounds (at most 3; the order alternates), best round of each kept. Targets: the
 * batch's total throughput at least 0.9 of the single transfer's, and its peak RSS at most
 * twice the single transfer's (two transfers run at once). The throughput is of the bytes
 * over the time until the service stored every file (each upload completed: its parts sent
 * and assembled), the same work on both sides. The time until the last part is sent is not:
 * by then the emulator has assembled most of the batch's files on the same cores, and none of
 * the single file's (it assembles that one after), so that rate is printed without a target,
 * as is the time until every database is imported.
 */

/** Files in the batch, and the queue's cap (the app's default). */
export const BATCH_FILES = 8;
export const TRANSFERS_AT_ONCE = 2;

/** The best single and batch rounds by each time: the uploads sent, stored, imported. */
export interface QueueRun {
  readonly single: EngineRun;
  readonly batch: EngineRun;
  readonly stored: { readonly single: EngineRun; readonly batch: EngineRun };
  readonly whole: { readonly single: EngineRun; readonly batch: EngineRun };
}

export async function measureQueue(bench: Bench, size: number): Promise<QueueRun> {
  const single = join(bench.dir, 'queue-single.bak');
  await writeSampleDatabaseFile(single, 'bak', size, 'bench-queue-single');
  const batchFiles: string[] = [];
  for (let index = 0; index < BATCH_FILES; index += 1) {
    const path = join(bench.dir, `queue-${index}.bak`);
    await writeSampleDatabaseFile(path, 'bak', size / BATCH_FILES, `bench-queue-${index}`);
    batchFiles.push(path);
  }
  const singles: EngineRun[] = [];
  const batches: EngineRun[] = [];
  const runSingle = async (): Promise<void> => {
    const files = [{ sourcePath: single, databaseName: databaseName('BenchQueueOne') }];
    singles.push(await engineUpload(bench, { files, transfersAtOnce: TRANSFERS_AT_ONCE }));
  };
  const runBatch = async (): Promise<void> => {
    const files = batchFiles.map((sourcePath) => ({
      sourcePath,
      databaseName: databaseName('BenchQueueBatch'),
    }));
    batches.push(await engineUpload(bench, { files, transfersAtOnce: TRANSFERS_AT_ONCE }));
  };
  await alternate(Math.min(ROUNDS, 3), runSingle, runBatch);
  await Promise.all([single, ...batchFiles].map((path) => rm(path)));
  return {
    single: fastestRun(singles),
    batch: fastestRun(batches),
    stored: { single: fastestRun(singles, 'storedMs'), batch: fastestRun(batches, 'storedMs') },
    whole: { single: fastestRun(singles, 'totalMs'), batch: fastestRun(batches, 'totalMs') },
  };
}
