import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { SecretStore } from '../secrets/secret-store';

/*
 * What the OS keychain holds of an audit trail, in one entry per trail folder: the trail's key
 * (32 random bytes; the HMAC of keyed records, audit-chain.ts) and its anchor (audit-anchor.ts:
 * the last record appended and where the trail should begin). Neither is ever written to the
 * trail's folder, a log or IPC: someone who can rewrite the folder cannot seal a record again
 * or move the anchor, unless they can also read and write the user's keychain.
 *
 * One entry, so an append costs one read and one write of the keychain. Both are bounded in
 * time: a keychain that does not answer (a locked keyring, a prompt nobody answers) must not
 * hold a change back for long, and the trail goes on unkeyed (audit-keys.ts).
 */

/** The anchor: what the trail must still show at the next read. */
export interface TrailAnchor {
  /** The first record sealed with the key stored with this anchor. */
  readonly keyedFrom: number;
  /**
   * The first seq of each file the trail should hold, oldest first (the current file's last):
   * the first is where the trail must begin; it moves on only when pruning deletes a file.
   */
  readonly starts: readonly number[];
  /** The last record appended. */
  readonly last: { readonly seq: number; readonly hash: string };
}

/** What the keychain answered for a trail. */
export type KeyringRead =
  | { readonly status: 'found'; readonly key: Buffer; readonly anchor: TrailAnchor }
  /** The keychain answers but holds nothing (usable) for this trail. */
  | { readonly status: 'none'; readonly damaged?: boolean }
  | { readonly status: 'unavailable'; readonly reason: string };

const EntrySchema = z.object({
  v: z.literal(1),
  key: z.string().regex(/^[A-Za-z0-9+/]{43}=$/),
  keyedFrom: z.number().int().positive(),
  starts: z.array(z.number().int().positive()),
  last: z.object({ seq: z.number().int().positive(), hash: z.string() }),
});

/** A keychain call that takes longer than this counts as a keychain that does not answer. */
const KEYCHAIN_TIMEOUT_MS = 5_000;

/**
 * The id of a trail (its folder): the same folder gives the same id in the app and the command
 * line. A hash, so the keychain entry's name says nothing of the user's paths. Windows paths
 * are compared without case, as the file system does.
 */
export function trailId(dir: string, platform: NodeJS.Platform = process.platform): string {
  const path = resolve(dir);
  const text = platform === 'win32' ? path.toLowerCase() : path;
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

/** Options of {@link TrailKeyring}. */
export interface TrailKeyringOptions {
  readonly store: SecretStore;
  /** The trail's folder. */
  readonly dir: string;
  readonly timeoutMs?: number;
}

/** The keychain entry of one trail: its key and anchor. */
export class TrailKeyring {
  readonly #store: SecretStore;
  readonly #account: string;
  readonly #timeoutMs: number;

  constructor(options: TrailKeyringOptions) {
    this.#store = options.store;
    this.#account = `audit-trail:${trailId(options.dir)}`;
    this.#timeoutMs = options.timeoutMs ?? KEYCHAIN_TIMEOUT_MS;
  }

  /** What the keychain holds for the trail. Never throws. */
  async read(): Promise<KeyringRead> {
    let raw: string | undefined;
    try {
      raw = await this.#bounded(() => this.#store.get(this.#account));
    } catch (error) {
      return { status: 'unavailable', reason: reasonOf(error) };
    }
    if (raw === undefined) return { status: 'none' };
    let entry: z.infer<typeof EntrySchema>;
    try {
      entry = EntrySchema.parse(JSON.parse(raw));
    } catch {
      // Only someone with the keychain can write it: a fresh key is made on the next append.
      return { status: 'none', damaged: true };
    }
    const { key, v: _v, ...anchor } = entry;
    return { status: 'found', key: Buffer.from(key, 'base64'), anchor };
  }

  /** Stores the key and the anchor; rejects when the keychain did not take them. */
  async write(key: Buffer, anchor: TrailAnchor): Promise<void> {
    const entry = { v: 1, key: key.toString('base64'), ...anchor };
    await this.#bounded(() => this.#store.set(this.#account, JSON.stringify(entry)));
  }

  async #bounded<T>(call: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${this.#timeoutMs / 1000} s`)),
        this.#timeoutMs,
      );
      timer.unref();
    });
    try {
      return await Promise.race([call(), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Why the keychain failed, in a few words (its message names no secret). */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.slice(0, 200) ?? 'unknown error';
}
