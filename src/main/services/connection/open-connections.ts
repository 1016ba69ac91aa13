import type {
  OpenConnection,
  OpenConnections,
  ReopenProblem,
} from '../../../shared/model/open-connections';
import type { SignInState } from '../../../shared/model/session-state';
import { Emitter, type Subscription } from '../common/emitter';
import { silentLogger, type Logger } from '../log/logger';
import type { ProfileStore } from '../profiles/profile-store';
import type { SecretVault } from '../secrets/secret-vault';
import type { ConnectionManager } from './connection-manager';
import { reopenConnection } from './connection-reopen';
import { readOpenProfileIds, writeOpenProfileIds } from './open-connections-file';

/** Options of {@link OpenConnectionsService}. */
export interface OpenConnectionsOptions {
  /** `<dataDir>/open-connections.json`: ids only, never a secret. */
  readonly file: string;
  readonly profiles: ProfileStore;
  readonly secrets: SecretVault;
  readonly connections: ConnectionManager;
  readonly logger?: Logger;
}

/**
 * Which profiles are open in the explorer. Main keeps the list, not the window: a reloaded
 * renderer asks for it (its own copy is gone), every window gets its changes, and the list is
 * written to the data folder as it changes, so the next start reopens the same connections
 * ({@link reopen}). How reopening went is kept per profile until it is signed in or closed.
 */
export class OpenConnectionsService {
  readonly #options: OpenConnectionsOptions;
  readonly #logger: Logger;
  readonly #onDidChange = new Emitter<OpenConnections>();
  readonly #reopening = new Set<string>();
  readonly #problems = new Map<string, ReopenProblem>();
  readonly #abort = new AbortController();
  readonly #stopFollowing: Subscription;
  #ids: string[] = [];
  #saving: Promise<void> = Promise.resolve();

  constructor(options: OpenConnectionsOptions) {
    this.#options = options;
    this.#logger = options.logger ?? silentLogger;
    this.#stopFollowing = options.connections.onDidChangeState((state) => this.#follow(state));
  }

  /** Reads the list of the last run; ids of profiles deleted since are dropped. */
  async load(): Promise<OpenConnections> {
    const saved = await readOpenProfileIds(this.#options.file, this.#logger);
    const known = new Set(this.#options.profiles.list().map((profile) => profile.id));
    this.#ids = [...new Set(saved)].filter((id) => known.has(id));
    return this.list();
  }

  /** The open profiles, in the order they were opened. */
  list(): OpenConnections {
    return { connections: this.#ids.map((id) => this.#entry(id)) };
  }

  /** Calls `listener` with the whole list whenever it changes; returns unsubscribe. */
  onDidChange(listener: (list: OpenConnections) => void): Subscription {
    return this.#onDidChange.event(listener);
  }

  /** Opens a profile in the explorer (NOT_FOUND for a profile that does not exist). */
  async open(profileId: string): Promise<OpenConnections> {
    this.#options.profiles.get(profileId);
    if (!this.#ids.includes(profileId)) {
      this.#ids = [...this.#ids, profileId];
      this.#changed();
      await this.#save();
    }
    return this.list();
  }

  /** Closes a profile in the explorer; closing one that is not open does nothing. */
  async close(profileId: string): Promise<OpenConnections> {
    if (this.#ids.includes(profileId)) {
      this.#ids = this.#ids.filter((id) => id !== profileId);
      this.#problems.delete(profileId);
      this.#reopening.delete(profileId);
      this.#changed();
      await this.#save();
    }
    return this.list();
  }

  /**
   * Signs in again every profile of the list, all at once, so that one that hangs or fails
   * does not hold up the others. Each outcome is kept on its entry; nothing throws.
   */
  async reopen(): Promise<void> {
    const ids = this.#ids.filter((id) => !this.#options.connections.isConnected(id));
    if (ids.length === 0) return;
    for (const id of ids) this.#reopening.add(id);
    this.#changed();
    await Promise.all(ids.map((id) => this.#reopenOne(id)));
  }

  /** Stops reopening and listening (the file is already written). */
  dispose(): void {
    this.#abort.abort();
    this.#stopFollowing();
    this.#onDidChange.dispose();
  }

  async #reopenOne(profileId: string): Promise<void> {
    const { profiles, secrets, connections } = this.#options;
    const signal = this.#abort.signal;
    const problem = await reopenConnection(profiles.get(profileId), {
      secrets,
      connections,
      logger: this.#logger,
      signal,
    });
    this.#reopening.delete(profileId);
    // Closed meanwhile, or the app is stopping: there is nothing left to tell.
    if (signal.aborted || !this.#ids.includes(profileId)) return;
    if (problem && connections.state(profileId).status !== 'signedIn') {
      this.#logger.warn('A connection of the last run was not reopened', {
        profileId,
        kind: problem.kind,
        code: problem.code,
      });
      this.#problems.set(profileId, problem);
    }
    this.#changed();
  }

  #entry(profileId: string): OpenConnection {
    const problem = this.#problems.get(profileId);
    return {
      profileId,
      isReopening: this.#reopening.has(profileId),
      ...(problem ? { problem } : {}),
    };
  }

  /** A sign-in that worked, however it was made, ends the problem of reopening. */
  #follow(state: SignInState): void {
    if (state.status === 'signedIn' && this.#problems.delete(state.profileId)) this.#changed();
  }

  #changed(): void {
    this.#onDidChange.fire(this.list());
  }

  /**
   * Writes the list as it is when the write starts, one write after the other, so the file
   * ends with the latest list. A failed write is logged: the explorer shows what is open
   * either way, and only the next start's reopening would miss it.
   */
  #save(): Promise<void> {
    this.#saving = this.#saving.then(async () => {
      try {
        await writeOpenProfileIds(this.#options.file, this.#ids);
      } catch (error) {
        this.#logger.warn('Could not remember which connections are open', { error });
      }
    });
    return this.#saving;
  }
}
