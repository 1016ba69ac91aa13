import { availableParallelism } from 'node:os';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { writeSampleDatabaseFile } from '../support/sample-files';
import {
  ROUNDS,
  alternate,
  bundleEngineChild,
  databaseName,
  engineUpload,
  fastestRun,
  here,
  type Bench,
  type EngineRun,
} from './upload-bench-kit';

/*
 * bench:upload (g): does MD5 off the event loop help? The same upload by the engine as the app
 * builds it (MD5 on the event loop, as each chunk passes) and by a second bundle in which the
 * part uploader hashes on a worker thread (md5-worker-hash.ts), in interleaved rounds (at most
 * 3), best of each kept. Printed with the machine's core count: the answer depends on it.
 */

/** part-uploader.ts gets md5-worker-hash.ts for node:crypto; nothing else changes. */
const md5InAWorker: Plugin = {
  name: 'md5-in-a-worker',
  setup(build) {
    build.onResolve({ filter: /^node:crypto$/ }, (args) =>
      args.importer.endsWith('part-uploader.ts')
        ? { path: here('./md5-worker-hash.ts') }
        : undefined,
    );
  },
};

/** The best rounds of each way, and the cores they ran on. */
export interface WorkerRun {
  readonly inline: EngineRun;
  readonly worker: EngineRun;
  readonly cores: number;
}

export async function measureMd5Worker(bench: Bench, size: number): Promise<WorkerRun> {
  const workerChild = await bundleEngineChild(bench.dir, 'upload-engine-child-md5-worker', [
    md5InAWorker,
  ]);
  const source = join(bench.dir, 'md5-worker.bak');
  await writeSampleDatabaseFile(source, 'bak', size, 'bench-md5-worker');
  const inline: EngineRun[] = [];
  const worker: EngineRun[] = [];
  const run = async (childFile: string, into: EngineRun[]): Promise<void> => {
    const files = [{ sourcePath: source, databaseName: databaseName('BenchMd5') }];
    into.push(await engineUpload(bench, { files, childFile }));
  };
  await alternate(
    Math.min(ROUNDS, 3),
    () => run(bench.childFile, inline),
    () => run(workerChild, worker),
  );
  await rm(source);
  return { inline: fastestRun(inline), worker: fastestRun(worker), cores: availableParallelism() };
}
