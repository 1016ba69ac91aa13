import { createHash as nodeCreateHash, type Hash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/*
 * An experiment of bench:upload (g), not app code: `createHash` for the part uploader, with
 * MD5 computed on a worker thread instead of the event loop. The bench bundles a second engine
 * child in which part-uploader.ts imports this module in place of node:crypto (an esbuild
 * plugin in upload-md5-worker.ts). update() posts a copy of the chunk (the engine still sends
 * the original); digest() stays synchronous, as the uploader calls it: it waits on shared
 * memory (Atomics.wait) until the worker has hashed what it was given.
 */

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', (m) => {
  let hash = hashes.get(m.id);
  if (!hash) { hash = createHash('md5'); hashes.set(m.id, hash); }
  if (m.chunk) { hash.update(new Uint8Array(m.chunk)); return; }
  hashes.delete(m.id);
  Buffer.from(m.signal, 4).write(hash.digest('hex'), 'latin1');
  const flag = new Int32Array(m.signal, 0, 1);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
`;

const WORKERS = Math.max(1, Number(process.env['BENCH_MD5_WORKERS'] ?? 1));
const workers: Worker[] = [];
let nextId = 0;

function workerFor(id: number): Worker {
  const index = id % WORKERS;
  let worker = workers[index];
  if (!worker) {
    worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    workers[index] = worker;
  }
  return worker;
}

/** The part of node's Hash the uploader uses, hashed on a worker. */
class WorkerMd5 {
  readonly #id = nextId++;
  readonly #worker = workerFor(this.#id);

  update(chunk: Uint8Array): this {
    const copy = new ArrayBuffer(chunk.byteLength);
    new Uint8Array(copy).set(chunk);
    this.#worker.postMessage({ id: this.#id, chunk: copy }, [copy]);
    return this;
  }

  digest(encoding: 'hex'): string {
    const signal = new SharedArrayBuffer(4 + 32);
    this.#worker.postMessage({ id: this.#id, signal });
    Atomics.wait(new Int32Array(signal, 0, 1), 0, 0);
    return Buffer.from(signal, 4, 32).toString(encoding === 'hex' ? 'latin1' : encoding);
  }
}

export function createHash(algorithm: string): Hash {
  if (algorithm !== 'md5') return nodeCreateHash(algorithm);
  return new WorkerMd5() as unknown as Hash;
}
