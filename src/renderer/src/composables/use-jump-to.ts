import { computed, type ComputedRef, type Ref } from 'vue';
import type { JobSummary } from '@shared/contract/records/jobs';
import {
  nodeEntries,
  objectEntries,
  type JumpEntry,
  type LoadedRows,
} from '../model/navigation/jump-entries';
import type { QuickPickItem } from '../model/navigation/quick-pick';
import { flattenNodes } from '../model/navigation/tree-nodes';
import { VIEW_KIND_LABELS, viewKey, type ViewRef } from '../model/navigation/view-ref';
import { useArchivesStore } from '../stores/archives-store';
import type { InstanceTarget } from '../model/lists/instance-list';
import { useInstancesStore } from '../stores/instances-store';
import { useJobsStore } from '../stores/jobs-store';
import { useLinkedServersStore } from '../stores/linked-servers-store';
import { useLoginsStore } from '../stores/logins-store';
import { useNavigationStore } from '../stores/navigation-store';
import { useProfilesStore } from '../stores/profiles-store';
import { useSignInStore } from '../stores/sign-in-store';
import { useSessionsStore } from '../stores/sessions-store';
import { useResourceNodes } from './use-resource-nodes';
import { useTimeOptions } from './use-time-options';

/** What {@link useJumpTo} answers. */
export interface JumpTo {
  /** The picker's items: empty while it is closed, so store changes cost nothing then. */
  readonly items: ComputedRef<QuickPickItem[]>;
  /** Opens the view of an item (and reveals the object in its table). */
  readonly jumpTo: (key: string) => void;
}

/** The rows a per-instance store shows, with their instance (none before a view opened). */
function shownRows<T>(target: InstanceTarget | undefined, rows: readonly T[]): LoadedRows<T>[] {
  return target ? [{ ...target, rows }] : [];
}

/** The views across the open connections: listed while one is open, under the active one. */
function crossEntries(profileId: string | undefined): JumpEntry[] {
  if (profileId === undefined) return [];
  const cross: ReadonlyArray<{ view: ViewRef; description: string; group: string }> = [
    {
      view: { kind: 'allJobs' },
      description: 'Every instance of the open connections',
      group: 'Jobs',
    },
    {
      view: { kind: 'audit' },
      description: 'Changes made from this machine, in the app or the CLI',
      group: 'Audit',
    },
  ];
  return cross.map(({ view, description, group }) => ({
    item: { key: viewKey(view), label: VIEW_KIND_LABELS[view.kind], description, group },
    profileId,
    view,
  }));
}

/**
 * Jump-to (Ctrl/Cmd+P): the tree's nodes and every object the stores have loaded (the logins,
 * linked servers and archives shown last, the jobs of each instance, the last snapshot of each
 * session monitor), for the open profiles. `isOpen` says when the picker shows.
 */
export function useJumpTo(isOpen: Ref<boolean>): JumpTo {
  const nodes = useResourceNodes();
  const navigation = useNavigationStore();
  const profiles = useProfilesStore();
  const signIn = useSignInStore();
  const instances = useInstancesStore();
  const logins = useLoginsStore();
  const linkedServers = useLinkedServersStore();
  const archives = useArchivesStore();
  const jobs = useJobsStore();
  const sessions = useSessionsStore();

  const profileName = (id: string): string | undefined =>
    signIn.openProfileIds.includes(id) ? (profiles.byId(id)?.name ?? id) : undefined;

  function loadedJobs(): LoadedRows<JobSummary>[] {
    return signIn.openProfileIds.flatMap((profileId) =>
      instances.entry(profileId).items.map(({ name: instanceName }) => ({
        profileId,
        instanceName,
        rows: jobs.entryOf({ profileId, instanceName }).items,
      })),
    );
  }

  // Read only while the picker is open (through `items`) and when an item is picked.
  const entries = computed<JumpEntry[]>(() => [
    ...crossEntries(signIn.activeProfileId ?? signIn.openProfileIds[0]),
    ...nodeEntries(flattenNodes(nodes.value), profileName),
    ...objectEntries({
      profileName,
      logins: shownRows(logins.target, logins.logins),
      linkedServers: shownRows(linkedServers.target, linkedServers.linkedServers),
      archives: shownRows(archives.target, archives.rows),
      jobs: loadedJobs(),
      sessions: [...sessions.snapshots.values()].map(({ target, rows }) => ({ ...target, rows })),
      time: useTimeOptions(),
    }),
  ]);
  const items = computed(() => (isOpen.value ? entries.value.map((entry) => entry.item) : []));

  function jumpTo(key: string): void {
    const entry = entries.value.find((candidate) => candidate.item.key === key);
    if (!entry) return;
    signIn.openProfile(entry.profileId);
    if (entry.search) navigation.reveal({ view: entry.view, search: entry.search() });
    else navigation.open(entry.view);
  }

  return { items, jumpTo };
}
