import { request as httpRequest, type ClientRequest } from 'node:http';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import {
  callApi,
  callApiJson,
  stringAnswer,
  uploadBase,
  waitForJob,
} from '../../support/blob-flows';

/*
 * The emulator's request log says what was answered: the status actually sent, and `aborted`
 * when the connection closed before the answer was finished.
 */

const INSTANCE = 'sql-eu-prod-01';
const MIN_PART = 64 * 1024;

let em: Emulator;
const lines: string[] = [];

beforeAll(async () => {
  em = await startEmulator({ jobMs: 50, minPartSize: MIN_PART, log: (line) => lines.push(line) });
});

afterAll(async () => {
  await em?.close();
});

afterEach(() => {
  em.faults.reset();
});

/** Polls the log (up to 10 s) for the first line starting with `prefix`. */
async function logLine(prefix: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const line = lines.find((l) => l.startsWith(prefix));
    if (line !== undefined) return line;
    if (Date.now() > deadline)
      throw new Error(`No log line ${prefix}; the log:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Where the log shows a URL: its path, without the query (a pre-signed URL's signature). */
function pathOf(url: string): string {
  return new URL(url).pathname;
}

async function partUrl(database: string): Promise<string> {
  const base = uploadBase(INSTANCE, database, 'bak');
  const { uploadId } = await callApiJson<{ uploadId: string }>(
    em.baseUrl,
    'POST',
    `${base}/init-upload`,
    200,
  );
  return stringAnswer(await callApi(em.baseUrl, 'GET', `${base}/upload-part/${uploadId}/1`));
}

/** A request the test destroys on purpose: its error (socket hang up) is expected. */
function quietly(req: ClientRequest): ClientRequest {
  req.on('error', () => undefined);
  return req;
}

describe('the request log', () => {
  it('shows the status sent', async () => {
    const answer = await callApi(em.baseUrl, 'GET', `/v1/sql-instances/${INSTANCE}/nowhere`);
    expect(answer.status).toBe(404);
    expect(await logLine(`GET /databridge/v1/sql-instances/${INSTANCE}/nowhere `)).toMatch(
      / 404 \d+ms$/,
    );
    await callApi(em.baseUrl, 'GET', '/v1/sql-instances');
    expect(await logLine('GET /databridge/v1/sql-instances ')).toMatch(/ 200 \d+ms$/);
  });

  it('marks a part upload the client gave up on as aborted, with no status', async () => {
    const url = await partUrl('Log_Aborted');
    const req = quietly(
      httpRequest(url, {
        method: 'PUT',
        headers: {
          'content-length': String(4 * MIN_PART),
          'content-type': 'application/octet-stream',
          // The server answers 100 once it has the request: the log watches it from then on.
          expect: '100-continue',
        },
      }),
    );
    await once(req, 'continue');
    req.write(Buffer.alloc(MIN_PART, 7));
    req.destroy();
    const line = await logLine(`PUT ${pathOf(url)} `);
    expect(line).toMatch(/ - aborted \d+ms$/);
    expect(line).not.toContain(' 200 ');
  });

  it('marks a download cut off mid-body as aborted, after the status it sent', async () => {
    const { jobId } = await callApiJson<{ jobId: string }>(
      em.baseUrl,
      'POST',
      `/v1/sql-instances/${INSTANCE}/Databases/RiskWarehouse/export?exportTo=0&detachOnly=true`,
      202,
    );
    expect((await waitForJob(em.baseUrl, jobId)).status).toBe('Succeeded');
    const detail = await callApiJson<{ downloadUris?: string[] | null }>(
      em.baseUrl,
      'GET',
      `/v1/sql-instances/${INSTANCE}/jobs/${jobId}`,
      200,
    );
    const url = detail.downloadUris?.[0];
    if (!url) throw new Error('The export gave no download URL');
    // Paced to 1 MiB/s, the file cannot be sent whole before the client leaves.
    em.faults.set({ downloadConnectionMiBps: 1 });
    const req = quietly(httpRequest(url));
    req.end();
    const [res] = (await once(req, 'response')) as [{ statusCode?: number }];
    expect(res.statusCode).toBe(200);
    req.destroy();
    expect(await logLine(`GET ${pathOf(url)} `)).toMatch(/ 200 aborted \d+ms$/);
  });
});
