import type { ArchivesResponse } from '@shared/contract/records/archives';
import type { LinkedServerResponse } from '@shared/contract/records/instances';
import type { JobSummary } from '@shared/contract/records/jobs';
import type { Login } from '@shared/contract/records/logins';
import type { Session } from '@shared/contract/records/sessions';
import { formatDateTime, type TimeOptions } from '@shared/format/times';
import { VIEW_KIND_LABELS, viewKey, type ViewRef } from './view-ref';
import { jobTypeLabel } from '../display/job-format';
import type { QuickPickItem } from './quick-pick';
import type { ResourceTreeNode } from './tree-nodes';

/*
 * What jump-to (Ctrl/Cmd+P) lists, as pure functions: the nodes of the resource tree, then
 * every object the stores have loaded (logins, linked servers, jobs, sessions, archives).
 * Picking an object opens its view and fills the view's search box with what singles it out.
 */

/** One entry of jump-to: what the picker shows and where picking it goes. */
export interface JumpEntry {
  readonly item: QuickPickItem;
  readonly profileId: string;
  readonly view: ViewRef;
  /** What the view's table searches for to show the object; made when picked (dates are slow). */
  readonly search?: () => string;
}

/** Rows of one kind loaded for an instance (or for one database of it: sessions). */
export interface LoadedRows<T> {
  readonly profileId: string;
  readonly instanceName: string;
  readonly databaseName?: string | undefined;
  readonly rows: readonly T[];
}

/** The objects the stores hold, and the names of the open profiles. */
export interface LoadedObjects {
  /** The name of an open profile; undefined when it is not open (its objects are left out). */
  readonly profileName: (profileId: string) => string | undefined;
  readonly logins: readonly LoadedRows<Login>[];
  readonly linkedServers: readonly LoadedRows<LinkedServerResponse>[];
  readonly jobs: readonly LoadedRows<JobSummary>[];
  readonly sessions: readonly LoadedRows<Session>[];
  readonly archives: readonly LoadedRows<ArchivesResponse>[];
  /** The user's clock: archives are named by their creation time, as the table shows it. */
  readonly time?: TimeOptions;
}

/** How the objects of one kind read in jump-to. */
interface ObjectKind<T> {
  /** The tag before the label, e.g. `Login`. */
  readonly tag: string;
  readonly view: (loaded: LoadedRows<T>) => ViewRef;
  /** Unique among the rows of one view. */
  readonly id: (row: T) => string;
  readonly label: (row: T) => string;
  readonly search: (row: T) => string;
  readonly keywords?: (row: T) => ReadonlyArray<string | null | undefined>;
}

/** Where an object is, most precise first: `ETL_Staging · sql-eu-dev-01 · Local emulator`. */
function whereOf(parts: ReadonlyArray<string | undefined>): string {
  return parts.filter(Boolean).join(' · ');
}

function instanceView(kind: 'logins' | 'linkedServers' | 'jobs' | 'archives') {
  return (loaded: LoadedRows<unknown>): ViewRef => ({
    kind,
    profileId: loaded.profileId,
    instanceName: loaded.instanceName,
  });
}

/** A session as both pickers show it: `57 · etl_loader · WS-0142`. */
export function sessionLabel(session: Session): string {
  return [String(session.sessionId), session.loginName, session.hostName]
    .filter(Boolean)
    .join(' · ');
}

const LOGIN: ObjectKind<Login> = {
  tag: 'Login',
  view: instanceView('logins'),
  id: (row) => row.name,
  label: (row) => row.name,
  search: (row) => row.name,
  keywords: (row) => [row.role, row.status],
};

const LINKED_SERVER: ObjectKind<LinkedServerResponse> = {
  tag: 'Linked server',
  view: instanceView('linkedServers'),
  id: (row) => row.linkedServerName ?? '',
  label: (row) => row.linkedServerName ?? '',
  search: (row) => row.linkedServerName ?? '',
};

