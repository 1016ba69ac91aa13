import { shallowRef, type ShallowRef } from 'vue';

/*
 * A failed job's error on its row: the job list (JobSummary) does not carry it, so the
 * details of the failed rows — only those — are read, each once, a few at a time.
 */

/** What is known of one failed job's error. */
export type FailedJobError =
  | { readonly state: 'loading' }
  | { readonly state: 'loaded'; readonly message: string | undefined }
  | { readonly state: 'unavailable'; readonly message: string };

/** Options of {@link createFailedJobErrors}. */
export interface FailedJobErrorsOptions {
  /** Reads one job's error (the job's details); throws when it cannot. */
  readonly fetchError: (jobId: string) => Promise<string | null | undefined>;
  /** Details read at the same time, at most (default 3). */
  readonly concurrency?: number;
}

/** The errors of failed jobs, read on demand (see {@link createFailedJobErrors}). */
export interface FailedJobErrors {
  /** Every job asked for so far, by id (replaced on each change, for Vue to see). */
  readonly errors: Readonly<ShallowRef<ReadonlyMap<string, FailedJobError>>>;
  /** Asks for the errors of these jobs; the ones asked before are not read again. */
  want(jobIds: Iterable<string>): void;
  /** How many reads run now (for tests). */
  running(): number;
}

/**
 * Reads the errors of failed jobs with at most `concurrency` reads at once, each job once:
 * a job whose read failed says so (its message) and is not read again, so a list that
 * refreshes every few seconds does not hammer the service with the same failing request.
 */
export function createFailedJobErrors(options: FailedJobErrorsOptions): FailedJobErrors {
  const limit = Math.max(1, options.concurrency ?? 3);
  const errors = shallowRef<ReadonlyMap<string, FailedJobError>>(new Map());
  const waiting: string[] = [];
  let active = 0;

  const set = (jobId: string, value: FailedJobError): void => {
    errors.value = new Map(errors.value).set(jobId, value);
  };

  async function read(jobId: string): Promise<void> {
    try {
      const message = await options.fetchError(jobId);
      set(jobId, { state: 'loaded', message: message ?? undefined });
    } catch (caught) {
      const reason = caught instanceof Error ? caught.message : String(caught);
      set(jobId, { state: 'unavailable', message: `The error could not be read: ${reason}` });
    }
  }

  function pump(): void {
    while (active < limit && waiting.length > 0) {
      const jobId = waiting.shift() as string;
      active += 1;
      void read(jobId).finally(() => {
        active -= 1;
        pump();
      });
    }
  }

  function want(jobIds: Iterable<string>): void {
    let added = false;
    for (const jobId of jobIds) {
      if (errors.value.has(jobId)) continue;
      set(jobId, { state: 'loading' });
      waiting.push(jobId);
      added = true;
    }
    if (added) pump();
  }

  return { errors, want, running: () => active };
}

/** The text of a row's Error cell: the message, a dash, or "…" while it is read. */
export function failedJobErrorText(error: FailedJobError | undefined): string {
  if (!error) return '';
  if (error.state === 'loading') return '…';
  return error.message ?? '—';
}
