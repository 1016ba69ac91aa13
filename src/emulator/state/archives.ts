import { createHash } from 'node:crypto';
import type { ArchivesDetail, ArchivesResponse } from '../../shared/contract/records/archives';
import { StorageTypeId } from '../../shared/contract/enums';
import { EmulatorHttpError } from '../http-error';
import { iso } from '../random';

/** An archive as the emulator keeps it; times are epoch milliseconds. */
export interface ArchiveRecord {
  readonly archiveId: string;
  serverName: string;
  /** The name of the archived database. */
  readonly name: string;
  readonly databaseType: 'EDM' | 'RDM' | 'UNKNOWN';
  readonly sizeInMb: number;
  readonly createDate: number;
  expiryDate: number;
  readonly createdBy: string;
  /** 0 temporary (deleted at `expiryDate`), 1 permanent. */
  storageTypeId: number;
  /** 0 deleted database, 1 snapshot, 2 archive. */
  readonly sourceTypeId: number;
  /** The blob store writing (or done writing) its download file, from the first read on. */
  downloadFile?: Promise<unknown> | undefined;
}

/**
 * The archives of every instance. A Temporary archive disappears once its expiry passes; the
 * store checks that lazily, on every read, against the emulator's clock (no timer to drift).
 */
export class ArchiveStore {
  readonly #byId = new Map<string, ArchiveRecord>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  #purgeExpired(): void {
    const now = this.#now();
    for (const [id, archive] of this.#byId) {
      if (archive.storageTypeId === StorageTypeId.Temporary && archive.expiryDate <= now) {
        this.#byId.delete(id);
      }
    }
  }

  add(record: ArchiveRecord): void {
    this.#byId.set(record.archiveId.toLowerCase(), record);
  }

  /** Archives hosted on `instance`, in no particular order. */
  list(instance: string): ArchiveRecord[] {
    this.#purgeExpired();
    const wanted = instance.toLowerCase();
    return [...this.#byId.values()].filter((a) => a.serverName.toLowerCase() === wanted);
  }

  /** The archive `id` on `instance`, or 404. */
  require(instance: string, id: string): ArchiveRecord {
    this.#purgeExpired();
    const record = this.#byId.get(id.toLowerCase());
    if (!record || record.serverName.toLowerCase() !== instance.toLowerCase()) {
      throw new EmulatorHttpError(404, `Archive ${id} does not exist on ${instance}.`);
    }
    return record;
  }

  remove(id: string): void {
    this.#byId.delete(id.toLowerCase());
  }
}

/** Storage type name of a storage type id. */
function storageTypeName(id: number): 'Temporary' | 'Permanent' {
  return id === StorageTypeId.Temporary ? 'Temporary' : 'Permanent';
}

/** The row of the archive list: the interface's fields, then ours (records.md). */
export function toArchivesResponse(record: ArchiveRecord): ArchivesResponse {
  return {
    archiveId: record.archiveId,
    serverName: record.serverName,
    name: record.name,
    sizeInMb: record.sizeInMb,
    createDate: iso(record.createDate),
    expiryDate: iso(record.expiryDate),
    createdBy: record.createdBy,
    storageTypeId: record.storageTypeId,
    storageType: storageTypeName(record.storageTypeId),
    sourceTypeId: record.sourceTypeId,
    databaseType: record.databaseType,
  };
}

/** The answer of get archive. */
export function toArchivesDetail(record: ArchiveRecord, downloadUris: string[]): ArchivesDetail {
  return {
    archiveId: record.archiveId,
    serverName: record.serverName,
    name: record.name,
    databaseType: record.databaseType,
    sizeInMb: record.sizeInMb,
    createDate: iso(record.createDate),
    expiryDate: iso(record.expiryDate),
    createdBy: record.createdBy,
    downloadUris,
    thumbprint: createHash('sha1').update(record.archiveId).digest('hex').toUpperCase(),
    // Ours beyond the interface's ArchivesDetail, so the detail view matches the list row.
    storageTypeId: record.storageTypeId,
    storageType: storageTypeName(record.storageTypeId),
    sourceTypeId: record.sourceTypeId,
  };
}

/** Database type of an archive from a database's schema (`Edm` → `EDM`). */
export function archiveTypeOf(databaseSchema: string): ArchiveRecord['databaseType'] {
  const upper = databaseSchema.toUpperCase();
  return upper === 'EDM' || upper === 'RDM' ? upper : 'UNKNOWN';
}
