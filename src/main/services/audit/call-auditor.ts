import { randomUUID } from 'node:crypto';
import type { Operation } from '../../../shared/contract/catalogue';
import type { AuditAction, AuditRecord } from '../../../shared/model/audit';
import { operationWords, targetWords } from '../../../shared/model/audit-words';
import type { JobEvent } from '../../../shared/model/job-event';
import type { Profile, ProfileSecretInput } from '../../../shared/model/profile';
import type { ServiceEndpoints } from '../config/regions';
import type { CallStartListener } from '../http/call-ended';
import type { Logger } from '../log/logger';
import { auditRefusal, causeOf, type AuditOnFailure } from './audit-failure';
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
  listenerFor(subject: AuditSubject): CallStartListener;
}

/**
 * The action of a call made outside any user action the caller named: one operation, its own
 * action (a database dropped from its menu, `databridge databases drop`).
 */
function ownAction(operation: Operation, target: Record<string, string>): AuditAction {
  return {
    id: randomUUID(),
    kind: 'operation',
    label: operationWords(operation.id),
    target: targetWords(target),
  };
}

/** Options of {@link CallAuditor}. */
export interface CallAuditorOptions {
  readonly trail: AuditTrail;
  readonly source: AuditSource;
  readonly logger: Logger;
  /**
   * What a change does when its intent cannot be written, read at each change: `refuse` (the
   * default: it is not sent) or `continue` (it is sent, `warn` is told, and its record says
   * the intent was not written).
   */
  readonly onFailure?: () => AuditOnFailure;
  /** Told when a change goes ahead unrecorded (`continue`): the CLI's stderr, the app's log. */
  readonly warn?: (message: string) => void;
}

/**
 * Turns the service client's calls into audit records, failing closed: before a call of an
 * operation that changes something is sent, its intent (who, where, what, never a secret) is
 * written and flushed, and when the intent cannot be written the call is refused. When the
 * call ends, its record says how it went; a record that cannot be written then is logged
 * (the change has happened either way), and its intent stays, an outcome unknown.
 */
export class CallAuditor implements ConnectionAudit {
  readonly #options: CallAuditorOptions;

  constructor(options: CallAuditorOptions) {
    this.#options = options;
  }

  /** The listener a connection's client calls before each call is sent. */
  listenerFor(subject: AuditSubject): CallStartListener {
    const { profile, endpoints } = subject;
    const secrets = secretsOf(subject.secret);
    const principal = principalOf(profile, subject.secret);
    const region = profile.target.kind === 'region' ? profile.target.region : undefined;
    const host = new URL(endpoints.baseUrl).host;
    return async (started) => {
      if (!isAudited(started.operation, started.action)) return undefined;
      const input = redactedInput(started, secrets);
      const target = targetOf(started.params);
      const change = {
        source: this.#options.source,
        profile: { id: profile.id, name: profile.name },
        principal,
        ...(region ? { region } : {}),
        host,
        operation: started.operation.id,
        target,
        ...(input ? { input } : {}),
        action: started.action ?? ownAction(started.operation, target),
      };
      const intent = await this.#intent(change, started.operation);
      return async (ended) => {
        await this.#append({
          type: 'call',
          ...change,
          ...intent,
          outcome: outcomeOf(ended, secrets),
        });
      };
    };
  }

  /**
   * Writes the intent of `change`; answers what its call record says of it. Refuses the change
   * (throws) when the intent cannot be written, unless the setting says to continue.
   */
  async #intent(
    change: Record<string, unknown>,
    operation: Operation,
  ): Promise<{ intentId: string } | { intentNotWritten: string }> {
    const { trail, logger } = this.#options;
    const intentId = randomUUID();
    try {
      await trail.append({ type: 'intent', intentId, ...change });
      return { intentId };
    } catch (error) {
      const cause = causeOf(error);
      if ((this.#options.onFailure?.() ?? 'refuse') === 'refuse') {
        logger.error('Refused a change the audit trail could not record', {
          operation: operation.id,
          error,
        });
        throw auditRefusal(trail.dir, operation, cause);
      }
      const message = `The audit trail (${trail.dir}) could not record "${operation.summary}" before it was sent (${cause}); the change goes ahead, as the audit failure setting says.`;
      logger.warn(message, { operation: operation.id });
      this.#options.warn?.(message);
      return { intentNotWritten: cause };
    }
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
