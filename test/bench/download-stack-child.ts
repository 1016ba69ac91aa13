import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request, stream, type Dispatcher } from 'undici';
import { createDispatcher } from '../../src/main/services/http/dispatcher';
import { directRoute } from '../../src/main/services/http/direct-route';
import { openDownload } from '../../src/main/services/transfers/download/download-answer';
import {
  PartFileSink,
  storeChunks,
} from '../../src/main/services/transfers/download/part-file-sink';
import { STACKS, openStackPartFile, type Stack, type StackPartFile } from './download-stack-sink';

/*
 * The HTTP stacks the download could run on, each in a process of its own on one pre-signed
 * URL (one connection, the whole file), all writing into the same end (download-stack-sink.ts:
 * the engine's `.part` writer, MD5 per chunk, journal and flushes behind the writes):
 * - `private`: the engine's own client (direct-get.ts and its socket pool, through
 *   download-answer.ts as the range downloader calls it);
 * - `request`: undici's request() on the app's dispatcher, its body piped into the engine's
 *   PartFileSink (the engine's undici path today);
 * - `stream`: undici's stream() with a factory answering that PartFileSink;
 * - `dispatch`: the dispatcher's dispatch() with a handler that writes the chunks itself.
 * Each downloads the file twice: first in a fresh process, as the bench measures the engine
 * (the first large body pays the JIT and the heap's growth once), then again in the same
 * process, the file and its dirty pages gone (what every later download costs).
 * Argument 1: JSON {@link StackTask}. Message out: { type: 'result', ...StackResult }.
 */

/** What the child downloads, how, and where. */
export interface StackTask {
  stack: Stack;
  url: string;
  dest: string;
  /** The file's MD5 (hex), checked before the rename. */
  md5: string;
}

/** One download, from before the request to the file renamed into place. */
export interface StackFigures {
  seconds: number;
  cpuSeconds: number;
  /**
   * The process's peak RSS during the download (the kernel's high-water mark, reset before
   * the request; RSS sampled every 20 ms where it cannot be reset) minus its RSS then.
   */
  peakAboveBaselineBytes: number;
}

/** What the child measured: the first download of the process, and the next one. */
export interface StackResult {
  stack: Stack;
  first: StackFigures;
  again: StackFigures;
}

/** Bytes waiting for the disk before dispatch() pauses the socket: PartFileSink's default. */
const HIGH_WATER_MARK = 1024 * 1024;

type Store = StackPartFile['store'];

/**
 * A dispatch() handler writing each chunk into the `.part` file: the chunks that arrive while
 * a write runs go in the next writev together, and the socket pauses while 1 MiB waits (as
 * a Writable's highWaterMark makes a pipeline pause).
 */
class FileWriteHandler implements Dispatcher.DispatchHandler {
  readonly #store: Store;
  readonly #settle: { resolve: () => void; reject: (error: Error) => void };
  #controller: Dispatcher.DispatchController | undefined;
  #queue: Buffer[] = [];
  #queued = 0;
  #writing = false;
  #ended = false;
  #failed = false;

  constructor(store: Store, settle: { resolve: () => void; reject: (error: Error) => void }) {
    this.#store = store;
    this.#settle = settle;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number): void {
    if (statusCode !== 200) this.#fail(new Error(`The GET answered ${statusCode}`), controller);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#failed) return;
    this.#queue.push(chunk);
    this.#queued += chunk.length;
    if (this.#queued >= HIGH_WATER_MARK && !controller.paused) controller.pause();
    this.#pump();
  }

  onResponseEnd(): void {
    this.#ended = true;
    this.#pump();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.#fail(error);
  }

  #pump(): void {
    if (this.#writing || this.#failed) return;
    if (this.#queue.length === 0) {
      if (this.#ended) this.#settle.resolve();
      return;
    }
    const chunks = this.#queue;
    const bytes = this.#queued;
    this.#queue = [];
    this.#writing = true;
    storeChunks(this.#store, chunks).then(
      () => {
        this.#writing = false;
        this.#queued -= bytes;
        if (this.#controller?.paused && this.#queued < HIGH_WATER_MARK) this.#controller.resume();
        this.#pump();
      },
      (error: unknown) => this.#fail(error as Error, this.#controller),
    );
  }

  #fail(error: Error, controller?: Dispatcher.DispatchController): void {
    if (this.#failed) return;
    this.#failed = true;
    if (controller && !controller.aborted) controller.abort(error);
    this.#settle.reject(error);
  }
}

function viaDispatch(dispatcher: Dispatcher, url: string, store: Store): Promise<void> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const handler = new FileWriteHandler(store, { resolve, reject });
    dispatcher.dispatch(
      { origin: target.origin, path: `${target.pathname}${target.search}`, method: 'GET' },
      handler,
    );
  });
}

