import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSafeName } from '../../../src/emulator/blobs/blob-types';
import { createResourceHandlers } from '../../../src/main/app/resource-handlers';
import { silentLogger } from '../../../src/main/services/log/logger';
import {
  ArchivesDetailSchema,
  type ArchivesResponse,
} from '../../../src/shared/contract/records/archives';
import type { Profile } from '../../../src/shared/model/profile';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import { cutFirstDirectDownload, cutFirstDownload, recordGets } from '../../support/download-cuts';
import { sha256File } from '../../support/sample-files';
import { PROFILE_ID, waitUntil, type Engine, type EngineOptions } from '../../support/transfer-rig';
import { useTransferFixture } from '../../support/transfer-fixture';

/*
 * Archive details and "Download archive" against the emulator over real HTTP: `archives.get`
 * as the renderer gets it (download URIs without their signature), and the download of the
 * archive's files with the export's resumable range downloader, cut and resumed.
 */

const MIB = 1024 * 1024;
const PROD = 'sql-eu-prod-01';
const ADMIN = { kind: 'apiKey', apiKey: 'demo-admin-key' } as const;

const fx = useTransferFixture('archive', { jobMs: 50 }, { auth: ADMIN });
const engine = (options: Partial<EngineOptions> = {}): Promise<Engine> => fx.engine(options);

async function folder(): Promise<string> {
  const path = join(fx.root, `downloads-${fx.next()}`);
  await mkdir(path);
  return path;
}

async function settled(e: Engine, id: string): Promise<TransferRecord> {
  const final = ['done', 'failed', 'cancelled'];
  await waitUntil(() => final.includes(e.service.get(id).state), 20_000, `transfer ${id}`);
  return e.service.get(id);
}

/** Archives of the demo seed whose download file is the emulator's full 4 MiB. */
async function bigArchives(e: Engine): Promise<ArchivesResponse[]> {
  const all = await e.connections.connection.client.call('archives.list', {
    pathParams: { instanceName: PROD },
  });
  return all.filter((a) => a.archiveId && a.name && a.sizeInMb >= 4);
}

async function archiveAt(e: Engine, index: number): Promise<{ archiveId: string; name: string }> {
  const archive = (await bigArchives(e))[index];
  if (!archive?.archiveId || !archive.name) throw new Error(`no archive #${index} in the seed`);
  return { archiveId: archive.archiveId, name: archive.name };
}

/** The file the emulator serves for an archive (written on its first `archives.get`). */
function servedFile(archive: { archiveId: string; name: string }): string {
  const dir = fileSafeName(`archive-${archive.archiveId}`);
  return join(fx.emulatorDir, 'exports', dir, `${fileSafeName(archive.name)}.bak`);
}

