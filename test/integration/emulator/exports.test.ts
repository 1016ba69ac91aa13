import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import { minSyntheticSize } from '../../../src/emulator/blobs/synthetic-file';
import { sniffDatabaseFile } from '../../../src/shared/contract/file-signature';
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

interface DatabaseRow {
  name: string;
  status?: string | null;
  sizeInMb?: number | null;
}

/** A Ready database of the demo seed: the smallest one, or the one over 100 GB. */
async function pickDatabase(largest: boolean): Promise<DatabaseRow> {
  const rows = await callApiJson<DatabaseRow[]>(
    em.baseUrl,
    'GET',
    `/v1/sql-instances/${INSTANCE}/Databases`,
    200,
  );
  const ready = rows
    .filter((row) => row.status === 'Ready' && typeof row.sizeInMb === 'number')
    .sort((a, b) => (a.sizeInMb ?? 0) - (b.sizeInMb ?? 0));
  const row = largest ? ready.at(-1) : ready[0];
  if (!row) throw new Error(`The demo seed has no Ready database on ${INSTANCE}`);
  return row;
}

async function exportAndWait(
  database: string,
  query: string,
): Promise<{ jobId: string; uris: string[] }> {
  const { jobId } = await callApiJson<{ jobId: string }>(
    em.baseUrl,
    'POST',
    `/v1/sql-instances/${INSTANCE}/Databases/${database}/export?${query}`,
    202,
  );
  expect(await waitForJob(em.baseUrl, jobId)).toEqual({ status: 'Succeeded', error: null });
  return { jobId, uris: await downloadUris(jobId) };
}

async function downloadUris(jobId: string): Promise<string[]> {
  const detail = await callApiJson<{ downloadUris?: string[] | null }>(
    em.baseUrl,
    'GET',
    `/v1/sql-instances/${INSTANCE}/jobs/${jobId}`,
    200,
  );
  return detail.downloadUris ?? [];
}

describe('export downloads', () => {
  it('an export job gives pre-signed GET URLs of a well-formed file with length and ETag', async () => {
    const db = await pickDatabase(false);
    const { uris } = await exportAndWait(db.name, 'exportTo=1');
    expect(uris.length).toBeGreaterThan(0);
    const res = await fetch(uris[0]!);
    expect(res.status).toBe(200);
    const body = new Uint8Array(await res.arrayBuffer());
    const expected = Math.round(Math.min(db.sizeInMb ?? 0, 16) * MIB);
    expect(body.length).toBe(Math.max(expected, minSyntheticSize('bak')));
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
    expect(sniffDatabaseFile(body)).toBe('bak');
  });

  it('the export of a database over 100 GB is a 16 MiB stand-in that answers range requests', async () => {
    const db = await pickDatabase(true);
    expect(db.sizeInMb).toBeGreaterThan(100 * 1024);
    const { uris } = await exportAndWait(db.name, 'exportTo=0&detachOnly=true');
    const url = uris[0]!;
    const head = await fetch(url, { method: 'HEAD' });
    const size = Number(head.headers.get('content-length'));
    expect(size).toBe(16 * MIB);

    const first = await fetch(url, { headers: { Range: 'bytes=0-8191' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-8191/${size}`);
    const page = new Uint8Array(await first.arrayBuffer());
    expect(page.length).toBe(8192);
    expect(sniffDatabaseFile(page)).toBe('mdf');

    const tail = await fetch(url, { headers: { Range: 'bytes=-100' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect((await tail.arrayBuffer()).byteLength).toBe(100);

    const rest = await fetch(url, { headers: { Range: `bytes=${size - 10}-` } });
    expect(rest.status).toBe(206);
    expect((await rest.arrayBuffer()).byteLength).toBe(10);

    const beyond = await fetch(url, { headers: { Range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  it('a DACPAC export is a zip; expired download URLs answer 403 and the job gives fresh ones', async () => {
    const db = await pickDatabase(false);
    const { jobId, uris } = await exportAndWait(db.name, 'exportTo=2');
    const body = new Uint8Array(await (await fetch(uris[0]!)).arrayBuffer());
    expect(sniffDatabaseFile(body)).toBe('dacpac');

    em.faults.expireUrls();
    const expired = await fetch(uris[0]!);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
    const [fresh] = await downloadUris(jobId);
    expect(fresh).not.toBe(uris[0]);
    expect((await fetch(fresh!)).status).toBe(200);
  });
});
