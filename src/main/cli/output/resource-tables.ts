import type { OperationId } from '../../../shared/contract/catalogue';
import type { ArchivesResponseSchema } from '../../../shared/contract/records/archives';
import type { CidrEntryResponseSchema } from '../../../shared/contract/records/cluster';
import type { DatabaseSchema } from '../../../shared/contract/records/databases';
import type {
  LinkedServerResponseSchema,
  SqlInstanceSchema,
} from '../../../shared/contract/records/instances';
import type { JobSummarySchema } from '../../../shared/contract/records/jobs';
import type { LoginSchema } from '../../../shared/contract/records/logins';
import type { SessionSchema } from '../../../shared/contract/records/sessions';
import {
  archiveDatabaseTypeLabel,
  databaseSchemaLabel,
  jobTypeLabel,
  sourceTypeLabel,
  storageTypeIdLabel,
} from '../../../shared/format/enum-labels';
import { NO_VALUE } from '../../../shared/format/units';
import { INSTANCE_COLUMN, resourceTable, type ResourceTable } from './table-columns';

/*
 * The table of each list the service answers: its columns in the order shown, the pinned ones
 * that name a row first, the headers in the app's words (its tables say "Size", "Blocked by",
 * "CPU (ms)"), and which column goes first when the terminal is narrow. Every field of the
 * record is a column, so `-o wide` shows them all (a test holds the columns to the schemas).
 * Sizes and times are written by output-cells (`48.7 GiB`, `2026-11-27 14:03:05`): the unit
 * is in the cell; a plain number's unit is in its header.
 */

/** The names of an enumeration's codes, as the app shows them; nothing as the dash. */
function label(words: (code: never) => string): (value: unknown) => string {
  const name = words as (code: unknown) => string;
  return (value) => (value === null || value === undefined ? NO_VALUE : name(value) || NO_VALUE);
}

/** A database's security groups by name (their ids where they have none). */
function groupNames(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return NO_VALUE;
  const text = (word: unknown): string | undefined =>
    typeof word === 'string' && word !== '' ? word : undefined;
  return value
    .map((group: { groupName?: unknown; groupId?: unknown }) => {
      return text(group.groupName) ?? text(group.groupId) ?? '?';
    })
    .join(', ');
}

/** The session blocking this one; 0 (not blocked) as the dash. */
function blocker(value: unknown): string {
  return typeof value === 'number' && value !== 0 ? String(value) : NO_VALUE;
}

const DATABASES = resourceTable<typeof DatabaseSchema>('databases list', [
  INSTANCE_COLUMN,
  { id: 'name', header: 'Name', field: 'name', pinned: true, priority: 0 },
  { id: 'status', header: 'Status', field: 'status', priority: 1 },
  { id: 'size', header: 'Size', field: 'sizeInMb', priority: 1 },
  { id: 'pinned', header: 'Pinned', field: 'pinned', priority: 2 },
  { id: 'created', header: 'Created', field: 'createdAt', priority: 3 },
  { id: 'owner', header: 'Owner', field: 'owner', priority: 4 },
  {
    id: 'schema',
    header: 'Schema',
    field: 'databaseSchema',
    priority: 4,
    cell: label(databaseSchemaLabel),
  },
  { id: 'secured', header: 'Secured', field: 'secured', priority: 5 },
  { id: 'registered', header: 'Registered', field: 'registered', priority: 6 },
  { id: 'groups', header: 'Groups', field: 'groups', priority: 6, cell: groupNames },
  { id: 'pinned-until', header: 'Pinned until', field: 'pinExpiration', priority: 6 },
  { id: 'version', header: 'Version', field: 'databaseVersion', priority: 7 },
  { id: 'last-index-update', header: 'Last index update', field: 'lastIndexUpdate', priority: 7 },
  { id: 'exposure-set', header: 'Exposure set', field: 'exposureSetId', priority: 7 },
  { id: 'error', header: 'Error', field: 'error', priority: 2 },
]);

const INSTANCES = resourceTable<typeof SqlInstanceSchema>('instances list', [
  { id: 'name', header: 'Name', field: 'name', pinned: true, priority: 0 },
  { id: 'status', header: 'Status', field: 'status', priority: 1 },
  { id: 'size', header: 'Size', field: 'totalDiskSpaceInMb', priority: 2 },
  { id: 'used', header: 'Used', field: 'usedDiskSpaceInMb', priority: 2 },
  { id: 'free', header: 'Free', field: 'availableDiskSpaceInMb', priority: 1 },
  { id: 'databases-max', header: 'Databases (max)', field: 'databaseLimit', priority: 3 },
  { id: 'pinned-max', header: 'Pinned (max)', field: 'pinnedDatabaseLimit', priority: 4 },
  { id: 'endpoint', header: 'Endpoint', field: 'endpoint', priority: 5 },
  { id: 'internal-endpoint', header: 'Internal endpoint', field: 'internalEndpoint', priority: 6 },
  { id: 'uid', header: 'UID', field: 'uid', priority: 7 },
]);