describe('archive details', () => {
  it('reads every field of ArchivesDetail; the renderer gets the URIs without signature', async () => {
    const e = await engine();
    const { archiveId } = await archiveAt(e, 0);
    const client = e.connections.connection.client;
    const handlers = createResourceHandlers({
      profile: () => ({ readOnly: true }) as Profile,
      client: () => client,
      trackJob: () => undefined,
      logger: silentLogger,
    });
    const input = { profileId: PROFILE_ID, pathParams: { instanceName: PROD, archiveId } };
    const shown = ArchivesDetailSchema.parse(await handlers['archives:get'](input, {} as never));
    expect(shown).toMatchObject({
      archiveId,
      serverName: PROD,
      name: expect.any(String) as unknown,
      databaseType: expect.stringMatching(/^(EDM|RDM|UNKNOWN)$/) as unknown,
      sizeInMb: expect.any(Number) as unknown,
      createDate: expect.any(String) as unknown,
      expiryDate: expect.any(String) as unknown,
      createdBy: expect.any(String) as unknown,
      thumbprint: expect.stringMatching(/^[0-9A-F]{40}$/) as unknown,
    });
    // The service's answer carries signed links; what crosses IPC has none of the signature.
    const full = await client.call('archives.get', {
      pathParams: { instanceName: PROD, archiveId },
    });
    expect(full.downloadUris?.[0]).toMatch(/[?&]sig=/);
    expect(shown.downloadUris).toHaveLength(full.downloadUris?.length ?? -1);
    for (const uri of shown.downloadUris ?? []) {
      expect(uri).not.toMatch(/[?#]|sig=|expires=/);
      expect(uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+\.bak$/);
    }
  });
});

describe('archive download', () => {
  it('downloads the archive’s file byte for byte, never sending Authorization to the link', async () => {
    const presigned: Record<string, string>[] = [];
    const e = await engine({ onPresignedRequest: (_origin, headers) => presigned.push(headers) });
    const archive = await archiveAt(e, 1);
    const destinationFolder = await folder();
    const started = await e.service.startArchiveDownload({
      profileId: PROFILE_ID,
      instanceName: PROD,
      archiveId: archive.archiveId,
      destinationFolder,
    });
    expect(started).toMatchObject({
      kind: 'archive',
      state: 'downloading',
      archiveId: archive.archiveId,
      databaseName: archive.name,
      destinationFolder,
    });
    const done = await settled(e, started.id);
    expect(done.error).toBeUndefined();
    expect(done).toMatchObject({ state: 'done', bytesDone: 4 * MIB, totalBytes: 4 * MIB });
    const file = join(destinationFolder, `${archive.name}.bak`);
    expect(done.files).toEqual([file]);
    expect(await readdir(destinationFolder)).toEqual([`${archive.name}.bak`]);
    expect(await sha256File(file)).toBe(await sha256File(servedFile(archive)));
    expect(presigned.length).toBeGreaterThan(0);
    for (const headers of presigned) expect(headers['authorization']).toBeUndefined();
  });

  it('resumes a cut download with a Range request and fresh links when the old ones expired', async () => {
    const gets: string[] = [];
    const ranges: string[] = [];
    const e = await engine({
      // The cut also expires every link handed out so far: the retry must read archives.get again.
      // On undici (the fallback path): its interceptors record the signed paths.
      directDownloads: false,
      presignedInterceptors: [
        recordGets(gets),
        cutFirstDownload(2 * MIB, () => fx.emulator.faults.expireUrls()),
      ],
      onPresignedRequest: (_origin, headers) => ranges.push(headers['range'] ?? 'none'),
    });
    const archive = await archiveAt(e, 2);
    const started = await e.service.startArchiveDownload({
      profileId: PROFILE_ID,
      instanceName: PROD,
      archiveId: archive.archiveId,
      destinationFolder: await folder(),
    });
    const done = await settled(e, started.id);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    // The first GET asks for the first segment: a larger file would go on in ranges.
    expect(ranges[0]).toBe(`bytes=0-${64 * MIB - 1}`);
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(ranges.at(-1) ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(2 * MIB);
    const signatures = gets.map((path) => /[?&]sig=([^&]+)/.exec(path)?.[1]);
    expect(new Set(signatures).size).toBeGreaterThanOrEqual(2);
    expect(await sha256File(done.files?.[0] ?? '')).toBe(await sha256File(servedFile(archive)));
  });

  it('resumes in a new process from its journal and .part file, which hold no link', async () => {
    const appDir = join(fx.root, 'app-archive-restart');
    const quit: { engine?: Engine; stopping?: Promise<void> } = {};
    const first = await engine({
      dataDir: appDir,
      directBodyBytes: cutFirstDirectDownload(3 * MIB, () => {
        quit.stopping = quit.engine?.service.pauseAll('app-quit');
      }),
    });
    quit.engine = first;
    const archive = await archiveAt(first, 3);
    const destinationFolder = await folder();
    const started = await first.service.startArchiveDownload({
      profileId: PROFILE_ID,
      instanceName: PROD,
      archiveId: archive.archiveId,
      destinationFolder,
    });
    await waitUntil(() => quit.stopping !== undefined, 20_000, 'the cut');
    await quit.stopping;
    expect(first.service.get(started.id)).toMatchObject({ state: 'paused' });
    const partName = `${archive.name}.bak.part`;
    expect(await readdir(destinationFolder)).toEqual([partName]);
    const kept = (await stat(join(destinationFolder, partName))).size;
    expect(kept).toBeGreaterThan(0);
    // A pre-signed link is a credential: the journal keeps where the file goes, not the link.
    const journals = await readdir(join(appDir, 'transfers'));
    const journal = await readFile(join(appDir, 'transfers', journals[0] ?? ''), 'utf8');
    expect(journal).toContain(archive.archiveId);
    expect(journal).not.toMatch(/https?:|sig=/);

    // The links of the first run are dead: the resumed run reads archives.get for fresh ones,
    // so its first request already succeeds (one range request, no retry).
    fx.emulator.faults.expireUrls();
    const ranges: string[] = [];
    const second = await engine({
      dataDir: appDir,
      onPresignedRequest: (_origin, headers) => ranges.push(headers['range'] ?? 'none'),
    });
    await second.service.resumeAll();
    const done = await settled(second, started.id);
    expect(done.state).toBe('done');
    expect(ranges).toEqual([`bytes=${kept}-`]);
    expect(await readdir(destinationFolder)).toEqual([`${archive.name}.bak`]);
    expect(await sha256File(done.files?.[0] ?? '')).toBe(await sha256File(servedFile(archive)));
  });

  it('refuses what it cannot do, naming the operation and what to do next', async () => {
    const e = await engine();
    const destinationFolder = await folder();
    const base = { profileId: PROFILE_ID, instanceName: PROD, destinationFolder };
    await expect(e.service.startArchiveDownload({ ...base, archiveId: '' })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Could not download the archive: archiveId is required.',
    });
    await expect(
      e.service.startArchiveDownload({ ...base, archiveId: 'no-such-archive' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('read archive no-such-archive of sql-eu-prod-01') as unknown,
    });
    const { archiveId } = await archiveAt(e, 0);
    await expect(
      e.service.startArchiveDownload({
        ...base,
        archiveId,
        destinationFolder: join(destinationFolder, 'missing'),
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/does not exist .*choose another folder/) as unknown,
    });
    expect(e.service.list()).toEqual([]);
    expect(await readdir(destinationFolder)).toEqual([]);
  });

  it('downloads the same archive twice into one folder side by side; a cancel leaves no part', async () => {
    const e = await engine();
    const { archiveId, name } = await archiveAt(e, 4);
    const destinationFolder = await folder();
    const input = { profileId: PROFILE_ID, instanceName: PROD, archiveId, destinationFolder };
    // Started at once, they still take different names (each reserves its .part on disk).
    const both = await Promise.all([
      e.service.startArchiveDownload(input),
      e.service.startArchiveDownload(input),
    ]);
    for (const record of both) expect((await settled(e, record.id)).state).toBe('done');
    const names = [`${name} (2).bak`, `${name}.bak`];
    expect((await readdir(destinationFolder)).sort()).toEqual(names);
    for (const file of names) {
      expect(await sha256File(join(destinationFolder, file))).toBe(
        await sha256File(servedFile({ archiveId, name })),
      );
    }

    const third = await e.service.startArchiveDownload(input);
    await e.service.pause(third.id);
    expect((await e.service.cancel(third.id)).state).toBe('cancelled');
    expect((await readdir(destinationFolder)).sort()).toEqual(names);
  });
});
