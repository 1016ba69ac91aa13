import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isPortBody, writeBody } from '../../../../../src/main/services/http/port-body';
import type { PortRequest } from '../../../../../src/main/services/http/request-port';

/*
 * The body of a request as it reaches a port's writable request, checked on a real Node
 * Writable (what Node's and Electron's ClientRequest both are): every kind undici takes, the
 * request's backpressure, and the stop that ends the pulling.
 */

/** A Writable that keeps what it was given; `slow` answers each write on a later turn. */
function recording({ slow = false } = {}) {
  const chunks: Buffer[] = [];
  let ended = false;
  const writable = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      if (slow) setImmediate(done);
      else done();
    },
    final(done) {
      ended = true;
      done();
    },
  });
  const request = Object.assign(writable, { abort: () => writable.destroy() });
  return {
    request: request as unknown as PortRequest,
    text: () => Buffer.concat(chunks).toString(),
    chunks,
    finished: () => new Promise<boolean>((resolve) => writable.on('finish', () => resolve(ended))),
  };
}

describe('writeBody', () => {
  it('ends a request without a body with nothing written', async () => {
    const sink = recording();
    const finished = sink.finished();
    await writeBody(sink.request, undefined, new AbortController().signal);
    expect(await finished).toBe(true);
    expect(sink.chunks).toEqual([]);
  });

  it('sends text and bytes held in memory whole, a view of a larger buffer by its own bytes', async () => {
    const text = recording();
    await writeBody(text.request, '{"name":"é"}', new AbortController().signal);
    expect(text.text()).toBe('{"name":"é"}');
    const bytes = new Uint8Array([9, 1, 2, 3, 9]).subarray(1, 4);
    const view = recording();
    await writeBody(view.request, bytes, new AbortController().signal);
    expect([...Buffer.concat(view.chunks)]).toEqual([1, 2, 3]);
  });

  it('streams a Readable and an async iterable in order, waiting on the request', async () => {
    const readable = recording({ slow: true });
    await writeBody(
      readable.request,
      Readable.from(['ab', 'cd', 'ef']),
      new AbortController().signal,
    );
    expect(readable.text()).toBe('abcdef');
    const iterable = recording({ slow: true });
    const numbers = Array.from({ length: 50 }, (_, i) => Buffer.from(`${i},`));
    const parts = (async function* () {
      for await (const chunk of Readable.from(numbers)) yield chunk as Buffer;
    })();
    await writeBody(iterable.request, parts, new AbortController().signal);
    expect(iterable.text()).toBe(Array.from({ length: 50 }, (_, i) => `${i},`).join(''));
    expect(iterable.chunks.length).toBe(50);
  });

  it('stops pulling at the stop, closes the source and writes nothing after', async () => {
    const sink = recording();
    const stop = new AbortController();
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let closed = (): void => undefined;
    const sourceClosed = new Promise<void>((resolve) => (closed = resolve));
    const source = (async function* () {
      try {
        yield Buffer.from('first');
        await gate;
        yield Buffer.from('second');
      } finally {
        closed();
      }
    })();
    const writing = writeBody(sink.request, source, stop.signal);
    await new Promise((resolve) => setImmediate(resolve));
    const reason = new Error('the deadline passed');
    stop.abort(reason);
    release();
    await expect(writing).rejects.toBe(reason);
    await sourceClosed;
    expect(sink.text()).toBe('first');
  });

  it("fails with the source's own error", async () => {
    const unreadable = (async function* () {
      for await (const chunk of Readable.from([Buffer.from('x')])) yield chunk as Buffer;
      throw new Error('EIO: the disk went away');
    })();
    await expect(
      writeBody(recording().request, unreadable, new AbortController().signal),
    ).rejects.toThrow('EIO: the disk went away');
  });
});

describe('isPortBody', () => {
  it('takes none, text, bytes and streams, and refuses a form', () => {
    expect(isPortBody(undefined)).toBe(true);
    expect(isPortBody(null)).toBe(true);
    expect(isPortBody('x')).toBe(true);
    expect(isPortBody(Buffer.from('x'))).toBe(true);
    expect(isPortBody(Readable.from([]))).toBe(true);
    expect(isPortBody(new FormData())).toBe(false);
  });
});
