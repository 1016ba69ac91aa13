import type { ArchivesDetail } from '../../../../shared/contract/records/archives';
import { fileTypeFromName } from '../../../../shared/contract/file-signature';
import { AppError } from '../../../../shared/errors';
import type { StartArchiveDownloadInput } from '../../../../shared/model/transfer';
import { downloadFiles, planDownloadFiles, safeFileName } from './file-downloads';
import type { ArchiveJournal } from '../journal-schema';
import type { TransferContext } from '../transfer-context';
import type { TransferDisk } from '../transfer-disk';
import type { ServiceCaller } from '../transfer-ports';
import { callsFor, transferAction } from '../transfer-action';

/*
 * Archive downloads: every file of an archive's `downloadUris` (from `archives.get`) into a
 * folder, with the export's download phase. The URIs are pre-signed, so they are read again
 * on every run (and when they expire), never journaled.
 */

type ArchiveRef = Pick<ArchiveJournal, 'instanceName' | 'archiveId'>;

function readArchive(
  client: ServiceCaller,
  ref: ArchiveRef,
  signal?: AbortSignal,
): Promise<ArchivesDetail> {
  return client.call(
    'archives.get',
    { pathParams: { instanceName: ref.instanceName, archiveId: ref.archiveId } },
    signal ? { signal } : undefined,
  );
}

function isHttpUrl(text: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** The archive's download URIs; throws, naming the archive and what to do, when it has none. */
function downloadUrisOf(detail: ArchivesDetail, ref: ArchiveRef): string[] {
  const name = detail.name ?? ref.archiveId;
  const uris = (detail.downloadUris ?? []).map((uri) => uri.trim()).filter(Boolean);
  if (uris.length === 0) {
    throw new AppError({
      code: 'UNEXPECTED_RESPONSE',
      message: `Could not download archive ${name}: the service lists no file for it (read archive answered no download URI). Refresh the archives and try again later.`,
    });
  }
  if (!uris.every(isHttpUrl)) {
    throw new AppError({
      code: 'UNEXPECTED_RESPONSE',
      message: `Could not download archive ${name}: the service answered a download URI that is not an http(s) URL. Try again later; the app downloads only from web addresses.`,
    });
  }
  return uris;
}

/**
 * Reads the archive (it must exist and list its files) and answers the journal of its
 * download into `folder` (already checked), with each file's destination taken on `disk`.
 */
export async function newArchiveJournal(
  client: ServiceCaller,
  input: StartArchiveDownloadInput,
  folder: string,
  ids: { id: string; at: string },
  disk?: TransferDisk,
): Promise<ArchiveJournal> {
  // The read of the archive is the download's first call: it is made for its action.
  const action = transferAction({ ...ids, kind: 'archive', ...input, subject: input.archiveId });
  const detail = await readArchive(callsFor(client, action), input);
  const urls = downloadUrisOf(detail, input);
  const name = detail.name?.trim() || input.archiveId;
  const base = safeFileName(name) ?? 'archive';
  const files = await planDownloadFiles(
    folder,
    urls,
    (index) => `${base}${index === 0 ? '' : `-${index + 1}`}.bak`,
    disk,
  );
  return {
    version: 1,
    id: ids.id,
    kind: 'archive',
    profileId: input.profileId,
    instanceName: input.instanceName,
    databaseName: name,
    // An archive is a backup; its files' names say otherwise when they can.
    fileType: fileTypeFromName(files[0]?.remoteName ?? '') ?? 'bak',
    status: 'active',
    phase: 'downloading',
    archiveId: input.archiveId,
    destinationFolder: folder,
    files,
    createdAt: ids.at,
    updatedAt: ids.at,
  };
}

/** Downloads the archive's files not done yet, with fresh URIs from the service. */
export async function runArchiveDownload(ctx: TransferContext<ArchiveJournal>): Promise<void> {
  const { journal } = ctx;
  ctx.setState('downloading');
  const read = async (): Promise<string[]> =>
    downloadUrisOf(await readArchive(ctx.client, journal, ctx.signal), journal);
  await downloadFiles(ctx, {
    urls: await read(),
    refresh: read,
    whenGone: 'the archive may have been deleted; refresh the archives',
  });
}
