import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FEED_FILE,
  feedOf,
  feedPolicy,
  servedName,
  sha512Of,
  startFeedServer,
  updateVerdict,
  type FeedRequest,
} from '../../../../scripts/ci/check-update.mjs';
import { TestPolicySchema } from '../../../../src/shared/model/policy';

/* The workflow's one update (N finds, downloads and verifies N+1): what the check reads from
   outside the app, and its verdict. The app's side runs only on the real-OS workflow. */

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const FROM = { version: '0.1.0', path: 'DataBridge-Desktop.AppImage', sha512: 'old==' };
const TO = { version: '0.1.1', path: 'DataBridge-Desktop.AppImage', sha512: 'new==' };
const URL = 'http://127.0.0.1:4567/';
const FETCHED: FeedRequest[] = [
  { method: 'GET', name: FEED_FILE, status: 200, range: undefined },
  { method: 'GET', name: TO.path, status: 200, range: undefined },
];
const DOWNLOADED = {
  mode: 'auto',
  channel: 'stable',
  feed: { kind: 'mirror', url: URL },
  lastCheckAt: '2026-11-30T05:00:00.000Z',
  state: { status: 'downloaded', version: TO.version },
};

function verdict(overrides: Partial<Parameters<typeof updateVerdict>[0]> = {}): string[] {
  return updateVerdict({
    from: FROM,
    to: TO,
    feedUrl: URL,
    status: DOWNLOADED,
    requests: FETCHED,
    downloaded: [{ name: `databridge-desktop-updater/pending/${TO.path}`, sha512: TO.sha512 }],
    ...overrides,
  });
}

describe('the update check', () => {
  it('passes when N reports N+1 downloaded from the mirror and the file has the feed’s hash', () => {
    expect(verdict()).toEqual([]);
  });

  it('fails on every way the update can go wrong, saying which', () => {
    expect(verdict({ status: undefined })).toContain('the app never answered updates:getStatus');
    expect(
      verdict({ status: { ...DOWNLOADED, state: { status: 'error', message: '404' } } })[0],
    ).toMatch(/^N \(0\.1\.0\) did not report 0\.1\.1 downloaded: .*"error"/);
    expect(verdict({ status: { ...DOWNLOADED, feed: { kind: 'github' } } })).toEqual([
      `the app's feed is {"kind":"github"}, not the mirror ${URL}`,
    ]);
    expect(verdict({ requests: [FETCHED[0]!] })).toEqual([
      `the app never fetched ${TO.path} from the server`,
    ]);
    expect(verdict({ downloaded: [] })).toEqual(["no AppImage in the updater's cache"]);
    expect(verdict({ downloaded: [{ name: TO.path, sha512: 'tampered==' }] })[0]).toMatch(
      /^no downloaded file has the feed's SHA-512 new==/,
    );
    expect(verdict({ from: TO })).toEqual(['N and N+1 are both 0.1.1']);
  });

  it("reads a feed's version, file and hash, and refuses one without them", () => {
    const text = `version: 0.1.1\nfiles:\n  - url: ${TO.path}\n    sha512: new==\npath: ${TO.path}\nsha512: new==\n`;
    expect(feedOf(text)).toEqual(TO);
    expect(() => feedOf('version: 0.1.1\n')).toThrow(`${FEED_FILE} has no path`);
  });

  it('points the app at the feed with a policy only the test folder may hold', () => {
    expect(TestPolicySchema.parse(feedPolicy(URL)).updates).toEqual({ url: URL });
  });

  it('serves the feed and the file it names, and nothing else, recording each request', async () => {
    expect(servedName(`/${FEED_FILE}?noCache=1x2`, [FEED_FILE])).toBe(FEED_FILE);
    expect(servedName('/../secret', [FEED_FILE])).toBeUndefined();
    const folder = await mkdtemp(join(tmpdir(), 'check-update-'));
    folders.push(folder);
    await writeFile(join(folder, FEED_FILE), 'version: 0.1.1\n');
    await writeFile(join(folder, 'other.txt'), 'not served');
    const server = await startFeedServer(folder, [FEED_FILE]);
    try {
      const get = (path: string) =>
        new Promise<{ status: number; body: string }>((done, fail) => {
          request(new globalThis.URL(path, server.url), (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
            res.on('end', () => done({ status: res.statusCode ?? 0, body }));
          })
            .on('error', fail)
            .end();
        });
      expect(await get(`${FEED_FILE}?noCache=abc`)).toEqual({
        status: 200,
        body: 'version: 0.1.1\n',
      });
      expect((await get('other.txt')).status).toBe(404);
      expect(server.requests.map((r) => [r.name, r.status])).toEqual([
        [FEED_FILE, 200],
        ['/other.txt', 404],
      ]);
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    } finally {
      await server.close();
    }
  });

  it('hashes a file as electron-builder writes it into a feed (SHA-512, base64)', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'check-update-'));
    folders.push(folder);
    await writeFile(join(folder, 'a.AppImage'), 'bytes');
    expect(await sha512Of(join(folder, 'a.AppImage'))).toBe(
      createHash('sha512').update('bytes').digest('base64'),
    );
  });
});
