import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import {
  callApi,
  callApiJson,
  putToUrl,
  stringAnswer,
  uploadBase,
  uploadFileMultipart,
  waitForJob,
} from '../../support/blob-flows';
import { writeSampleDatabaseFile } from '../../support/sample-files';

const INSTANCE = 'sql-eu-dev-01';
const MIN_PART = 64 * 1024;

let em: Emulator;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'uploads-it-'));
  em = await startEmulator({ jobMs: 50, minPartSize: MIN_PART });
});

afterAll(async () => {
  await em?.close();
  await rm(work, { recursive: true, force: true });
});

async function sample(name: string, type: 'mdf' | 'bak' | 'dacpac', size: number) {
  const path = join(work, name);
  await writeSampleDatabaseFile(path, type, size, name);
  return path;
}

async function importAndWait(database: string, importFrom: 0 | 1 | 2) {
  const { jobId } = await callApiJson<{ jobId: string }>(
    em.baseUrl,
    'POST',
    `/v1/sql-instances/${INSTANCE}/Databases/${database}/import?importFrom=${importFrom}`,
    202,
    {},
  );
  return waitForJob(em.baseUrl, jobId);
}

async function databaseExists(database: string): Promise<boolean> {
  const res = await callApi(
    em.baseUrl,
    'GET',
    `/v1/sql-instances/${INSTANCE}/Databases/${database}`,
  );
  return res.status === 200;
}

