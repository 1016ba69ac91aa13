import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSafeName } from '../../../src/emulator/blobs/blob-types';
import { createSyntheticFileStream } from '../../../src/emulator/blobs/synthetic-file';
import { startEmulator } from '../../../src/emulator/server';
import {
  callApiJson,
  uploadFileMultipart,
  uploadStreamMultipart,
  waitForJob,
} from '../../support/blob-flows';
import { ChildEmulator, RssSampler } from '../../support/child-emulator';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';

const MIB = 1024 * 1024;
const INSTANCE = 'sql-eu-dev-01';

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'upload-large-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Where the blob store puts the completed upload of a database file (its own layout). */
function uploadedFile(dataDir: string, database: string, ext: string): string {
  return join(dataDir, 'files', fileSafeName(INSTANCE), `${fileSafeName(database)}.${ext}`);
}

describe('large multipart upload', () => {
  it('round-trips 192 MiB in 32 MiB parts, 4 in flight, byte-identical', async () => {
    // Seven parts (the last a short one) with four in flight: every part size, order and
    // overlap the assembly meets, at a third less disk and hashing than 320 MiB took.
    const size = 192 * MIB + 12_345;
    const file = join(work, 'large.bak');
    const sha = await writeSampleDatabaseFile(file, 'bak', size, 'large');
    const dataDir = join(work, 'emulator-data');
    await mkdir(dataDir);
    const em = await startEmulator({ jobMs: 50, dataDir });
    try {
      await uploadFileMultipart({
        baseUrl: em.baseUrl,
        instance: INSTANCE,
        database: 'LargeUpload',
        ext: 'bak',
        path: file,
        size,
        partSize: 32 * MIB,
        concurrency: 4,
      });
      const assembled = uploadedFile(dataDir, 'LargeUpload', 'bak');
      expect((await stat(assembled)).size).toBe(size);
      expect(await sha256File(assembled)).toBe(sha);
      const { jobId } = await callApiJson<{ jobId: string }>(
        em.baseUrl,
        'POST',
        `/v1/sql-instances/${INSTANCE}/Databases/LargeUpload/import?importFrom=1`,
        202,
        {},
      );
      expect(await waitForJob(em.baseUrl, jobId)).toEqual({ status: 'Succeeded', error: null });
    } finally {
      await em.close();
      await rm(file, { force: true });
    }
  }, 120_000);
});

describe('emulator memory', () => {
  it("the emulator's memory stays flat while it receives a 512 MiB upload in 64 MiB parts", async () => {
    const dataDir = join(work, 'child-data');
    await mkdir(dataDir);
    const { emulator, baseUrl } = await ChildEmulator.start(dataDir);
    const sampler = new RssSampler(emulator);
    try {
      sampler.start();
      // Warm up first: code paths, and the garbage of socket buffers that V8 lets pile up to
      // its external-memory limit before collecting it (and that the allocator may keep). Its
      // parts are small, so that holding a whole 64 MiB part later would still show.
      sampler.phase('warm-up');
      const warm = createSyntheticFileStream({
        type: 'bak',
        sizeBytes: 52 * 5 * MIB,
        seed: 'warm',
      });
      await uploadStreamMultipart(baseUrl, INSTANCE, 'WarmUp', warm, 52, 5 * MIB);
      sampler.phase('512 MiB');
      // Eight parts of 64 MiB: a server that held a whole part (or a few) would grow by that
      // much, which the bound below catches; 16 parts proved nothing more at twice the time.
      const PARTS = 8;
      const partSize = 64 * MIB;
      const hash = createHash('sha256');
      const source = createSyntheticFileStream({
        type: 'bak',
        sizeBytes: PARTS * partSize,
        seed: 'gibibyte',
      });
      const started = Date.now();
      try {
        await uploadStreamMultipart(
          baseUrl,
          INSTANCE,
          'OneGibibyte',
          source,
          PARTS,
          partSize,
          (c) => hash.update(c),
        );
      } finally {
        await sampler.stop();
      }
      const seconds = (Date.now() - started) / 1000;
      const [idle, baseline, peak] = ['idle', 'warm-up', '512 MiB'].map((p) => sampler.peak(p));
      const mib = (bytes: number): string => `${(bytes / MIB).toFixed(1)} MiB`;
      console.log(
        `emulator RSS: idle ${mib(idle!)}, baseline (peak of a 260 MiB upload in 5 MiB parts) ` +
          `${mib(baseline!)}, peak while receiving 512 MiB in 64 MiB parts ${mib(peak!)}, ` +
          `growth ${mib(peak! - baseline!)} (${sampler.samples('512 MiB').length} samples, ` +
          `${seconds.toFixed(1)} s)`,
      );
      expect(sampler.samples('512 MiB').length).toBeGreaterThan(10);
      expect(peak! - baseline!).toBeLessThan(64 * MIB);
      const assembled = uploadedFile(dataDir, 'OneGibibyte', 'bak');
      expect((await stat(assembled)).size).toBe(PARTS * partSize);
      expect(await sha256File(assembled)).toBe(hash.digest('hex'));
      await emulator.close();
    } finally {
      await sampler.stop();
      emulator.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