async function viaStream(dispatcher: Dispatcher, url: string, store: Store): Promise<void> {
  await stream(url, { dispatcher, method: 'GET' }, ({ statusCode }) => {
    if (statusCode !== 200) throw new Error(`The GET answered ${statusCode}`);
    return new PartFileSink(store);
  });
}

/** The engine's GET (download-answer.ts): the private client, or undici's request(). */
async function viaEngineAnswer(
  dispatcher: Dispatcher,
  stack: Stack,
  url: string,
  store: Store,
): Promise<void> {
  const clients =
    stack === 'private' ? { dispatcher, route: directRoute({ env: {} }) } : { dispatcher };
  const signal = new AbortController().signal;
  const answer = await openDownload(clients, url, { from: 0 }, signal);
  const via = stack === 'private' ? 'direct' : 'undici';
  if (answer.via !== via) throw new Error(`The ${stack} GET went ${answer.via}`);
  if (answer.statusCode !== 200) throw await answer.error('The bench download');
  await answer.receive({ ...store, signal });
}

async function download(dispatcher: Dispatcher, task: StackTask, store: Store): Promise<void> {
  if (task.stack === 'private' || task.stack === 'request')
    return viaEngineAnswer(dispatcher, task.stack, task.url, store);
  if (task.stack === 'stream') return viaStream(dispatcher, task.url, store);
  return viaDispatch(dispatcher, task.url, store);
}

/**
 * A HEAD of the URL on a dispatcher of its own, closed after: undici compiles its HTTP parser
 * (WebAssembly) on its first request, which the app has made (a service call) long before a
 * download. Every stack gets it, and none starts with an open connection.
 */
async function warmUp(url: string): Promise<void> {
  const warm = createDispatcher({ env: {} });
  const { body } = await request(url, { dispatcher: warm, method: 'HEAD' });
  await body.dump();
  await warm.close();
}

/**
 * Resets the kernel's peak RSS of this process to its RSS now (Linux: clear_refs 5), so that
 * the peak read at the end is the download's; false where it cannot.
 */
function resetPeakRss(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** The kernel's peak RSS of this process (VmHWM), in bytes; 0 where unknown. */
function peakRss(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Downloads `task` once with its stack, measuring its time, CPU and peak RSS. */
async function measured(task: StackTask, dispatcher: Dispatcher): Promise<StackFigures> {
  // Without the reset, the peak would be an earlier one's (the start's, a previous download's).
  const peakReset = resetPeakRss();
  const baselineRss = process.memoryUsage.rss();
  let sampledPeak = baselineRss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const part = await openStackPartFile(task.dest);
  try {
    await download(dispatcher, task, part.store);
    await part.finish(task.md5);
  } catch (error) {
    await part.abandon();
    throw error;
  } finally {
    clearInterval(sampler);
  }
  const used = process.cpuUsage(cpu);
  const peak = peakReset ? Math.max(sampledPeak, peakRss()) : sampledPeak;
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    peakAboveBaselineBytes: peak - baselineRss,
  };
}

const task = JSON.parse(process.argv[2] ?? '{}') as StackTask;
if (!STACKS.includes(task.stack)) throw new Error(`Unknown stack ${String(task.stack)}`);
await warmUp(task.url);
// The app's dispatcher (no proxy: the environment given is empty), as the engine gets it.
const dispatcher = createDispatcher({ env: {} });
const first = await measured(task, dispatcher);
await rm(task.dest);
await rm(`${task.dest}.journal.json`, { force: true });
// The first download's writes are flushed first: the second pays for its own only.
spawnSync('sync');
const again = await measured(task, dispatcher);
// Its keep-alive connection would hold the process open until the idle timeout.
await dispatcher.close();
const result: StackResult = { stack: task.stack, first, again };
process.send?.({ type: 'result', ...result });
process.disconnect?.();
