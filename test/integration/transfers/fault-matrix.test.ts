import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import {
  PROFILE_ID,
  assembledPath,
  waitUntil,
  type Engine,
  type EngineOptions,
} from '../../support/transfer-rig';
import { useTransferFixture } from '../../support/transfer-fixture';
import { importFile } from '../../support/import-file';

/*
 * The fault matrix: every fault switch of the emulator, one upload each, and every run must end
 * with an assembled file whose SHA-256 is the source's.
 */

const KIB = 1024;
const PART = 256 * KIB;
const INSTANCE = 'sql-eu-test-01';
const TOKEN = {
  kind: 'token',
  tenantName: 'demo',
  userName: 'contributor',
  password: 'demo',
} as const;

function capture(message: string, fields?: Record<string, unknown>): void {
  logged.push({ message, ...(fields ? { fields } : {}) });
}

/** The emulator's request log of the current test: `METHOD /path STATUS Nms`. */
let requests: string[] = [];
/** What the engine of the current test logged (its retries, with their codes and delays). */
let logged: { message: string; fields?: Record<string, unknown> }[] = [];

const fx = useTransferFixture(
  'faults',
  { jobMs: 50, minPartSize: PART, log: (line) => requests.push(line) },
  {
    partsInFlight: 4,
    partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: 64 * KIB },
    logger: { debug: capture, info: capture, warn: capture, error: capture },
  },
);

afterEach(() => {
  requests = [];
  logged = [];
});

/** How many requests the emulator answered with `status` (on paths matching `path`). */
function answered(status: number, path = /./): number {
  return requests.filter(
    (line) => line.endsWith('ms') && line.split(' ')[2] === String(status) && path.test(line),
  ).length;
}

/** The engine's retries of transfer steps (parts, init, complete, import). */
function retries(): Record<string, unknown>[] {
  return logged
    .filter((entry) => entry.message === 'Retrying a transfer step')
    .map((entry) => entry.fields ?? {});
}

interface Run {
  engine: Engine;
  record: TransferRecord;
  sha: string;
  database: string;
}

async function startUpload(bytes: number, options: Partial<EngineOptions> = {}): Promise<Run> {
  const engine = await fx.engine(options);
  const n = fx.next();
  const path = join(fx.root, `source-${n}.bak`);
  const sha = await writeSampleDatabaseFile(path, 'bak', bytes, `fault-${n}`);
  const database = `Faulty_${n}`;
  const record = await importFile(engine.service, {
    profileId: PROFILE_ID,
    instanceName: INSTANCE,
    databaseName: database,
    sourcePath: path,
  });
  return { engine, record, sha, database };
}

async function expectIdentical(run: Run): Promise<TransferRecord> {
  const { service } = run.engine;
  await waitUntil(
    () => ['done', 'failed', 'cancelled'].includes(service.get(run.record.id).state),
    45_000,
    'the upload to finish',
  );
  const final = service.get(run.record.id);
  expect(final.error).toBeUndefined();
  expect(final.state).toBe('done');
  const assembled = assembledPath(fx.emulatorDir, INSTANCE, run.database, 'bak');
  expect(await sha256File(assembled)).toBe(run.sha);
  return final;
}

