import { constants as fsConstants } from 'node:fs';
import type { open } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import {
  SIGNATURE_BYTES,
  checkFileType,
  fileTypeFromName,
} from '../../../../shared/contract/file-signature';
import { AppError } from '../../../../shared/errors';
import type {
  ImportPlan,
  PlanImportInput,
  StartImportInput,
} from '../../../../shared/model/transfer';
import { identityOfOpenFile, type FileIdentity } from '../file-identity';
import type { ImportJournal } from '../journal-schema';
import { planParts, type PartPlanOptions } from '../part-plan';
import { systemSourceFs, type SourceFs } from '../transfer-disk';

/*
 * Planning an import reads the file once: one open handle gives its size, its first bytes (the
 * type check) and its identity (for the journal). Starting it later only checks, with one
 * stat, that the file is still the one planned.
 */

/** What main remembers of a file it planned: enough to tell it is still the same file. */
interface SourceStamp {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

/** A planned import: the plan the window sees, and what main keeps of the file. */
export interface PlannedImport extends Omit<ImportPlan, 'planId'> {
  sourcePath: string;
  identity: FileIdentity;
  stamp: SourceStamp;
}

function stampOf(info: SourceStamp): SourceStamp {
  return { dev: info.dev, ino: info.ino, size: info.size, mtimeMs: info.mtimeMs };
}

/**
 * Read only; and without blocking where the system has the flag (not Windows): opening a FIFO
 * waits for a writer, so an import of a pipe named `.bak` hung there, out of reach of Ctrl+C.
 * With it the open returns at once and the handle's stat refuses what is not a file. On a
 * regular file the flag changes nothing.
 */
const OPEN_FLAGS = fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0);

async function openSource(path: string, fs: SourceFs): Promise<Awaited<ReturnType<typeof open>>> {
  try {
    return await fs.open(path, OPEN_FLAGS);
  } catch {
    throw new AppError({
      code: 'NOT_FOUND',
      message: `The file ${path} was not found. Choose the database file again.`,
    });
  }
}

async function readHead(handle: Awaited<ReturnType<typeof open>>): Promise<Uint8Array> {
  const buffer = Buffer.alloc(SIGNATURE_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, SIGNATURE_BYTES, 0);
  return buffer.subarray(0, bytesRead);
}

/**
 * How an import of the file would run: its type (from the extension unless given) checked
 * against its first bytes with the same checks as the service's emulator, and the part plan;
 * with the file's identity, all read through one open handle. Does not throw for a type
 * mismatch: `typeCheck` says what is wrong, for the UI to show.
 */
export async function planImportOf(
  input: PlanImportInput,
  partPlan: PartPlanOptions,
  fs: SourceFs = systemSourceFs,
): Promise<PlannedImport> {
  const sourcePath = resolve(input.sourcePath);
  const handle = await openSource(sourcePath, fs);
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      const what = info.isDirectory() ? 'a folder' : 'a pipe, a device or a socket';
      throw new AppError({
        code: 'VALIDATION',
        message: `${sourcePath} is ${what}, not a file. Choose an .mdf, .bak or .dacpac file.`,
      });
    }
    const fileType = input.fileType ?? fileTypeFromName(sourcePath);
    if (fileType === undefined) {
      throw new AppError({
        code: 'VALIDATION',
        message:
          'The file name does not end in .mdf, .bak or .dacpac; rename it or choose its type.',
      });
    }
    const plan = planParts(info.size, partPlan);
    const typeCheck = checkFileType(fileType, await readHead(handle));
    const identity = await identityOfOpenFile(handle, info);
    return {
      sourcePath,
      fileType,
      sizeBytes: info.size,
      ...plan,
      typeCheck,
      identity,
      stamp: stampOf(info),
    };
  } finally {
    await handle.close();
  }
}

/**
 * Throws unless the file at `planned.sourcePath` is still the one planned (one `stat`): NOT_FOUND
 * when it is gone, VALIDATION when it was replaced or changed.
 */
export async function assertStillPlanned(
  planned: PlannedImport,
  fs: SourceFs = systemSourceFs,
): Promise<void> {
  const name = basename(planned.sourcePath);
  let now: SourceStamp;
  try {
    now = stampOf(await fs.stat(planned.sourcePath));
  } catch {
    throw new AppError({
      code: 'NOT_FOUND',
      message: `The file ${name} is no longer at ${planned.sourcePath}. Choose the file again.`,
    });
  }
  const was = planned.stamp;
  if (
    now.dev !== was.dev ||
    now.ino !== was.ino ||
    now.size !== was.size ||
    now.mtimeMs !== was.mtimeMs
  ) {
    throw new AppError({
      code: 'VALIDATION',
      message: `The file ${name} changed since it was chosen. Choose the file again to import it as it is now.`,
    });
  }
}

/** The journal of a new import, with the source's identity read when it was planned. */
export function newImportJournal(
  input: StartImportInput,
  planned: PlannedImport,
  id: string,
  at: string,
): ImportJournal {
  return {
    version: 1,
    id,
    kind: 'import',
    profileId: input.profileId,
    instanceName: input.instanceName,
    databaseName: input.databaseName,
    fileType: planned.fileType,
    status: 'active',
    phase: 'uploading',
    sourcePath: planned.sourcePath,
    source: planned.identity,
    mode: planned.mode,
    partSize: planned.partSize,
    partCount: planned.partCount,
    parts: {},
    ...(input.groupIds ? { groupIds: input.groupIds } : {}),
    createdAt: at,
    updatedAt: at,
  };
}
