import type { TreeOption } from 'naive-ui';
import type { Database } from '@shared/contract/records/databases';
import type { SqlInstance } from '@shared/contract/records/instances';
import type { Profile } from '@shared/model/profile';
import type { ListEntry } from '../lists/list-cache';
import { viewKey, type InstanceChildKind, type ViewRef } from './view-ref';

/** What a node of the resource tree is. */
type TreeNodeKind = 'profile' | 'instance' | 'group' | 'database' | 'placeholder';

/** What a node carries besides its key and view. */
interface NodeFields {
  label: string;
  nodeKind: TreeNodeKind;
  profileId: string;
  /** Shown greyed beside the label, e.g. a count or `failed`. */
  hint?: string;
  isLeaf?: boolean;
  disabled?: boolean;
  children?: ResourceTreeNode[];
}

/** A resource tree node: a naive-ui tree option that knows the view it opens. */
export type ResourceTreeNode = TreeOption &
  NodeFields & {
    key: string;
    /** The view a click opens (placeholders open nothing). */
    view?: ViewRef;
  };

/** Where the tree reads loaded data from (the stores). */
export interface TreeSources {
  readonly instances: (profileId: string) => ListEntry<SqlInstance>;
  readonly databases: (profileId: string, instanceName: string) => ListEntry<Database>;
}

const INSTANCE_GROUPS: ReadonlyArray<{ kind: InstanceChildKind; label: string }> = [
  { kind: 'databases', label: 'Databases' },
  { kind: 'archives', label: 'Archives' },
  { kind: 'logins', label: 'Logins' },
  { kind: 'sessions', label: 'Sessions' },
  { kind: 'jobs', label: 'Jobs' },
  { kind: 'linkedServers', label: 'Linked servers' },
];

function node(view: ViewRef, fields: NodeFields): ResourceTreeNode {
  return { key: viewKey(view), view, ...fields };
}

function placeholder(parentKey: string, profileId: string, label: string): ResourceTreeNode {
  return {
    key: `placeholder/${parentKey}`,
    label,
    nodeKind: 'placeholder',
    profileId,
    isLeaf: true,
    disabled: true,
  };
}

/** Children of a lazily loaded list: undefined until loaded (so the tree calls on-load). */
function loadedChildren<T>(
  entry: ListEntry<T>,
  parentKey: string,
  profileId: string,
  empty: string,
  build: (item: T) => ResourceTreeNode,
): ResourceTreeNode[] | undefined {
  if (!entry.isLoaded) return undefined;
  if (entry.items.length === 0) return [placeholder(parentKey, profileId, empty)];
  return entry.items.map(build);
}

function hintOf(entry: ListEntry<unknown>): string | undefined {
  if (entry.isLoading) return 'loading…';
  if (entry.error) return 'failed';
  return entry.isLoaded ? String(entry.items.length) : undefined;
}

function databasesNode(
  profileId: string,
  instanceName: string,
  src: TreeSources,
): ResourceTreeNode {
  const view: ViewRef = { kind: 'databases', profileId, instanceName };
  const entry = src.databases(profileId, instanceName);
  const children = loadedChildren(entry, viewKey(view), profileId, 'No databases', (db) =>
    node(
      { kind: 'database', profileId, instanceName, databaseName: db.name },
      { label: db.name, nodeKind: 'database', profileId, isLeaf: true },
    ),
  );
  return node(view, {
    label: 'Databases',
    nodeKind: 'group',
    profileId,
    isLeaf: false,
    ...(children ? { children } : {}),
    ...(hintOf(entry) ? { hint: hintOf(entry) } : {}),
  });
}

function instanceNode(
  profileId: string,
  instance: SqlInstance,
  src: TreeSources,
): ResourceTreeNode {
  const instanceName = instance.name;
  const children = INSTANCE_GROUPS.map(({ kind, label }) =>
    kind === 'databases'
      ? databasesNode(profileId, instanceName, src)
      : node(
          { kind, profileId, instanceName },
          { label, nodeKind: 'group', profileId, isLeaf: true },
        ),
  );
  return node(
    { kind: 'instance', profileId, instanceName },
    { label: instanceName, nodeKind: 'instance', profileId, children, hint: instance.status },
  );
}

/** The tree of one open profile: its instances, then Cluster and My IP. */
export function profileNode(profile: Profile, src: TreeSources): ResourceTreeNode {
  const profileId = profile.id;
  const view: ViewRef = { kind: 'instances', profileId };
  const entry = src.instances(profileId);
  const instances = loadedChildren(entry, viewKey(view), profileId, 'No instances', (i) =>
    instanceNode(profileId, i, src),
  );
  const children = instances && [
    ...instances,
    node(
      { kind: 'cluster', profileId },
      { label: 'Cluster (ACL, TLS)', nodeKind: 'group', profileId, isLeaf: true },
    ),
    node(
      { kind: 'myIp', profileId },
      { label: 'My IP', nodeKind: 'group', profileId, isLeaf: true },
    ),
  ];
  return node(view, {
    label: profile.name,
    nodeKind: 'profile',
    profileId,
    isLeaf: false,
    ...(children ? { children } : {}),
    ...(entry.error ? { hint: 'failed' } : entry.isLoading ? { hint: 'loading…' } : {}),
  });
}

/**
 * The node of an open profile that has no connection to browse (signing in, reopening, or
 * waiting for a sign-in): no children, `hint` says why, and a click shows the connections,
 * where it signs in. Its key is the profile node's own, so the tree keeps its place.
 */
export function unconnectedProfileNode(profile: Profile, hint: string): ResourceTreeNode {
  return {
    key: viewKey({ kind: 'instances', profileId: profile.id }),
    view: { kind: 'connections' },
    label: profile.name,
    nodeKind: 'profile',
    profileId: profile.id,
    isLeaf: true,
    hint,
  };
}

/** Every node of the trees, depth first (for jump-to). */
export function flattenNodes(nodes: readonly ResourceTreeNode[]): ResourceTreeNode[] {
  return nodes.flatMap((n) => [n, ...flattenNodes(n.children ?? [])]);
}