describe('multipart upload to pre-signed URLs', () => {
  it('init → part URLs → PUT without Authorization → complete → import → the database exists', async () => {
    const path = await sample('Multi.bak', 'bak', 3 * MIN_PART + 1234);
    expect(await databaseExists('UploadedMulti')).toBe(false);
    await uploadFileMultipart({
      baseUrl: em.baseUrl,
      instance: INSTANCE,
      database: 'UploadedMulti',
      ext: 'bak',
      path,
      size: (await stat(path)).size,
      partSize: MIN_PART,
      concurrency: 2,
    });
    expect(await importAndWait('UploadedMulti', 1)).toEqual({ status: 'Succeeded', error: null });
    expect(await databaseExists('UploadedMulti')).toBe(true);
  });

  it('answers a part rule broken in complete-upload with 400 naming the part', async () => {
    const base = uploadBase(INSTANCE, 'RuleBreaker', 'bak');
    const { uploadId } = await callApiJson<{ uploadId: string }>(
      em.baseUrl,
      'POST',
      `${base}/init-upload`,
      200,
    );
    const url = stringAnswer(await callApi(em.baseUrl, 'GET', `${base}/upload-part/${uploadId}/2`));
    const put = await putToUrl(url, Buffer.alloc(100, 1), 100);
    const res = await callApi(em.baseUrl, 'POST', `${base}/complete-upload`, {
      uploadId,
      etags: { '2': put.etag },
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({
      code: 'DATA-BRIDGE-400',
      message: expect.stringMatching(/^Part 1 /) as unknown,
    });
  });

  it('answers 403 "Request has expired" on a part URL after expireUrls()', async () => {
    const base = uploadBase(INSTANCE, 'Expiring', 'bak');
    const { uploadId } = await callApiJson<{ uploadId: string }>(
      em.baseUrl,
      'POST',
      `${base}/init-upload`,
      200,
    );
    const url = stringAnswer(await callApi(em.baseUrl, 'GET', `${base}/upload-part/${uploadId}/1`));
    em.faults.expireUrls();
    const res = await putToUrl(url, Buffer.alloc(1000, 2), 1000);
    expect(res.status).toBe(403);
    expect(res.text).toContain('Request has expired');
    const fresh = stringAnswer(
      await callApi(em.baseUrl, 'GET', `${base}/upload-part/${uploadId}/1`),
    );
    expect((await putToUrl(fresh, Buffer.alloc(1000, 2), 1000)).status).toBe(200);
  });

  it('resets the connection of one part on the partPut fault, then takes the part again', async () => {
    const base = uploadBase(INSTANCE, 'Resetting', 'bak');
    const { uploadId } = await callApiJson<{ uploadId: string }>(
      em.baseUrl,
      'POST',
      `${base}/init-upload`,
      200,
    );
    const url = stringAnswer(await callApi(em.baseUrl, 'GET', `${base}/upload-part/${uploadId}/1`));
    const part = Buffer.alloc(2 * 1024 * 1024, 3);
    em.faults.once('partPut');
    await expect(putToUrl(url, part, part.length)).rejects.toThrow();
    em.faults.once('partPut500');
    expect((await putToUrl(url, part, part.length)).status).toBe(500);
    const ok = await putToUrl(url, part, part.length);
    expect(ok.etag).toBe(`"${createHash('md5').update(part).digest('hex')}"`);
  });
});

describe('proxied PUT upload-part', () => {
  it('takes the bytes with Authorization and answers the ETag as a string', async () => {
    const path = await sample('Proxied.mdf', 'mdf', 2 * MIN_PART + 10);
    const data = await readFile(path);
    const base = uploadBase(INSTANCE, 'UploadedProxied', 'mdf');
    const { uploadId } = await callApiJson<{ uploadId: string }>(
      em.baseUrl,
      'POST',
      `${base}/init-upload`,
      200,
    );
    const etags: Record<string, string> = {};
    for (const [i, slice] of [data.subarray(0, MIN_PART), data.subarray(MIN_PART)].entries()) {
      const res = await fetch(`${em.baseUrl}${base}/upload-part/${uploadId}/${i + 1}`, {
        method: 'PUT',
        headers: {
          Authorization: 'demo-contributor-key',
          'Content-Type': 'application/octet-stream',
        },
        body: slice,
      });
      expect(res.status).toBe(200);
      const etag = stringAnswer({ status: 200, text: await res.text(), headers: res.headers });
      expect(etag).toBe(`"${createHash('md5').update(slice).digest('hex')}"`);
      // The service accepts ETags without their quotes too.
      etags[String(i + 1)] = etag.replace(/"/g, '');
    }
    await callApiJson(em.baseUrl, 'POST', `${base}/complete-upload`, 200, { uploadId, etags });
    expect(await importAndWait('UploadedProxied', 0)).toEqual({ status: 'Succeeded', error: null });
    expect(await databaseExists('UploadedProxied')).toBe(true);
  });
});

describe('single-stream upload', () => {
  it('GET import answers a pre-signed PUT URL (mdfUri for MDF, backupUri otherwise)', async () => {
    const path = `/v1/sql-instances/${INSTANCE}/Databases/UploadedSingle/import`;
    const mdf = await callApiJson<Record<string, unknown>>(
      em.baseUrl,
      'GET',
      `${path}?importFrom=0`,
      200,
    );
    expect(mdf.mdfUri).toMatch(/\/_blobs\/.*expires=\d+&sig=/);
    expect(Date.parse(String(mdf.expiresAt))).toBeGreaterThan(Date.now());
    const dacpac = await callApiJson<{ backupUri: string }>(
      em.baseUrl,
      'GET',
      `${path}?importFrom=2`,
      200,
    );
    expect(dacpac.backupUri).toMatch(/\/_blobs\/.*expires=\d+&sig=/);

    const file = await sample('Single.dacpac', 'dacpac', 300_000);
    const data = await readFile(file);
    const put = await putToUrl(dacpac.backupUri, data, data.length);
    expect(put.status).toBe(200);
    expect(await importAndWait('UploadedSingle', 2)).toEqual({ status: 'Succeeded', error: null });
    expect(await databaseExists('UploadedSingle')).toBe(true);
  });

  it('fails the import job with a clear error when the file is not of its type', async () => {
    const path = `/v1/sql-instances/${INSTANCE}/Databases/WrongType/import?importFrom=1`;
    const { backupUri } = await callApiJson<{ backupUri: string }>(em.baseUrl, 'GET', path, 200);
    const zip = await readFile(await sample('NotABackup.dacpac', 'dacpac', 50_000));
    expect((await putToUrl(backupUri, zip, zip.length)).status).toBe(200);
    const job = await importAndWait('WrongType', 1);
    expect(job.status).toBe('Failed');
    expect(job.error).toMatch(/does not look like a BAK file.*it looks like a DACPAC \(zip\) file/);
    expect(await databaseExists('WrongType')).toBe(false);
  });

  it('answers 403 on an expired single-stream URL', async () => {
    const path = `/v1/sql-instances/${INSTANCE}/Databases/LateSingle/import?importFrom=1`;
    const { backupUri } = await callApiJson<{ backupUri: string }>(em.baseUrl, 'GET', path, 200);
    em.faults.expireUrls();
    const res = await putToUrl(backupUri, Buffer.from('TAPE'), 4);
    expect(res.status).toBe(403);
    expect(res.text).toContain('Request has expired');
  });
});
