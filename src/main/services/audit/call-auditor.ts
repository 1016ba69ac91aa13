import type { AuditRecord } from '../../../shared/model/audit';
import type { JobEvent } from '../../../shared/model/job-event';
import type { Profile, ProfileSecretInput } from '../../../shared/model/profile';
import type { ServiceEndpoints } from '../config/regions';
import type { CallEndListener } from '../http/call-ended';
import type { Logger } from '../log/logger';
import type { AuditTrail } from './audit-trail';
import {
  isAudited,
  outcomeOf,
  principalOf,
  redactedInput,
  secretsOf,
  targetOf,
} from './audit-policy';

/** Which program makes the changes, as records name it. */
export interface AuditSource {
  readonly kind: 'app' | 'cli';
  readonly version: string;
}

/** The connection whose calls are recorded. The secret is used to redact, never stored. */
export interface AuditSubject {
  readonly profile: Profile;
  readonly endpoints: ServiceEndpoints;
  readonly secret: ProfileSecretInput;
}

/** What a connection asks for its client's calls to be recorded. */
export interface ConnectionAudit {
  listenerFor(subject: AuditSubject): CallEndListener;
}

/** Options of {@link CallAuditor}. */
export interface CallAuditorOptions {
  readonly trail: AuditTrail;
  readonly source: AuditSource;
  readonly logger: Logger;
}

/**
 * Turns the service client's ended calls into audit records: one per call of an operation
 * that changes something, with who, where, what and how it went, never a secret. A record
 * that cannot be written is logged; the change it describes has happened either way.
 */
export class CallAuditor implements ConnectionAudit {
  readonly #options: CallAuditorOptions;

  constructor(options: CallAuditorOptions) {
    this.#options = options;
  }

  /** The listener a connection's client calls when a call ends. */
  listenerFor(subject: AuditSubject): CallEndListener {
    const { profile, endpoints } = subject;
    const secrets = secretsOf(subject.secret);
    const principal = principalOf(profile, subject.secret);
    const region = profile.target.kind === 'region' ? profile.target.region : undefined;
    const host = new URL(endpoints.baseUrl).host;
    return async (ended) => {
      if (!isAudited(ended.operation)) return;
      const input = redactedInput(ended, secrets);
      await this.#append({
        type: 'call',
        source: this.#options.source,
        profile: { id: profile.id, name: profile.name },
        principal,
        ...(region ? { region } : {}),
        host,
        operation: ended.operation.id,
        target: targetOf(ended.params),
        ...(input ? { input } : {}),
        outcome: outcomeOf(ended, secrets),
      });
    };
  }

  /**
   * Records how a job started by a recorded call ended, when the job watcher learns it
   * (`jobEnded`, linked to the call by the job id); other job events are not changes. A job
   * ends once: when the app or another command-line run recorded this end, nothing is added.
   */
  async jobEnded(event: JobEvent): Promise<void> {
    const { job } = event;
    if (event.kind === 'started' || event.kind === 'progress') return;
    if (!job.startedByApp || job.phase === 'running') return;
    const same = (r: AuditRecord) => r.type === 'jobEnded' && r.jobId === job.jobId;
    await this.#append(
      {
        type: 'jobEnded',
        source: this.#options.source,
        profile: { id: job.profileId },
        instanceName: job.instanceName,
        jobId: job.jobId,
        phase: job.phase,
        status: job.status,
        ...(job.error ? { error: job.error.slice(0, 300) } : {}),
      },
      same,
    );
  }

  /** Appends `record`; with `once`, only when no recent record is the same (see appendOnce). */
  async #append(
    record: Record<string, unknown>,
    once?: (existing: AuditRecord) => boolean,
  ): Promise<AuditRecord | undefined> {
    try {
      const { trail } = this.#options;
      return await (once ? trail.appendOnce(record, once) : trail.append(record));
    } catch (error) {
      this.#options.logger.error('Could not record a change in the audit trail', { error });
      return undefined;
    }
  }
}
