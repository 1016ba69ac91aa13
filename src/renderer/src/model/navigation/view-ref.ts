import type { Component } from 'vue';

/**
 * What the main pane shows: one view, chosen by a `ViewRef`. Views are opened through
 * `useNavigationStore().open(ref)`; the frame maps `kind` to a component through the
 * {@link ViewComponents} it is given and passes the other fields as props.
 */
export type ViewRef =
  | { readonly kind: 'connections' }
  | { readonly kind: 'settings' }
  | { readonly kind: 'monitor' }
  | { readonly kind: 'allJobs' }
  /** `show: 'kills'` opens it on the session kills alone: the kill log. */
  | { readonly kind: 'audit'; readonly show?: 'kills' }
  | { readonly kind: 'instances'; readonly profileId: string }
  | { readonly kind: 'instance'; readonly profileId: string; readonly instanceName: string }
  | {
      readonly kind: 'databases' | 'archives' | 'logins' | 'sessions' | 'jobs' | 'linkedServers';
      readonly profileId: string;
      readonly instanceName: string;
    }
  | {
      readonly kind: 'database' | 'databaseSessions';
      readonly profileId: string;
      readonly instanceName: string;
      readonly databaseName: string;
    }
  | { readonly kind: 'cluster'; readonly profileId: string }
  | { readonly kind: 'myIp'; readonly profileId: string };

/** Any view kind. */
export type ViewKind = ViewRef['kind'];

/**
 * The component of each view kind. views/view-registry.ts builds it and the app root hands it
 * to the frame: the frame stands below the views it shows, so it never imports them.
 */
export type ViewComponents = Readonly<Record<ViewKind, Component>>;

/** The view kinds that hang under an instance. */
export type InstanceChildKind = Extract<
  ViewRef,
  { kind: 'databases' | 'archives' | 'logins' | 'sessions' | 'jobs' | 'linkedServers' }
>['kind'];

/** What each kind is called in titles, breadcrumbs and the tree. */
export const VIEW_KIND_LABELS: Readonly<Record<ViewKind, string>> = {
  connections: 'Connections',
  settings: 'Settings',
  monitor: 'Monitor',
  allJobs: 'All jobs',
  audit: 'Audit trail',
  instances: 'Instances',
  instance: 'Instance',
  databases: 'Databases',
  archives: 'Archives',
  logins: 'Logins',
  sessions: 'Sessions',
  jobs: 'Jobs',
  linkedServers: 'Linked servers',
  database: 'Database',
  databaseSessions: 'Sessions',
  cluster: 'Cluster',
  myIp: 'My IP',
};

/**
 * A stable string for a view: equal refs give equal keys. Used as the `key` of the view
 * component (so switching databases re-creates the view) and as tree node keys.
 */
export function viewKey(ref: ViewRef): string {
  const parts: string[] = [ref.kind];
  if ('profileId' in ref) parts.push(ref.profileId);
  if ('instanceName' in ref) parts.push(ref.instanceName);
  if ('databaseName' in ref) parts.push(ref.databaseName);
  return parts.map(encodeURIComponent).join('/');
}

/** True when both refs name the same view. */
export function sameView(a: ViewRef, b: ViewRef): boolean {
  return viewKey(a) === viewKey(b);
}

/** The profile a view belongs to, if any. */
export function profileOf(ref: ViewRef): string | undefined {
  return 'profileId' in ref ? ref.profileId : undefined;
}

/** The fields of a ref without `kind`: what the view component gets as props. */
export function viewProps(ref: ViewRef): Record<string, string> {
  const { kind: _kind, ...props } = ref;
  return props;
}

/** A short title, e.g. `Databases · sql-eu-prod-01` or `Sales`. */
export function viewTitle(ref: ViewRef): string {
  if ('databaseName' in ref) {
    return ref.kind === 'database' ? ref.databaseName : `Sessions · ${ref.databaseName}`;
  }
  if (ref.kind === 'instance') return ref.instanceName;
  if ('instanceName' in ref) return `${VIEW_KIND_LABELS[ref.kind]} · ${ref.instanceName}`;
  return VIEW_KIND_LABELS[ref.kind];
}