describe('fault matrix: the assembled file is always byte-identical', () => {
  it('connection reset in the middle of parts', async () => {
    fx.emulator.faults.set({ resetPartRate: 0.25 });
    fx.emulator.faults.once('partPut', 2);
    const run = await startUpload(2.5 * 1024 * KIB);
    const seen: TransferRecord[] = [];
    run.engine.service.onDidChange((record) => seen.push(record));
    const final = await expectIdentical(run);
    expect(retries().filter((retry) => retry['code'] === 'NETWORK').length).toBeGreaterThanOrEqual(
      2,
    );
    // The progress events say how often a part was sent again.
    expect(seen.at(-1)?.parts).toMatchObject({ active: [], done: 10, total: 10 });
    expect(final.parts).toMatchObject({ active: [], done: 10, total: 10 });
    expect(final.parts?.resent).toBeGreaterThanOrEqual(2);
  });

  it('500 from the API and from part uploads', async () => {
    fx.emulator.faults.set({ rate500: 0.1 });
    fx.emulator.faults.once('request500', 2);
    fx.emulator.faults.once('partPut500', 2);
    await expectIdentical(await startUpload(2 * 1024 * KIB));
    expect(answered(500, /_blobs/)).toBe(2);
    expect(answered(500, /databridge/)).toBeGreaterThanOrEqual(2);
  });

  it('503 with Retry-After', async () => {
    fx.emulator.faults.set({ rate503: 0.2, retryAfterSec: 0 });
    fx.emulator.faults.once('request503', 3);
    await expectIdentical(await startUpload(2 * 1024 * KIB));
    expect(answered(503)).toBeGreaterThanOrEqual(3);
  });

  it('429 with Retry-After (1 s honoured)', async () => {
    fx.emulator.faults.set({ retryAfterSec: 1 });
    fx.emulator.faults.once('request429', 2);
    const run = await startUpload(1.5 * 1024 * KIB);
    const { service } = run.engine;
    await waitUntil(() => (service.get(run.record.id).parts?.done ?? 0) >= 1, 20_000, 'a part');
    fx.emulator.faults.set({ rate429: 0.1, retryAfterSec: 0 });
    await expectIdentical(run);
    expect(answered(429)).toBeGreaterThanOrEqual(2);
    // The first two 429s hit init-upload (a POST the client does not retry itself): the engine
    // waited what Retry-After asked for.
    const waits = retries().filter((retry) => retry['code'] === 'RATE_LIMITED');
    expect(waits.slice(0, 2).map((retry) => retry['delayMs'])).toEqual([1000, 1000]);
  });

  it('pre-signed URLs that expire between being handed out and being used', async () => {
    let sent = 0;
    fx.emulator.faults.set({ latencyMs: 15 });
    const run = await startUpload(2 * 1024 * KIB, {
      // The URL of this request is issued already; the emulator checks it after its latency.
      onPresignedRequest: () => {
        sent += 1;
        if (sent === 3) fx.emulator.faults.expireUrls();
      },
    });
    await expectIdentical(run);
    expect(sent).toBeGreaterThan(8 + 1);
    expect(answered(403, /_blobs/)).toBeGreaterThanOrEqual(3);
    // Each expired URL was replaced at once (no retry, no backoff): the 403 was read as such.
    expect(retries()).toEqual([]);
  });

  it('a token that expires mid-upload (refreshed without a pause)', async () => {
    let parts = 0;
    const run = await startUpload(2 * 1024 * KIB, {
      auth: TOKEN,
      onPartEvent: (_id, event) => {
        if (event.kind === 'done' && (parts += 1) === 3) fx.emulator.faults.expireTokens();
      },
    });
    await expectIdentical(run);
    expect(answered(401)).toBeGreaterThanOrEqual(1);
    expect(answered(200, /login\/refresh/)).toBe(1);
  });

  it('a token that cannot be refreshed: paused until the user signs in again, then done', async () => {
    let parts = 0;
    const run = await startUpload(2 * 1024 * KIB, {
      auth: TOKEN,
      partsInFlight: 2,
      onPartEvent: (_id, event) => {
        if (event.kind === 'done' && (parts += 1) === 2) {
          fx.emulator.faults.once('tokenRefresh');
          fx.emulator.faults.expireTokens();
        }
      },
    });
    const { service, connections } = run.engine;
    await waitUntil(() => service.get(run.record.id).state === 'paused', 20_000, 'the pause');
    expect(service.get(run.record.id)).toMatchObject({
      pausedReason: 'auth-expired',
      error: { code: 'AUTH_EXPIRED' },
    });
    await connections.signIn('demo');
    await expectIdentical(run);
    expect(answered(401, /login\/refresh/)).toBe(1);
  });

  it('added latency on every request', async () => {
    fx.emulator.faults.set({ latencyMs: 25 });
    await expectIdentical(await startUpload(2 * 1024 * KIB));
    expect(requests.every((line) => Number(/ (\d+)ms$/.exec(line)?.[1] ?? 0) >= 20)).toBe(true);
  });
});