const JOB: ObjectKind<JobSummary> = {
  tag: 'Job',
  view: instanceView('jobs'),
  id: (row) => row.id,
  label: (row) => `${jobTypeLabel(row.type)} ${row.resourceName}`,
  search: (row) => row.resourceName,
  keywords: (row) => [row.status, row.id],
};

const SESSION: ObjectKind<Session> = {
  tag: 'Session',
  view: (loaded) =>
    loaded.databaseName === undefined
      ? { kind: 'sessions', profileId: loaded.profileId, instanceName: loaded.instanceName }
      : {
          kind: 'databaseSessions',
          profileId: loaded.profileId,
          instanceName: loaded.instanceName,
          databaseName: loaded.databaseName,
        },
  id: (row) => String(row.sessionId),
  label: sessionLabel,
  // The same search the blocking tree's "show" uses: the spid.
  search: (row) => String(row.sessionId),
  keywords: (row) => [row.programName, row.databaseName, row.status],
};

const archiveKind = (time: TimeOptions): ObjectKind<ArchivesResponse> => ({
  tag: 'Archive',
  view: instanceView('archives'),
  id: (row) => row.archiveId ?? `${row.name ?? ''}@${row.createDate ?? ''}`,
  label: (row) =>
    `${row.name ?? row.archiveId ?? 'Archive'} (${formatDateTime(row.createDate, time)})`,
  // Name and creation time as the Name and Created columns search them: one archive, or the
  // few of one database made in the same second.
  search: (row) => (row.name ? `${row.name} ${formatDateTime(row.createDate, time)}` : ''),
  keywords: (row) => [row.archiveId],
});

function entriesOf<T>(
  kind: ObjectKind<T>,
  lists: readonly LoadedRows<T>[],
  profileName: LoadedObjects['profileName'],
): JumpEntry[] {
  return lists.flatMap((loaded) => {
    const profile = profileName(loaded.profileId);
    if (profile === undefined) return [];
    const view = kind.view(loaded);
    const where = whereOf([loaded.databaseName, loaded.instanceName, profile]);
    const prefix = `${kind.tag}:${viewKey(view)}:`;
    return loaded.rows.flatMap((row): JumpEntry[] => {
      const label = kind.label(row);
      if (label === '') return [];
      const keywords = (kind.keywords?.(row) ?? []).filter((w): w is string => Boolean(w));
      const item = {
        key: prefix + kind.id(row),
        label,
        description: where,
        group: kind.tag,
        keywords,
      };
      return [{ item, profileId: loaded.profileId, view, search: () => kind.search(row) }];
    });
  });
}

/** The loaded objects, kind by kind (archives last: a page may hold 5,000). */
export function objectEntries(loaded: LoadedObjects): JumpEntry[] {
  const { profileName } = loaded;
  return [
    ...entriesOf(LOGIN, loaded.logins, profileName),
    ...entriesOf(LINKED_SERVER, loaded.linkedServers, profileName),
    ...entriesOf(JOB, loaded.jobs, profileName),
    ...entriesOf(SESSION, loaded.sessions, profileName),
    ...entriesOf(archiveKind(loaded.time ?? {}), loaded.archives, profileName),
  ];
}

/** The tree's nodes that open a view (from `flattenNodes`). */
export function nodeEntries(
  nodes: readonly ResourceTreeNode[],
  profileName: LoadedObjects['profileName'],
): JumpEntry[] {
  return nodes.flatMap((node) => {
    const view = node.view;
    if (!view) return [];
    // The instance (and the profile) a node sits in; not repeated after its own label.
    const instanceName =
      'instanceName' in view && node.nodeKind !== 'instance' ? view.instanceName : undefined;
    const where =
      node.nodeKind === 'profile' ? '' : whereOf([instanceName, profileName(node.profileId)]);
    return [
      {
        item: {
          key: node.key,
          label: node.nodeKind === 'profile' ? `${node.label} (instances)` : node.label,
          description: where,
          group: VIEW_KIND_LABELS[view.kind],
        },
        profileId: node.profileId,
        view,
      },
    ];
  });
}
