import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportFile } from '../../../../../../src/main/services/transfers/journal-schema';
import { handleWriter } from '../../../../../../src/main/services/transfers/download/part-file-sink';
import { RangeDownloader } from '../../../../../../src/main/services/transfers/download/range-downloader';
import { directRoute } from '../../../../../../src/main/services/http/direct-route';

/*
 * The streamed download against a fast local host and a slow disk: the bytes the server has
 * produced but the disk has not taken stay bounded (socket buffers and the sink's 1 MiB, or the direct GET's pool), so
 * memory does not grow with the file when the disk is the bottleneck.
 */

const MIB = 1024 * 1024;
const SIZE = 64 * MIB;
const block = Buffer.alloc(MIB);
for (let i = 0; i < block.length; i += 1) block[i] = (i * 31 + (i >> 12)) & 0xff;
const etag = (() => {
  const hash = createHash('md5');
  for (let i = 0; i < SIZE / MIB; i += 1) hash.update(block);
  return `"${hash.digest('hex')}"`;
})();

let server: Server;
let url: string;
let dir: string;
let produced = 0;
const dispatcher = new Agent();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'databridge-backpressure-'));
  server = createServer((_req, res) => {
    res.writeHead(200, { ETag: etag, 'Content-Length': SIZE });
    // Pulled by the socket's backpressure: `produced` counts what left the generator.
    const chunks = function* () {
      for (let offset = 0; offset < SIZE; offset += 64 * 1024) {
        produced += 64 * 1024;
        yield block.subarray(offset % MIB, (offset % MIB) + 64 * 1024);
      }
    };
    void pipeline(Readable.from(chunks()), res).catch(() => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/big.bak`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await dispatcher.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(['undici', 'direct'] as const)('streamed download with a slow disk (%s)', (via) => {
  it('keeps the bytes in flight bounded and the file whole', async () => {
    produced = 0;
    let written = 0;
    let inFlightPeak = 0;
    let writes = 0;
    const downloader = new RangeDownloader({
      dispatcher,
      // The direct GET's pool: 4 slots of 1 MiB (the app's default).
      ...(via === 'direct' ? { route: directRoute({ env: {} }) } : {}),
      partWriter: (handle) => {
        const write = handleWriter(handle);
        return async (chunks, position) => {
          const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
          inFlightPeak = Math.max(inFlightPeak, produced - written);
          // A disk at about 100 MiB/s, slower than loopback.
          await new Promise((resolve) => setTimeout(resolve, Math.ceil(bytes / (100 * 1024))));
          await write(chunks, position);
          written += bytes;
          writes += 1;
        };
      },
    });
    const state: ExportFile = {
      remoteName: 'big.bak',
      dest: join(dir, `big-${via}.bak`),
      bytesWritten: 0,
      done: false,
    };
    const checkpoints: number[] = [];
    await downloader.download({
      url,
      state,
      signal: new AbortController().signal,
      refreshUrl: () => Promise.resolve(url),
      checkpoint: () => {
        checkpoints.push(state.bytesWritten);
        return Promise.resolve();
      },
    });
    expect(written).toBe(SIZE);
    const md5 = createHash('md5')
      .update(await readFile(state.dest))
      .digest('hex');
    expect(`"${md5}"`).toBe(etag);
    // Without backpressure the whole file would be read ahead of the disk (64 MiB).
    expect(inFlightPeak).toBeLessThan(24 * MIB);
    // Writes are batched (writev of what arrived meanwhile), not one per network chunk.
    expect(writes).toBeLessThan(SIZE / (64 * 1024));
    // The ETag before the first byte, then every 8 MiB on disk.
    expect(checkpoints[0]).toBe(0);
    expect(checkpoints.filter((bytes) => bytes > 0).length).toBeGreaterThanOrEqual(7);
  });
});
