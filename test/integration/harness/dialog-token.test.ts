import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALOG_TOKEN_HEADER, startHarness, type Harness } from '../../harness/server';

/*
 * The harness's dialog stand-in picks the files main will read, so it answers only the test
 * runner's token, never the page's (which any script on the page can read from its meta tag).
 * The same check runs in a browser in test/e2e/harness-connect.spec.ts.
 */

let harness: Harness;
let rendererDir: string;

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'dialog-token-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<html><head></head><body></body></html>');
  harness = await startHarness({ rendererDir });
});
afterAll(async () => {
  await harness.close();
  await rm(rendererDir, { recursive: true, force: true });
});

function answer(headers: Record<string, string>): Promise<number> {
  return fetch(`${harness.origin}/__harness/dialog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ files: ['/etc/passwd'] }),
  }).then((response) => response.status);
}

describe('the dialog stand-in of the browser harness', () => {
  it('is never told the runner token through the page', async () => {
    const html = await fetch(harness.url).then((response) => response.text());
    expect(html).toContain(harness.token);
    expect(html).not.toContain(harness.dialogToken);
    expect(harness.dialogToken).not.toBe(harness.token);
  });

  it('refuses the page token, under either header, and queues nothing', async () => {
    expect(await answer({ 'x-harness-token': harness.token })).toBe(401);
    expect(await answer({ [DIALOG_TOKEN_HEADER]: harness.token })).toBe(401);
    expect(await answer({})).toBe(401);
    await expect(harness.platform.chooseFiles()).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('takes the runner token', async () => {
    expect(await answer({ [DIALOG_TOKEN_HEADER]: harness.dialogToken })).toBe(204);
    expect(await harness.platform.chooseFiles()).toEqual(['/etc/passwd']);
  });
});
