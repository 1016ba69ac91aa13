import { createRequire } from 'node:module';
import type { SecretStore } from '../services/secrets/secret-store';

/** The part of keytar this adapter uses (injectable, so a test can hand in a failing one). */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** Options of {@link KeytarSecretStore}. */
export interface KeytarSecretStoreOptions {
  /** The keychain "service" the entries are filed under (default `DataBridge Desktop`). */
  readonly service?: string;
  /** keytar itself, or a stand-in; by default loaded on first use. */
  readonly keytar?: KeytarModule;
}

/** Keychain service name of the app's entries. */
const KEYCHAIN_SERVICE = 'DataBridge Desktop';

/**
 * The OS keychain (macOS Keychain, Windows Credential Manager, the Secret Service on Linux)
 * through keytar. This is the ONLY file that imports keytar: its upstream is archived, and a
 * switch to Electron's safeStorage must stay a one-file change. keytar is loaded lazily so
 * that a missing or broken native module surfaces as a failed call (which the vault turns into
 * KEYCHAIN_UNAVAILABLE) instead of a crash at start-up.
 */
export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly #service: string;
  #keytar: Promise<KeytarModule> | undefined;

  constructor(options: KeytarSecretStoreOptions = {}) {
    this.#service = options.service ?? KEYCHAIN_SERVICE;
    if (options.keytar) this.#keytar = Promise.resolve(options.keytar);
  }

  async get(account: string): Promise<string | undefined> {
    const keytar = await this.#load();
    return (await keytar.getPassword(this.#service, account)) ?? undefined;
  }

  async set(account: string, secret: string): Promise<void> {
    const keytar = await this.#load();
    await keytar.setPassword(this.#service, account, secret);
  }

  async delete(account: string): Promise<boolean> {
    const keytar = await this.#load();
    return keytar.deletePassword(this.#service, account);
  }

  #load(): Promise<KeytarModule> {
    // keytar is CommonJS with a native addon: required, not imported, because the ES-module
    // loader's path into app.asar has broken in several Electron releases, while require
    // finds its unpacked .node file the way Electron documents.
    this.#keytar ??= Promise.resolve().then(() => {
      const module = createRequire(import.meta.url)('keytar') as { default?: KeytarModule };
      return module.default ?? (module as KeytarModule);
    });
    // A failed load is not cached: the user may start a keychain and try again.
    this.#keytar.catch(() => {
      this.#keytar = undefined;
    });
    return this.#keytar;
  }
}