const JOBS = resourceTable<typeof JobSummarySchema>('jobs list', [
  INSTANCE_COLUMN,
  { id: 'id', header: 'Job id', field: 'id', pinned: true, priority: 0 },
  { id: 'status', header: 'Status', field: 'status', priority: 1 },
  { id: 'type', header: 'Type', field: 'type', priority: 2, cell: label(jobTypeLabel) },
  { id: 'resource', header: 'Resource', field: 'resourceName', priority: 1 },
  { id: 'started', header: 'Started', field: 'createTime', priority: 3 },
  { id: 'ended', header: 'Ended', field: 'endTime', priority: 4 },
  { id: 'owner', header: 'Owner', field: 'owner', priority: 5 },
  { id: 'resource-type', header: 'Resource type', field: 'resourceType', priority: 6 },
]);

const SESSIONS = resourceTable<typeof SessionSchema>('sessions list', [
  INSTANCE_COLUMN,
  { id: 'session', header: 'Session', field: 'sessionId', pinned: true, priority: 0 },
  {
    id: 'blocked-by',
    header: 'Blocked by',
    field: 'blockingSessionId',
    pinned: true,
    priority: 0,
    cell: blocker,
  },
  { id: 'login', header: 'Login', field: 'loginName', priority: 1 },
  { id: 'status', header: 'Status', field: 'status', priority: 1 },
  { id: 'database', header: 'Database', field: 'databaseName', priority: 2 },
  { id: 'host', header: 'Host', field: 'hostName', priority: 3 },
  { id: 'program', header: 'Program', field: 'programName', priority: 4 },
  { id: 'cpu', header: 'CPU (ms)', field: 'cpuTime', priority: 3 },
  { id: 'memory', header: 'Memory (pages)', field: 'memoryUsage', priority: 5 },
  { id: 'sql', header: 'SQL', field: 'executingSql', priority: 4 },
  { id: 'login-time', header: 'Login time', field: 'loginTime', priority: 6 },
  { id: 'request-start', header: 'Request start', field: 'lastRequestStartTime', priority: 5 },
  { id: 'request-end', header: 'Request end', field: 'lastRequestEndTime', priority: 6 },
]);

const ARCHIVES = resourceTable<typeof ArchivesResponseSchema>('archives list', [
  INSTANCE_COLUMN,
  { id: 'id', header: 'Archive id', field: 'archiveId', pinned: true, priority: 0 },
  { id: 'name', header: 'Name', field: 'name', priority: 1 },
  { id: 'size', header: 'Size', field: 'sizeInMb', priority: 1 },
  { id: 'storage', header: 'Storage', field: 'storageType', priority: 2 },
  { id: 'created', header: 'Created', field: 'createDate', priority: 2 },
  { id: 'expires', header: 'Expires', field: 'expiryDate', priority: 3 },
  {
    id: 'type',
    header: 'Type',
    field: 'databaseType',
    priority: 4,
    cell: label(archiveDatabaseTypeLabel),
  },
  { id: 'created-by', header: 'Created by', field: 'createdBy', priority: 5 },
  {
    id: 'source',
    header: 'Source',
    field: 'sourceTypeId',
    priority: 5,
    cell: label(sourceTypeLabel),
  },
  { id: 'server', header: 'Server', field: 'serverName', priority: 6 },
  {
    id: 'storage-id',
    header: 'Storage id',
    field: 'storageTypeId',
    priority: 7,
    cell: label(storageTypeIdLabel),
  },
]);

const LOGINS = resourceTable<typeof LoginSchema>('logins list', [
  INSTANCE_COLUMN,
  { id: 'name', header: 'Name', field: 'name', pinned: true, priority: 0 },
  { id: 'role', header: 'Role', field: 'role', priority: 1 },
  { id: 'status', header: 'Status', field: 'status', priority: 1 },
  { id: 'owner', header: 'Owner', field: 'owner', priority: 2 },
]);

const ALLOWED_IPS = resourceTable<typeof CidrEntryResponseSchema>('cluster listAllowedIps', [
  { id: 'cidr-block', header: 'CIDR block', field: 'cidrBlock', pinned: true, priority: 0 },
  { id: 'comment', header: 'Comment', field: 'comment', priority: 1 },
]);

const LINKED_SERVERS = resourceTable<typeof LinkedServerResponseSchema>('linkedServers list', [
  INSTANCE_COLUMN,
  { id: 'name', header: 'Linked server', field: 'linkedServerName', pinned: true, priority: 0 },
  { id: 'status', header: 'Status', field: 'status', priority: 1 },
]);

/** The table of each operation that answers a list of records. */
const TABLES: Partial<Record<OperationId, ResourceTable>> = {
  'databases.list': DATABASES,
  'instances.list': INSTANCES,
  'jobs.listByInstance': JOBS,
  'sessions.list': SESSIONS,
  'sessions.listByDatabase': { ...SESSIONS, command: 'sessions listByDatabase' },
  'archives.list': ARCHIVES,
  'logins.list': LOGINS,
  'cluster.listAllowedIps': ALLOWED_IPS,
  'linkedServers.list': LINKED_SERVERS,
};

/** The table of the records `operation` lists; undefined when it answers no list. */
export function resourceTableOf(operation: string): ResourceTable | undefined {
  return Object.hasOwn(TABLES, operation) ? TABLES[operation as OperationId] : undefined;
}

/** The commands whose answers have columns, for a message: `databases list, ...`. */
export function resourceTableCommands(): string[] {
  return Object.values(TABLES).map((table) => table.command);
}
