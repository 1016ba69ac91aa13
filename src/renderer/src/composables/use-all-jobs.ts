import { computed, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError } from '@shared/errors';
import { mergeInstanceJobs, type AllJobRow, type JobsInstance } from '../model/jobs/all-jobs';
import { settleBounded } from '../model/lists/bounded-fan-out';
import { useInstancesStore } from '../stores/instances-store';
import { useJobsStore } from '../stores/jobs-store';
import { useProfilesStore } from '../stores/profiles-store';
import { useSignInStore } from '../stores/sign-in-store';

/**
 * How many job lists are read at once. Each instance costs one request; with a dozen
 * instances over a few connections, all at once would queue behind each other on the
 * service anyway and crowd out what the user does meanwhile.
 */
const LIST_READS = 4;

/** A connection or an instance whose list could not be read, and why. */
interface JobsFailure {
  readonly key: string;
  /** `sql-eu-test-01 · Local emulator`, or the connection's name when its instances failed. */
  readonly where: string;
  readonly error: AppError;
  /** Reads that list again. Never throws (a new error replaces the old). */
  retry(): Promise<void>;
}

/** What {@link useAllJobs} answers. */
export interface AllJobs {
  /** The instances of the open connections, as far as their lists are loaded. */
  readonly instances: ComputedRef<JobsInstance[]>;
  /** Every job loaded so far, newest first: partial while lists load or fail. */
  readonly rows: ComputedRef<AllJobRow[]>;
  /** Each connection and instance whose list failed; the others list on. */
  readonly failures: ComputedRef<JobsFailure[]>;
  /** True while lists are read. */
  readonly isLoading: Ref<boolean>;
  /** True once a first round of reads has ended. */
  readonly isLoaded: Ref<boolean>;
  /** Reads the instances of every open connection, then the job list of each. Never throws. */
  refresh(): Promise<void>;
}

/** The connections whose instances, and the instances whose jobs, could not be read. */
function failuresOf(
  profileIds: readonly string[],
  instances: readonly JobsInstance[],
  connectionName: (profileId: string) => string,
  refresh: () => Promise<void>,
): JobsFailure[] {
  const instancesStore = useInstancesStore();
  const jobs = useJobsStore();
  const ofConnections = profileIds.flatMap((profileId) => {
    const error = instancesStore.entry(profileId).error;
    return error
      ? [{ key: profileId, where: connectionName(profileId), error, retry: refresh }]
      : [];
  });
  const ofInstances = instances.flatMap((instance) => {
    const error = jobs.entryOf(instance).error;
    if (!error) return [];
    const where =
      profileIds.length > 1
        ? `${instance.instanceName} · ${instance.connectionName}`
        : instance.instanceName;
    const key = `${instance.profileId}/${instance.instanceName}`;
    const retry = () =>
      jobs.loadInstance(instance).then(
        () => undefined,
        () => undefined,
      );
    return [{ key, where, error, retry }];
  });
  return [...ofConnections, ...ofInstances];
}

/**
 * The jobs of every instance of every open connection. The service lists jobs per instance
 * only (GET `/v1/sql-instances/{instanceName}/jobs`), so this fans out over the instances, a
 * few at a time, into the jobs store's per-instance lists: the rows show as each list
 * arrives, a failing instance keeps its error beside the others, and a job the app starts
 * later lands in its instance's list through the store's watcher events.
 */
export function useAllJobs(): AllJobs {
  const signIn = useSignInStore();
  const profiles = useProfilesStore();
  const instancesStore = useInstancesStore();
  const jobs = useJobsStore();
  const isLoading = ref(false);
  const isLoaded = ref(false);

  const connectionName = (profileId: string): string => profiles.byId(profileId)?.name ?? profileId;

  const instances = computed<JobsInstance[]>(() =>
    signIn.openProfileIds.flatMap((profileId) =>
      instancesStore.entry(profileId).items.map((instance) => ({
        profileId,
        instanceName: instance.name,
        connectionName: connectionName(profileId),
      })),
    ),
  );

  const rows = computed(() =>
    mergeInstanceJobs(
      instances.value.map((instance) => ({ instance, items: jobs.entryOf(instance).items })),
    ),
  );

  const failures = computed(() =>
    failuresOf(signIn.openProfileIds, instances.value, connectionName, refresh),
  );

  async function refresh(): Promise<void> {
    isLoading.value = true;
    try {
      await settleBounded(signIn.openProfileIds, LIST_READS, (id) => instancesStore.load(id));
      await settleBounded(instances.value, LIST_READS, (instance) => jobs.loadInstance(instance));
    } finally {
      isLoading.value = false;
      isLoaded.value = true;
    }
  }

  // A connection opened or closed while the view shows: read again.
  watch(
    () => signIn.openProfileIds.join('\u0000'),
    () => void refresh(),
  );

  return { instances, rows, failures, isLoading, isLoaded, refresh };
}
