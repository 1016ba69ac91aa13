import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureStacks } from './download-stacks';
import {
  GIB,
  ROUNDS,
  SCALE,
  bundleDownloadChild,
  bundleStackChild,
  loadAverage,
  scaledSize,
} from './download-bench-kit';

/*
 * npm run bench:http-stacks — bench:download's HTTP stack comparison alone, for a quick
 * answer: the engine's private client against undici's request(), stream() and dispatch() on
 * one pre-signed URL of a 1 GiB export (BENCH_SCALE shrinks it, BENCH_ROUNDS sets the rounds,
 * default 3), each with the same MD5 and journal (download-stacks.ts).
 */

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'databridge-bench-stacks-'));
  console.log(`http stacks bench: ${ROUNDS} round(s), scale ${SCALE}; load ${loadAverage()}`);
  try {
    const children = { engine: await bundleDownloadChild(dir), stack: await bundleStackChild(dir) };
    await measureStacks({ dir, children, bytes: scaledSize(GIB), rounds: ROUNDS });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
