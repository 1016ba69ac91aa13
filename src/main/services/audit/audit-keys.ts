import { randomBytes } from 'node:crypto';
import type { AuditAnchorCheck, AuditRecord } from '../../../shared/model/audit';
import type { Logger } from '../log/logger';
import type { ChainHead } from './audit-chain';
import type { KeyringRead, TrailAnchor, TrailKeyring } from './audit-keyring';
import type { ChainKey } from './audit-verify';

/*
 * The trail's key and anchor during one step under the trail's lock (an append, a read): read
 * from the keychain once at the start, moved after each record written.
 *
 * When the keychain does not answer, the trail goes on unkeyed rather than refusing changes:
 * records are sealed `v: 1` (a plain SHA-256), the anchor is neither checked nor moved, and
 * every read says so (AuditList.anchor; `audit list` and the Audit view show it). Refusing
 * would stop every change on a machine without a keychain (a server, an SSH session without
 * D-Bus), because the trail fails closed. What an unkeyed stretch loses is written in the
 * README: its records can be sealed again by anyone, until a keyed record after them and the
 * anchor pin them.
 */

type State = KeyringRead | { readonly status: 'off' };

/** The key and anchor of one locked step of the trail. */
export class TrailKeys {
  #state: State;
  #newKey: Buffer | undefined;
  readonly #keyring: TrailKeyring | undefined;
  readonly #logger: Logger;

  private constructor(state: State, keyring: TrailKeyring | undefined, logger: Logger) {
    this.#state = state;
    this.#keyring = keyring;
    this.#logger = logger;
  }

  /** Reads the keychain entry of the trail (none configured: an unkeyed trail, as in tests). */
  static async read(keyring: TrailKeyring | undefined, logger: Logger): Promise<TrailKeys> {
    const state: State = keyring ? await keyring.read() : { status: 'off' };
    // Never written to a log; registered so that a line quoting it by mistake is redacted.
    if (state.status === 'found') logger.addSecret?.(state.key.toString('base64'));
    if (state.status === 'unavailable') {
      logger.warn('The OS keychain did not answer: the audit trail is not keyed this time', {
        reason: state.reason,
      });
    }
    return new TrailKeys(state, keyring, logger);
  }

  /** The key new records are sealed with: the trail's, or a new one; none without keychain. */
  sealKey(): Buffer | undefined {
    if (this.#state.status === 'found') return this.#state.key;
    if (this.#state.status !== 'none') return undefined;
    if (!this.#newKey) {
      this.#newKey = randomBytes(32);
      this.#logger.addSecret?.(this.#newKey.toString('base64'));
    }
    return this.#newKey;
  }

  /** The key keyed records are verified with, and from which record it sealed them. */
  chainKey(): ChainKey | undefined {
    if (this.#state.status !== 'found') return undefined;
    return { key: this.#state.key, keyedFrom: this.#state.anchor.keyedFrom };
  }

  /** The anchor the keychain holds; undefined when it holds none or does not answer. */
  anchor(): TrailAnchor | undefined {
    return this.#state.status === 'found' ? this.#state.anchor : undefined;
  }

  /** True when the keychain answers, so records are keyed and the anchor follows them. */
  get isKeyed(): boolean {
    return this.#state.status === 'found' || this.#state.status === 'none';
  }

  /**
   * Moves the anchor to `last`, with the files the trail should now hold (`starts`). Answers
   * whether the keychain took it; a failure is logged: the anchor lags behind, which the next
   * keyed append catches up (a lagging anchor reports nothing; one ahead reports a cut).
   */
  async anchorTo(last: ChainHead, starts: readonly number[]): Promise<boolean> {
    const key = this.sealKey();
    if (!this.#keyring || !key) return false;
    const before = this.anchor();
    const anchor: TrailAnchor = {
      keyedFrom: Math.min(before?.keyedFrom ?? last.seq, last.seq),
      starts: [...starts],
      last: { seq: last.seq, hash: last.hash },
    };
    try {
      await this.#keyring.write(key, anchor);
      this.#state = { status: 'found', key, anchor };
      return true;
    } catch (error) {
      this.#logger.warn('The audit trail could not move its anchor in the OS keychain', {
        seq: last.seq,
        reason: error instanceof Error ? error.message : String(error),
      });
      return false;
    }
  }

  /** What a read could check against the keychain, for the trail's `records` (all of them). */
  check(records: readonly AuditRecord[]): AuditAnchorCheck | undefined {
    const unkeyed = records.filter((record) => record.v === 1).length;
    const state = this.#state;
    switch (state.status) {
      case 'off':
        return undefined;
      case 'found':
        return { keyed: true, unkeyed };
      case 'unavailable':
        return {
          keyed: false,
          reason: `the OS keychain did not answer (${state.reason}), so the keyed records and the anchor could not be checked`,
          unkeyed,
        };
      case 'none':
        return records.length === 0
          ? undefined
          : { keyed: false, reason: noneReason(state, records), unkeyed };
    }
  }
}

function noneReason(state: { damaged?: boolean }, records: readonly AuditRecord[]): string {
  const keyed = records.length - records.filter((record) => record.v === 1).length;
  if (state.damaged) {
    return 'the OS keychain entry of this trail was unreadable; the next change stores a new key and anchor';
  }
  if (keyed > 0) {
    return `the OS keychain holds no key for this trail, though ${keyed} of its records were keyed (its entry was deleted, or the trail comes from another account); the next change starts a new key`;
  }
  return 'the OS keychain holds no key for this trail yet; the next change creates it';
}
