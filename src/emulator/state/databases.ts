import type { Database } from '../../shared/contract/records/databases';
import { EmulatorHttpError } from '../http-error';
import { iso } from '../random';
import type { SecurityGroup } from './groups';

/** A database as the emulator keeps it; times are epoch milliseconds. */
export interface DatabaseRecord {
  name: string;
  status: string;
  error: string | null;
  sizeInMb: number;
  readonly createdAt: number;
  pinned: boolean;
  pinExpiration: number | null;
  databaseSchema: string;
  databaseVersion: string | null;
  lastIndexUpdate: number | null;
  registered: boolean;
  exposureSetId: string | null;
  owner: string;
  groups: SecurityGroup[];
  /** System databases (master, tempdb...) are listed only with `adminAccess=true`. */
  readonly system: boolean;
  /** The job working on it; another job on a busy database answers 409. */
  activeJobId: string | null;
}

const key = (name: string): string => name.toLowerCase();

/**
 * The databases of every instance. Names compare case-insensitively (SQL Server's default
 * collation), so `Sales` and `sales` cannot both exist. A name can also be reserved while a
 * job that will create it (rename, move) runs, so that nothing else takes it meanwhile.
 */
export class DatabaseStore {
  readonly #byInstance = new Map<string, Map<string, DatabaseRecord>>();
  readonly #reserved = new Map<string, Set<string>>();

  #of(instance: string): Map<string, DatabaseRecord> {
    let map = this.#byInstance.get(key(instance));
    if (!map) {
      map = new Map();
      this.#byInstance.set(key(instance), map);
    }
    return map;
  }

  list(instance: string): DatabaseRecord[] {
    return [...this.#of(instance).values()];
  }

  find(instance: string, name: string): DatabaseRecord | undefined {
    return this.#of(instance).get(key(name));
  }

  /** The database, or 404. */
  require(instance: string, name: string): DatabaseRecord {
    const record = this.find(instance, name);
    if (!record) {
      throw new EmulatorHttpError(404, `Database ${name} does not exist on ${instance}.`);
    }
    return record;
  }

  /** True when `name` exists or is reserved on `instance`. */
  isTaken(instance: string, name: string): boolean {
    return (
      this.find(instance, name) !== undefined ||
      (this.#reserved.get(key(instance))?.has(key(name)) ?? false)
    );
  }

  /** Throws 409 when `name` is taken on `instance`. */
  requireFree(instance: string, name: string): void {
    if (this.isTaken(instance, name)) {
      throw new EmulatorHttpError(409, `A database named ${name} already exists on ${instance}.`);
    }
  }

  add(instance: string, record: DatabaseRecord): void {
    this.#of(instance).set(key(record.name), record);
  }

  remove(instance: string, name: string): void {
    this.#of(instance).delete(key(name));
  }

  /** Holds `name` on `instance` until `release`, so no other request can take it. */
  reserve(instance: string, name: string): void {
    const set = this.#reserved.get(key(instance)) ?? new Set<string>();
    set.add(key(name));
    this.#reserved.set(key(instance), set);
  }

  release(instance: string, name: string): void {
    this.#reserved.get(key(instance))?.delete(key(name));
  }

  /** Renames within an instance, keeping the record. */
  rename(instance: string, from: string, to: string): void {
    const record = this.require(instance, from);
    this.#of(instance).delete(key(from));
    record.name = to;
    this.#of(instance).set(key(to), record);
  }

  /** Space taken on the instance, in MB. */
  usedMb(instance: string): number {
    return this.list(instance).reduce((sum, db) => sum + db.sizeInMb, 0);
  }
}

/** The wire form of a database. */
export function toDatabase(record: DatabaseRecord): Database {
  return {
    name: record.name,
    status: record.status,
    error: record.error,
    sizeInMb: record.sizeInMb,
    createdAt: iso(record.createdAt),
    pinned: record.pinned,
    pinExpiration: record.pinExpiration === null ? null : iso(record.pinExpiration),
    databaseSchema: record.databaseSchema,
    databaseVersion: record.databaseVersion,
    lastIndexUpdate: record.lastIndexUpdate === null ? null : iso(record.lastIndexUpdate),
    registered: record.registered,
    exposureSetId: record.exposureSetId,
    owner: record.owner,
    secured: record.groups.length > 0,
    groups: record.groups.map((group) => ({ groupId: group.id, groupName: group.name })),
  };
}

/** Defaults for a database that a job creates. */
export function newDatabase(
  fields: Pick<DatabaseRecord, 'name' | 'status' | 'owner' | 'createdAt'> & Partial<DatabaseRecord>,
): DatabaseRecord {
  return {
    error: null,
    sizeInMb: 16,
    pinned: false,
    pinExpiration: null,
    databaseSchema: 'Unknown',
    databaseVersion: null,
    lastIndexUpdate: null,
    registered: true,
    exposureSetId: null,
    groups: [],
    system: false,
    activeJobId: null,
    ...fields,
  };
}
