import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import { callApiJson, waitForJob } from '../../support/blob-flows';

const INSTANCE = 'sql-eu-prod-01';
const MIB = 1024 * 1024;

let em: Emulator;

beforeAll(async () => {
  em = await startEmulator({ jobMs: 50 });
});

afterAll(async () => {
  await em?.close();
});

afterEach(() => {
  em.faults.reset();
});

/** Exports the largest Ready database of the demo seed (a 16 MiB stand-in); answers its URL. */
async function exportUrl(): Promise<string> {
  const rows = await callApiJson<{ name: string; status?: string | null; sizeInMb?: number }[]>(
    em.baseUrl,
    'GET',
    `/v1/sql-instances/${INSTANCE}/Databases`,
    200,
  );
  const db = rows
    .filter((row) => row.status === 'Ready')
    .sort((a, b) => (a.sizeInMb ?? 0) - (b.sizeInMb ?? 0))
    .at(-1);
  if (!db) throw new Error(`The demo seed has no Ready database on ${INSTANCE}`);
  const { jobId } = await callApiJson<{ jobId: string }>(
    em.baseUrl,
    'POST',
    `/v1/sql-instances/${INSTANCE}/Databases/${db.name}/export?exportTo=0&detachOnly=true`,
    202,
  );
  expect(await waitForJob(em.baseUrl, jobId)).toEqual({ status: 'Succeeded', error: null });
  const detail = await callApiJson<{ downloadUris?: string[] | null }>(
    em.baseUrl,
    'GET',
    `/v1/sql-instances/${INSTANCE}/jobs/${jobId}`,
    200,
  );
  const [url] = detail.downloadUris ?? [];
  if (!url) throw new Error(`Export job ${jobId} gave no download URL`);
  return url;
}

async function timedGet(url: string, range?: string) {
  const started = performance.now();
  const res = await fetch(url, range === undefined ? {} : { headers: { range } });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body, seconds: (performance.now() - started) / 1000 };
}

describe('the downloadConnectionMiBps fault switch', () => {
  it('is a number of 0 or more, not a fraction', () => {
    em.faults.set({ downloadConnectionMiBps: 250 });
    expect(em.faults.config.downloadConnectionMiBps).toBe(250);
    expect(() => em.faults.set({ downloadConnectionMiBps: -1 })).toThrow(RangeError);
    em.faults.reset();
    expect(em.faults.config.downloadConnectionMiBps).toBe(0);
  });

  it('paces each export GET, read per request; parallel ranges each get the pace', async () => {
    const url = await exportUrl();
    const whole = (await timedGet(url)).body;
    const size = whole.length;
    expect(size).toBeGreaterThanOrEqual(4 * MIB);
    // About a quarter of a second for the whole file, whatever its size.
    const mibps = size / MIB / 0.25;
    em.faults.set({ downloadConnectionMiBps: mibps });
    const paced = await timedGet(url);
    expect(paced.status).toBe(200);
    expect(paced.body.equals(whole)).toBe(true);
    // Lower bounds only: a busy machine may be slower, never faster than the pace.
    expect(paced.seconds).toBeGreaterThanOrEqual((0.8 * size) / (mibps * MIB));
    const half = Math.floor(size / 2);
    const [first, second] = await Promise.all([
      timedGet(url, `bytes=0-${half - 1}`),
      timedGet(url, `bytes=${half}-`),
    ]);
    expect(first.body.equals(whole.subarray(0, half))).toBe(true);
    expect(second.body.equals(whole.subarray(half))).toBe(true);
    expect(first.seconds).toBeGreaterThanOrEqual((0.8 * half) / (mibps * MIB));
    em.faults.set({ downloadConnectionMiBps: 0 });
    expect((await timedGet(url)).body.equals(whole)).toBe(true);
  });

  it('trickles a pace of a few bytes a second one byte at a time', async () => {
    const url = await exportUrl();
    em.faults.set({ downloadConnectionMiBps: 4 / MIB });
    const controller = new AbortController();
    const res = await fetch(url, { signal: controller.signal });
    if (!res.body) throw new Error('The export GET answered no body');
    const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
    let received = 0;
    try {
      // Three bytes come within a few seconds (a whole 64 KiB read would take 4.5 hours).
      while (received < 3) {
        const next = await reader.read();
        if (next.done) break;
        received += next.value.length;
      }
      expect(received).toBeGreaterThanOrEqual(3);
      expect(received).toBeLessThan(64 * 1024);
    } finally {
      controller.abort();
    }
  });
});
