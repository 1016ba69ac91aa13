import type { JobEvent, TrackedJob } from '../../../shared/model/job-event';
import type { Audit } from '../../services/audit/audit-setup';
import type { JobWatcher } from '../../services/jobs/job-watcher';

/*
 * A CLI run records how the jobs it follows ended, as the app does: the same auditor turns the
 * job watcher's final event into a `jobEnded` record, linked to the call that started the job
 * by the job id. A run ends soon after it learns the end, so the records are awaited before
 * it exits.
 */

/** Records the end of each job a CLI run followed (`jobs wait`, an import or export job). */
export class CliJobEndRecorder {
  readonly #audit: Audit;
  readonly #seen = new Set<string>();
  readonly #pending: Promise<void>[] = [];

  constructor(audit: Audit) {
    this.#audit = audit;
  }

  /** Records the jobs `watcher` follows as they end; answers the unsubscribe. */
  observe(watcher: JobWatcher): () => void {
    return watcher.onDidChange((event) => this.#record(event));
  }

  /**
   * Records a job the run found already ended at its first read, so not through the watcher.
   * The command asked to follow it, so it counts as one of the run's jobs (`startedByApp`,
   * which the auditor asks for) whoever started it.
   */
  ended(job: TrackedJob): void {
    if (job.phase === 'running') return;
    this.#record({ kind: job.phase, job: { ...job, startedByApp: true } });
  }

  /** Resolves once every record asked for so far is written (or its failure logged). */
  async settled(): Promise<void> {
    await Promise.all(this.#pending);
  }

  #record(event: JobEvent): void {
    const { job } = event;
    if (job.phase === 'running' || this.#seen.has(job.jobId)) return;
    this.#seen.add(job.jobId);
    // Another run (a second `jobs wait` on the same job) or the app may have recorded this
    // end already: the auditor adds it once (see AuditTrail.appendOnce), and logs a failure.
    this.#pending.push(this.#audit.auditor.jobEnded(event));
  }
}
