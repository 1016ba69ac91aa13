import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { expect } from 'vitest';
import { makeSelfSigned } from './self-signed';

/*
 * A data folder with secrets planted where a careless bundle would pick them up: the log, a
 * transfer journal's error, the environment and a proxy URL; and the checks that a bundle's
 * every entry, read back from the zip, holds none of them.
 */

/** The secrets a seeded folder and environment carry. */
export const SEEDED = {
  /** Lower case, hyphens and digits: redacted only because it is known, not by its shape. */
  apiKey: 'seed-key-plum-orchard-71',
  password: 'Tulip-Harbor-42!',
  signature: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  azureSig: 'bGlnaHQtYmx1ZS1zaWduYXR1cmU',
  token: 'tok-river-stone-88',
  proxyUser: 'proxyuser',
  proxyPassword: 'Proxy-Pass-93',
} as const;

/** A pre-signed URL of each kind, with the seeded signatures. */
const PRESIGNED_URLS = [
  `https://bucket.s3.eu-west-1.amazonaws.com/exports/Sales.bak?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=${SEEDED.signature}&X-Amz-Expires=3600`,
  `https://acct.blob.core.windows.net/exports/Sales.bak?sv=2024-05-04&se=2026-12-01&sig=${SEEDED.azureSig}`,
];

/** HTTPS_PROXY with the seeded user name and password (a closed port: nothing goes through). */
export const SEEDED_PROXY = `http://${SEEDED.proxyUser}:${SEEDED.proxyPassword}@127.0.0.1:9`;

/** The emulator connection's id in the seeded profiles file. */
export const SEEDED_PROFILE_ID = 'b9d2b1de-5a4c-4c11-9d8e-3f0e6a7d1c20';

/** Writes profiles, settings, a log and a failed export journal into `dataDir`. */
export async function seedDataFolder(dataDir: string, serviceBaseUrl: string): Promise<void> {
  await mkdir(join(dataDir, 'logs'), { recursive: true });
  await mkdir(join(dataDir, 'transfers'), { recursive: true });
  const time = '2026-11-30T01:00:00.000Z';
  const profile = {
    id: SEEDED_PROFILE_ID,
    name: 'Emulator',
    target: { kind: 'custom', baseUrl: serviceBaseUrl },
    auth: { kind: 'apiKey' },
    color: '#1f6feb',
    readOnly: false,
    isEmulator: false,
    createdAt: time,
    updatedAt: time,
  };
  await writeFile(
    join(dataDir, 'profiles.json'),
    JSON.stringify({ version: 1, profiles: [profile] }),
  );
  await writeFile(
    join(dataDir, 'settings.json'),
    JSON.stringify({ theme: 'dark', transfersAtOnce: 3 }),
  );
  const lines = [
    { level: 'info', message: `signed in with api key ${SEEDED.apiKey}` },
    {
      level: 'warn',
      message: 'login',
      fields: { body: `{"user":"admin","password":"${SEEDED.password}"}` },
    },
    { level: 'error', message: `download failed: GET ${PRESIGNED_URLS[0]}` },
    { level: 'error', message: `GET ${PRESIGNED_URLS[1]} 403` },
    {
      level: 'debug',
      message: `callback /done?token=${SEEDED.token}&state=1 Authorization: Bearer ${SEEDED.token}`,
    },
    { level: 'info', message: `proxy ${SEEDED_PROXY} chosen` },
  ].map((line) => JSON.stringify({ time, ...line }));
  await writeFile(join(dataDir, 'logs', 'main.log'), lines.join('\n') + '\n');
  const journal = {
    version: 1,
    id: 'export-1',
    profileId: SEEDED_PROFILE_ID,
    instanceName: 'sql-eu-prod-01',
    databaseName: 'Sales',
    fileType: 'bak',
    status: 'failed',
    error: {
      code: 'NETWORK',
      message: `Could not download ${PRESIGNED_URLS[0]} with ${SEEDED.apiKey}`,
    },
    createdAt: time,
    updatedAt: time,
    kind: 'export',
    phase: 'downloading',
    exportTo: 1,
    detachOnly: false,
    destinationFolder: '/tmp/exports',
    files: [
      {
        remoteName: 'Sales.bak',
        dest: '/tmp/exports/Sales.bak',
        totalBytes: 1000,
        bytesWritten: 400,
        done: false,
      },
    ],
  };
  await writeFile(join(dataDir, 'transfers', 'export-1.json'), JSON.stringify(journal));
}

/** The zip's entries as text, read back with the zip library. */
export function unzipText(zip: Uint8Array): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, strFromU8(bytes)]),
  );
}

/** Fails when any entry holds a seeded secret (as is or URL-encoded) or any sig=/token= value. */
export function expectNoSecrets(entries: Record<string, string>): void {
  expect(Object.keys(entries).length).toBeGreaterThan(0);
  for (const [name, text] of Object.entries(entries)) {
    for (const secret of Object.values(SEEDED)) {
      expect(text, `${name} holds ${secret}`).not.toContain(secret);
      expect(text, `${name} holds ${secret} encoded`).not.toContain(encodeURIComponent(secret));
    }
    expect(text, name).not.toMatch(/\b(?:sig|token|X-Amz-Signature)=(?!\[redacted\])/i);
    expect(text, name).not.toMatch(
      /Authorization["']?\s*:\s*["']?(?:Bearer\s+)?(?!\[redacted\])\w/i,
    );
  }
}

/** An HTTPS host on loopback with a self-signed certificate (its own CA, in `certFile`). */
export interface SelfSignedHost {
  readonly url: string;
  readonly certFile: string;
  close(): Promise<void>;
}

/** Starts a {@link SelfSignedHost} answering 401 to everything, as a service does unsigned. */
export async function startSelfSignedHost(dir: string): Promise<SelfSignedHost> {
  const made = makeSelfSigned(dir, '127.0.0.1', 'IP:127.0.0.1');
  const server = createServer(
    { key: readFileSync(made.keyFile), cert: readFileSync(made.certFile) },
    (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"message":"sign in"}');
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/databridge`,
    certFile: made.certFile,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
