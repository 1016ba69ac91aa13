import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../shared/errors';
import type { TransferRecord } from '../../../shared/model/transfer';
import { transferNoun } from '../output/transfer-outcome';
import {
  currentHolder,
  holderState,
  lockText,
  parseLockText,
  probeProcess,
  type LockHolder,
} from './lock-holder';

/*
 * How a CLI run finds the transfer an earlier run of the same command left unfinished (killed,
 * stopped by Ctrl+C, cut off by the network), and how two runs of the same command are kept
 * from working on one transfer at once.
 */

/** What identifies a transfer of the command line: same values, same transfer. */
export type TransferIdentity =
  | {
      readonly kind: 'import' | 'export';
      readonly profileId: string;
      readonly instanceName: string;
      readonly databaseName: string;
      readonly fileType: string;
      /** The file of an import, the folder of an export (absolute). */
      readonly path: string;
    }
  | {
      readonly kind: 'archive';
      readonly profileId: string;
      readonly instanceName: string;
      /** The archive's name (and so its files' type) comes from the service: the id is enough. */
      readonly archiveId: string;
      /** The folder the files go to (absolute). */
      readonly path: string;
    };

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** True when `record` is the transfer `wanted` names, past the connection and instance. */
function sameTarget(record: TransferRecord, wanted: TransferIdentity): boolean {
  switch (wanted.kind) {
    case 'archive':
      return record.archiveId === wanted.archiveId && record.destinationFolder === wanted.path;
    case 'import':
    case 'export':
      return (
        same(record.databaseName, wanted.databaseName) &&
        record.fileType === wanted.fileType &&
        (wanted.kind === 'import' ? record.sourcePath : record.destinationFolder) === wanted.path
      );
  }
}

/**
 * The unfinished transfer among `records` (those the journals hold) with the same identity,
 * the newest if several. Instance and database names compare as SQL Server does (case
 * insensitive); an archive id and a path exactly.
 */
export function findResumable(
  records: readonly TransferRecord[],
  wanted: TransferIdentity,
): TransferRecord | undefined {
  const matches = records.filter(
    (record) =>
      record.kind === wanted.kind &&
      record.profileId === wanted.profileId &&
      same(record.instanceName, wanted.instanceName) &&
      sameTarget(record, wanted),
  );
  return matches.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

function keyOf(identity: TransferIdentity): string {
  const target =
    identity.kind === 'archive'
      ? [identity.archiveId]
      : [identity.databaseName.toLowerCase(), identity.fileType];
  const text = JSON.stringify([
    identity.kind,
    identity.profileId,
    identity.instanceName.toLowerCase(),
    ...target,
    identity.path,
  ]);
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/** The holder of a lock file when it still runs; undefined when the lock is stale. */
async function liveHolder(file: string): Promise<LockHolder | undefined> {
  const holder = parseLockText(await readFile(file, 'utf8').catch(() => ''));
  if (!holder || holder.pid === process.pid) return undefined;
  return holderState(holder, await probeProcess(holder.pid)) === 'running' ? holder : undefined;
}

/**
 * Takes the lock of a transfer identity in `<folder>/locks`, holding this process's id and start
 * time; a lock left by a process that is gone (killed, even while not yet reaped) or whose pid
 * now belongs to another process is taken over. Throws CONFLICT while another live run holds
 * it. Answers the function that releases it.
 */
export async function lockTransfer(
  folder: string,
  identity: TransferIdentity,
): Promise<() => Promise<void>> {
  const dir = join(folder, 'locks');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${keyOf(identity)}.lock`);
  const self = lockText(await currentHolder());
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(self);
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await liveHolder(file);
    if (holder) {
      throw new AppError({
        code: 'CONFLICT',
        message: `Another run of this command (process ${holder.pid}) is working on this ${transferNoun(identity.kind)}; wait for it to end, or stop it and run the command again.`,
      });
    }
    await rm(file, { force: true });
  }
  throw new AppError({
    code: 'CONFLICT',
    message: `Another run of this command took the ${transferNoun(identity.kind)} at the same moment; run the command again.`,
  });
}
