import type { AuditIntentRecord } from '../../../shared/model/audit';
import { IN_FLIGHT_MS } from '../../../shared/model/audit-actions';
import type { SignInState } from '../../../shared/model/session-state';
import type { ServiceClient } from '../http/service-client';
import type { Logger } from '../log/logger';
import { unknownOutcomes } from './audit-filter';
import type { AuditTrail } from './audit-trail';
import type { AuditSource } from './call-auditor';
import { readBack } from './outcome-read-back';

/*
 * The check, on the next start, of the changes whose outcome never came (the app or a
 * command-line run was killed after sending them): once a profile's connection is signed in,
 * each such change of that profile that a read can answer is read back, and what was found is
 * recorded (`outcomeChecked`), so the trail and the Audit view say whether it happened. The
 * intent stays in the trail; the check is added beside it, never in its place. A change sent
 * in the last few minutes may still be on its way, and is left for the next start.
 */

/** Options of {@link OutcomeChecker}. */
export interface OutcomeCheckerOptions {
  readonly trail: AuditTrail;
  readonly source: AuditSource;
  readonly logger: Logger;
  /** The signed-in client of a profile. */
  readonly clientOf: (profileId: string) => ServiceClient;
  readonly now?: () => number;
}

/** Reads back the unknown outcomes of each profile once it signs in (once a run). */
export class OutcomeChecker {
  readonly #options: OutcomeCheckerOptions;
  readonly #checked = new Set<string>();
  #running: Promise<void> = Promise.resolve();

  constructor(options: OutcomeCheckerOptions) {
    this.#options = options;
  }

  /** Told of sign-in states: the first time a profile is signed in, its changes are checked. */
  onState(state: SignInState): void {
    if (state.status !== 'signedIn' || this.#checked.has(state.profileId)) return;
    this.#checked.add(state.profileId);
    this.#running = this.#running.then(() => this.check(state.profileId));
  }

  /** Settles when the checks started so far are done (tests, and closing). */
  idle(): Promise<void> {
    return this.#running;
  }

  /** Checks the unknown outcomes of `profileId` now; a failure is logged, never thrown. */
  async check(profileId: string): Promise<void> {
    const { trail, logger } = this.#options;
    try {
      const list = await trail.list({ profileId });
      const before = (this.#options.now ?? Date.now)() - IN_FLIGHT_MS;
      for (const intent of unknownOutcomes(list.records)) {
        if (Date.parse(intent.time) < before) await this.#checkOne(intent);
      }
    } catch (error) {
      logger.error('Could not check the changes whose outcome never came', { profileId, error });
    }
  }

  async #checkOne(intent: AuditIntentRecord): Promise<void> {
    const { trail, source, clientOf } = this.#options;
    const found = await readBack(intent, clientOf(intent.profile.id));
    if (found === undefined) return;
    await trail.append({
      type: 'outcomeChecked',
      source,
      profile: { id: intent.profile.id },
      intentId: intent.intentId,
      operation: intent.operation,
      finding: found.finding,
      how: found.how,
    });
  }
}
