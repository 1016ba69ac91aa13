/**
 * The port to wherever secrets live. The OS keychain adapter (src/main/platform) is the
 * `keychain` kind; {@link MemorySecretStore} serves tests and the session-only mode. There is
 * deliberately no file-backed store: a secret is never written to disk in plain text.
 */
export interface SecretStore {
  readonly kind: 'keychain' | 'memory';
  /** The secret stored for `account`, or undefined when there is none. */
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  /** Removes the secret of `account`; true when there was one. */
  delete(account: string): Promise<boolean>;
}

/** Secrets held in this process's memory only, gone when it exits. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory' as const;
  readonly #secrets = new Map<string, string>();

  get(account: string): Promise<string | undefined> {
    return Promise.resolve(this.#secrets.get(account));
  }

  set(account: string, secret: string): Promise<void> {
    this.#secrets.set(account, secret);
    return Promise.resolve();
  }

  delete(account: string): Promise<boolean> {
    return Promise.resolve(this.#secrets.delete(account));
  }
}
