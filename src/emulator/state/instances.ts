import type { SqlInstance, SqlInstanceSchema } from '../../shared/contract/records/instances';
import { EmulatorHttpError } from '../http-error';

/** A link from one instance to another of the tenant. */
interface LinkedServerRecord {
  readonly name: string;
  status: string;
}

/** A managed SQL Server instance as the emulator keeps it. */
export interface InstanceRecord {
  readonly name: string;
  readonly uid: string;
  readonly endpoint: string;
  readonly internalEndpoint: string;
  status: string;
  readonly totalDiskSpaceInMb: number;
  readonly databaseLimit: number;
  readonly pinnedDatabaseLimit: number;
  /**
   * Security group ids of the instance (its PATCH adds and removes them). Kept, never shown:
   * the interface's SqlInstance has no field for them.
   */
  readonly groups: Set<string>;
  /** Linked servers by lower-case name. */
  readonly linked: Map<string, LinkedServerRecord>;
}

/** The instances of the tenant. Names compare case-insensitively, as SQL Server names do. */
export class InstanceStore {
  readonly #byName = new Map<string, InstanceRecord>();

  add(record: InstanceRecord): void {
    this.#byName.set(record.name.toLowerCase(), record);
  }

  list(): InstanceRecord[] {
    return [...this.#byName.values()];
  }

  find(name: string): InstanceRecord | undefined {
    return this.#byName.get(name.toLowerCase());
  }

  /** The instance, or the operation's "not found" (404, or 410 for the job operations). */
  require(name: string, notFoundStatus: 404 | 410 = 404): InstanceRecord {
    const record = this.find(name);
    if (!record) {
      throw new EmulatorHttpError(
        notFoundStatus,
        `Server instance ${name} does not exist in the tenant.`,
      );
    }
    return record;
  }
}

/** An instance as sent: the interface's fields only, so a literal with any other fails to compile. */
export type WireSqlInstance = {
  readonly [K in keyof (typeof SqlInstanceSchema)['shape']]: SqlInstance[K];
};

/**
 * The wire form of an instance, with exactly the interface's fields (the vendor's description
 * refuses any other); `usedMb` is the space its databases take.
 */
export function toSqlInstance(record: InstanceRecord, usedMb: number): WireSqlInstance {
  const used = Math.min(record.totalDiskSpaceInMb, Math.round(usedMb));
  return {
    name: record.name,
    uid: record.uid,
    endpoint: record.endpoint,
    internalEndpoint: record.internalEndpoint,
    status: record.status,
    totalDiskSpaceInMb: record.totalDiskSpaceInMb,
    availableDiskSpaceInMb: record.totalDiskSpaceInMb - used,
    usedDiskSpaceInMb: used,
    databaseLimit: record.databaseLimit,
    pinnedDatabaseLimit: record.pinnedDatabaseLimit,
  };
}
