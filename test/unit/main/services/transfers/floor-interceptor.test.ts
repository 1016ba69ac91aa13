import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, Dispatcher, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { withThroughputFloor } from '../../../../../src/main/services/transfers/floor-interceptor';
import { TooSlowError } from '../../../../../src/main/services/transfers/throughput-floor';

const KIB = 1024;
/** A short floor: 2 KiB over 2 s of waiting on the host. */
const FLOOR = { minBytesPerSecond: KIB, windowMs: 2000 };

/** The controller undici hands a handler, recording pauses. */
function fakeController(): Dispatcher.DispatchController {
  let paused = false;
  return {
    aborted: false,
    reason: null,
    get paused() {
      return paused;
    },
    abort: () => undefined,
    pause: () => void (paused = true),
    resume: () => void (paused = false),
  };
}

/** A dispatcher whose test plays the host: it pulls the body and calls the handler itself. */
class ScriptedHost extends Dispatcher {
  handler: Dispatcher.DispatchHandler | undefined;
  body: AsyncIterator<Uint8Array> | undefined;
  received: Dispatcher.DispatchOptions | undefined;
  readonly controller = fakeController();

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
    this.received = opts;
    this.handler = handler;
    const body = opts.body as unknown as AsyncIterable<Uint8Array> | undefined;
    this.body = body?.[Symbol.asyncIterator]();
    handler.onRequestStart?.(this.controller, {});
    return true;
  }

  answer(): void {
    this.handler?.onResponseStart?.(this.controller, 200, {}, 'OK');
  }

  send(bytes: number): void {
    this.handler?.onResponseData?.(this.controller, Buffer.alloc(bytes));
  }
}

/** The host, the floored dispatcher over it, and the clock the test moves. */
function rig(floor = FLOOR) {
  let t = 0;
  const host = new ScriptedHost();
  const floored = withThroughputFloor(host, { floor: () => floor, now: () => t });
  return { host, floored, pass: (ms: number) => void (t += ms) };
}

/** The handler of our side: counts the bytes, and may pause the answer on its controller. */
function reader() {
  const seen = { bytes: 0, controller: undefined as Dispatcher.DispatchController | undefined };
  const handler: Dispatcher.DispatchHandler = {
    onRequestStart: (controller) => void (seen.controller = controller),
    onResponseData: (_controller, chunk) => void (seen.bytes += chunk.length),
  };
  return { seen, handler };
}

describe('withThroughputFloor: the answer', () => {
  it('ends an answer the host trickles below the floor with a TooSlowError', () => {
    const { host, floored, pass } = rig();
    const ours = reader();
    floored.dispatch({ origin: 'http://host', path: '/f', method: 'GET' }, ours.handler);
    host.answer();
    pass(1000);
    host.send(1);
    pass(1500);
    expect(() => host.send(1)).toThrow(TooSlowError);
    expect(ours.seen.bytes).toBe(1);
  });

  it('does not count the time our reader has the answer paused', () => {
    const { host, floored, pass } = rig();
    const ours = reader();
    floored.dispatch({ origin: 'http://host', path: '/f', method: 'GET' }, ours.handler);
    host.answer();
    pass(100);
    host.send(4 * KIB);
    // The file (or the bandwidth limit) is behind: the reader pauses the answer for a minute.
    ours.seen.controller?.pause();
    expect(host.controller.paused).toBe(true);
    pass(60_000);
    ours.seen.controller?.resume();
    expect(host.controller.paused).toBe(false);
    pass(500);
    expect(() => host.send(KIB)).not.toThrow();
    expect(ours.seen.bytes).toBe(5 * KIB);
  });

  it('leaves the wait for the head to the read deadline', () => {
    const { host, floored, pass } = rig();
    floored.dispatch({ origin: 'http://host', path: '/f', method: 'GET' }, reader().handler);
    pass(30_000);
    host.answer();
    pass(100);
    expect(() => host.send(KIB)).not.toThrow();
  });

  it('passes requests as they are with the floor off', () => {
    const { host, floored } = rig({ minBytesPerSecond: 0, windowMs: 2000 });
    const ours = reader();
    const body = (async function* () {
      yield await Promise.resolve(Buffer.alloc(1));
    })();
    const opts = { origin: 'http://host', path: '/f', method: 'PUT' as const, body };
    floored.dispatch(opts as unknown as Dispatcher.DispatchOptions, ours.handler);
    expect(host.received).toBe(opts);
    expect(host.handler).toBe(ours.handler);
  });
});

/** A part body of `chunks` chunks of 1 KiB; `read` runs before each (our disk, our limit). */
async function* partBody(chunks: number, read: () => void = () => undefined) {
  for (let i = 0; i < chunks; i += 1) {
    read();
    await Promise.resolve();
    yield Buffer.alloc(KIB);
  }
}

function upload(floored: Dispatcher, body: AsyncIterable<Uint8Array>): void {
  const opts = { origin: 'http://host', path: '/p', method: 'PUT', body };
  floored.dispatch(opts as unknown as Dispatcher.DispatchOptions, reader().handler);
}

describe('withThroughputFloor: an upload', () => {
  it('ends an upload whose host takes the body below the floor', async () => {
    const { host, floored, pass } = rig();
    upload(floored, partBody(5));
    await host.body?.next();
    // The host takes 1 KiB in 2.5 s: it asks for the next chunk only then.
    pass(2500);
    await expect(host.body?.next()).rejects.toBeInstanceOf(TooSlowError);
  });

  it('does not count the time our body reads its next chunk', async () => {
    const { host, floored, pass } = rig();
    upload(
      floored,
      partBody(5, () => pass(10_000)),
    );
    for (let i = 0; i < 5; i += 1) {
      const next = await host.body?.next();
      expect(next?.done).toBe(false);
      pass(10);
    }
    expect((await host.body?.next())?.done).toBe(true);
  });

  it('leaves the wait for the answer after the body to the read deadline', async () => {
    const { host, floored, pass } = rig();
    upload(floored, partBody(2));
    while ((await host.body?.next())?.done === false) pass(10);
    pass(30_000);
    host.answer();
    pass(10);
    expect(() => host.send(200)).not.toThrow();
  });

  it('closes the source when the upload ends early', async () => {
    const { host, floored, pass } = rig();
    let closed = false;
    const source = (async function* () {
      try {
        for (;;) yield await Promise.resolve(Buffer.alloc(KIB));
      } finally {
        closed = true;
      }
    })();
    upload(floored, source);
    await host.body?.next();
    pass(2500);
    await expect(host.body?.next()).rejects.toBeInstanceOf(TooSlowError);
    expect(closed).toBe(true);
  });

  it('ends a real request with the error its timed body threw, which undici passes on', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // A clock that runs 2.5 s a reading: every wait on the host looks longer than the window.
    let t = 0;
    const agent = new Agent();
    const floored = withThroughputFloor(agent, { floor: () => FLOOR, now: () => (t += 2500) });
    try {
      const sent = request(`http://127.0.0.1:${port}/p`, {
        dispatcher: floored,
        method: 'PUT',
        headers: { 'content-length': String(4 * KIB) },
        body: partBody(4) as unknown as Buffer,
      });
      await expect(sent).rejects.toBeInstanceOf(TooSlowError);
    } finally {
      await agent.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
