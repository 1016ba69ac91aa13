import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { AppError, isAppError } from '../../../shared/errors';
import { formatSize } from '../../../shared/format/units';
import type { TransferDisk } from './transfer-disk';

/*
 * A full disk (ENOSPC) or a used-up quota (EDQUOT) is not a failure of the transfer: the bytes
 * on disk and the journal are good, and the transfer goes on once the user has freed space. So
 * it becomes one error, DISK_FULL, that names the disk (its mount point and the folder), the
 * space the transfer needs and the space free, and ends the run paused rather than failed.
 */

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** Where a write that found the disk full was going. */
export interface DiskFullSite {
  disk: TransferDisk;
  /** The file or folder written (its disk is the one named). */
  path: string;
  /** What needed the space, e.g. `the download of Sales.bak` or `saving the transfer's journal`. */
  what: string;
  /** Bytes the write still needs; undefined when unknown. */
  neededBytes?: number;
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let at = error; at !== undefined && at !== null && chain.length < 16;) {
    chain.push(at);
    at = (at as { cause?: unknown }).cause;
  }
  return chain;
}

/** The system error of a full disk (ENOSPC, EDQUOT) in `error` or its causes, if any. */
export function diskFullCause(error: unknown): NodeJS.ErrnoException | undefined {
  return causes(error).find(
    (item): item is NodeJS.ErrnoException =>
      item instanceof Error && FULL_CODES.has(String((item as NodeJS.ErrnoException).code)),
  );
}

/** The DISK_FULL AppError in `error` or its causes, once a site has described it. */
export function describedDiskFull(error: unknown): AppError | undefined {
  return causes(error).find(
    (item): item is AppError => isAppError(item) && item.code === 'DISK_FULL',
  );
}

async function existingAncestor(path: string): Promise<string> {
  let current = resolve(path);
  for (;;) {
    try {
      await stat(current);
      return current;
    } catch {
      const parent = dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/** The mount point of `path` (an existing path): the highest folder on the same device. */
async function mountPointOf(path: string): Promise<string> {
  let current = path;
  const device = (await stat(current)).dev;
  for (;;) {
    const parent = dirname(current);
    if (parent === current) return current;
    const parentDevice = await stat(parent).then(
      (info) => info.dev,
      () => undefined,
    );
    if (parentDevice !== device) return current;
    current = parent;
  }
}

/** Bytes free on the disk of `path` for this process; undefined when the OS does not say. */
async function freeBytes(disk: TransferDisk, path: string): Promise<number | undefined> {
  try {
    const space = await disk.statfs(await existingAncestor(path));
    return Number(space.bavail) * Number(space.bsize);
  } catch {
    return undefined;
  }
}

/** The DISK_FULL error of `site`, with the disk's free space read now. */
export async function diskFullError(site: DiskFullSite, cause?: unknown): Promise<AppError> {
  // The folder meant is named even when it does not exist yet (a full disk refused it).
  const folder = resolve(site.path);
  const existing = await existingAncestor(folder);
  const mount = await mountPointOf(existing).catch(() => existing);
  const free = await freeBytes(site.disk, existing);
  const quota = diskFullCause(cause)?.code === 'EDQUOT';
  const where = mount === folder ? `the disk at ${mount}` : `the disk at ${mount} (${folder})`;
  const head = quota ? `The disk quota is used up on ${where}` : `Not enough space on ${where}`;
  const need =
    site.neededBytes === undefined
      ? `${site.what} needs more space`
      : `${site.what} needs ${formatSize(site.neededBytes)}`;
  const room = free === undefined ? 'the free space could not be read' : `${formatSize(free)} free`;
  return new AppError(
    {
      code: 'DISK_FULL',
      message: `${head}: ${need}, ${room}. Free space, then resume the transfer.`,
      details: diskFullCause(cause)?.code ?? 'ENOSPC',
    },
    cause === undefined ? undefined : { cause },
  );
}

/**
 * `error` as the DISK_FULL error of `site` when a full disk caused it; as it is otherwise
 * (another failure, or a full disk another site has described already).
 */
export async function asDiskFull(error: unknown, site: DiskFullSite): Promise<unknown> {
  if (describedDiskFull(error) || !diskFullCause(error)) return error;
  return diskFullError(site, error);
}

/**
 * Says a shortage before any byte is written: throws DISK_FULL when the disk of `site.path`
 * has less free space than `site.neededBytes`. A disk whose free space cannot be read is let
 * through (the writes then tell).
 */
export async function checkRoom(site: DiskFullSite & { neededBytes: number }): Promise<void> {
  const free = await freeBytes(site.disk, site.path);
  if (free === undefined || free >= site.neededBytes) return;
  throw await diskFullError(site);
}

/** The site of a download's writes: its folder, and the bytes of the file still to write. */
export function downloadSite(
  disk: TransferDisk,
  file: { dest: string; totalBytes?: number | undefined; bytesWritten: number },
): DiskFullSite {
  return {
    disk,
    path: dirname(file.dest),
    what: `the download of ${basename(file.dest)}`,
    ...(file.totalBytes === undefined
      ? {}
      : { neededBytes: Math.max(0, file.totalBytes - file.bytesWritten) }),
  };
}

/**
 * Says a shortage of space for the rest of a download whose size is known, before a byte of
 * `answer` (dropped then) is written.
 */
export async function checkDownloadRoom(
  disk: TransferDisk,
  file: { dest: string; totalBytes?: number | undefined; bytesWritten: number },
  answer?: { discard(): Promise<void> },
): Promise<void> {
  const site = downloadSite(disk, file);
  if (site.neededBytes === undefined) return;
  await checkRoom({ ...site, neededBytes: site.neededBytes }).catch(async (error: unknown) => {
    await answer?.discard();
    throw error;
  });
}
