import { createHash } from 'node:crypto';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import { KEYS, expectOp, expectOpError, waitForJob } from '../../support/emulator-client';

/*
 * The four multipart operations checked against the catalogue's schemas (status codes, body
 * shapes, error rules). The blob side in depth (large files, memory, resumption) is in the
 * uploads*.test.ts files.
 */

const DEV = 'sql-eu-dev-01';
const PART = 64 * 1024;

let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 50, minPartSize: PART, seed: 'empty' });
});
afterAll(async () => {
  await em.close();
});

const params = (databaseName: string, fileExtension = 'dacpac') => ({
  instanceName: DEV,
  databaseName,
  fileExtension,
});
const md5 = (bytes: Uint8Array) => `"${createHash('md5').update(bytes).digest('hex')}"`;

describe('multipart upload operations', () => {
  it('init → part URL → PUT (pre-signed and proxied) → complete → import', async () => {
    const { uploadId } = await expectOp<{ uploadId: string }>(em, 'uploads.init', 200, {
      params: params('Conformance_Pkg'),
      auth: KEYS.contributor,
    });
    expect(uploadId).toMatch(/^[0-9a-f-]{36}$/);
    const first = new Uint8Array(PART).fill(1);
    first.set([0x50, 0x4b, 0x03, 0x04]);
    const second = new Uint8Array(1000).fill(2);
    const url = await expectOp<string>(em, 'uploads.getPartUrl', 200, {
      params: { ...params('Conformance_Pkg'), uploadId, partNumber: 1 },
    });
    const put = await request(url, { method: 'PUT', body: first });
    await put.body.dump();
    expect([put.statusCode, put.headers.etag]).toEqual([200, md5(first)]);
    const proxied = await request(
      `${em.baseUrl}/v1/sql-instances/${DEV}/databases/Conformance_Pkg/dacpac/upload-part/${uploadId}/2`,
      {
        method: 'PUT',
        headers: { authorization: KEYS.contributor, 'content-type': 'application/octet-stream' },
        body: second,
      },
    );
    expect(proxied.statusCode).toBe(200);
    expect(await proxied.body.json()).toBe(md5(second));
    await expectOp(em, 'uploads.complete', 200, {
      params: params('Conformance_Pkg'),
      body: { uploadId, etags: { '1': md5(first), '2': md5(second).slice(1, -1) } },
    });
    const { jobId } = await expectOp<{ jobId: string }>(em, 'databases.import', 202, {
      params: { instanceName: DEV, databaseName: 'Conformance_Pkg' },
      query: { importFrom: 2 },
    });
    expect(await waitForJob(em, jobId)).toBe('Succeeded');
  });

  it('answers 400 for the name pattern, extension and part number; 404 for an unknown upload', async () => {
    await expectOpError(em, 'uploads.init', 400, { params: params('has space') });
    await expectOpError(
      em,
      'uploads.init',
      400,
      { params: params('Fine', 'zip') },
      /mdf, bak or dacpac/,
    );
    await expectOpError(em, 'uploads.init', 404, {
      params: { ...params('Fine'), instanceName: 'sql-nowhere' },
    });
    const part = { ...params('Fine'), uploadId: 'f0f0f0f0-0000-4000-8000-000000000000' };
    await expectOpError(em, 'uploads.getPartUrl', 404, { params: { ...part, partNumber: 1 } });
    await expectOpError(
      em,
      'uploads.getPartUrl',
      400,
      { params: { ...part, partNumber: 0 } },
      /partNumber/,
    );
    await expectOpError(
      em,
      'uploads.getPartUrl',
      400,
      { params: { ...part, partNumber: 10_001 } },
      /partNumber/,
    );
    await expectOpError(em, 'uploads.complete', 400, {
      params: params('Fine'),
      body: { uploadId: part.uploadId, etags: {} },
    });
    await expectOpError(em, 'uploads.complete', 404, {
      params: params('Fine'),
      body: { uploadId: part.uploadId, etags: { '1': '"x"' } },
    });
    await expectOpError(em, 'uploads.init', 403, { params: params('Fine'), auth: KEYS.consumer });
  });
});
