import { EmulatorHttpError } from '../http-error';
import { intBetween, pick, type Random } from '../random';
import {
  BLOCKING_SQL,
  FIRST_USER_SPID,
  SAMPLE_SQL,
  newUserSession,
  type SessionRecord,
} from './session-factory';

/** Options of {@link InstanceSessions}. */
export interface InstanceSessionsOptions {
  readonly random: Random;
  readonly now: () => number;
  /** User databases of the instance, which new sessions connect to. */
  readonly databaseNames: () => string[];
  readonly initial: readonly SessionRecord[];
}

/** One simulated second; a long pause is simulated as at most this many steps. */
const STEP_MS = 1_000;
const MAX_STEPS = 60;
const MIN_USER_SESSIONS = 6;
const MAX_USER_SESSIONS = 40;

/**
 * The live sessions of one instance. Nothing runs in the background: each read first
 * simulates the time that passed since the last one (cpuTime grows, statuses change,
 * sessions come and go, blocking chains form and clear), so an idle emulator costs nothing.
 */
export class InstanceSessions {
  readonly #options: InstanceSessionsOptions;
  readonly #sessions = new Map<number, SessionRecord>();
  #lastTick: number;
  #nextSpid: number;

  constructor(options: InstanceSessionsOptions) {
    this.#options = options;
    for (const session of options.initial) this.#sessions.set(session.sessionId, { ...session });
    this.#lastTick = options.now();
    const spids = options.initial.map((s) => s.sessionId);
    this.#nextSpid = Math.max(FIRST_USER_SPID, ...spids.map((spid) => spid + 1));
  }

  /** Every session, after simulating the time since the last read. */
  list(): SessionRecord[] {
    this.#tick();
    return [...this.#sessions.values()].sort((a, b) => a.sessionId - b.sessionId);
  }

  /** Terminates a session and releases the sessions it blocked. 404 unknown, 400 system. */
  kill(spid: number, databaseName?: string): void {
    this.#tick();
    const session = this.#sessions.get(spid);
    const onDatabase =
      databaseName === undefined ||
      session?.databaseName?.toLowerCase() === databaseName.toLowerCase();
    if (!session || !onDatabase) {
      const where = databaseName === undefined ? '' : ` on database ${databaseName}`;
      throw new EmulatorHttpError(404, `Session ${spid} does not exist${where}.`);
    }
    if (session.system) {
      throw new EmulatorHttpError(
        400,
        `Session ${spid} is a system session and cannot be terminated.`,
      );
    }
    this.#sessions.delete(spid);
    this.#releaseBlockedBy(spid, this.#options.now());
  }

  /** The database is gone: its sessions are disconnected. */
  onDatabaseRemoved(name: string): void {
    for (const session of [...this.#sessions.values()]) {
      if (!session.system && session.databaseName?.toLowerCase() === name.toLowerCase()) {
        this.#sessions.delete(session.sessionId);
        this.#releaseBlockedBy(session.sessionId, this.#options.now());
      }
    }
  }

  /** The database was renamed: its sessions follow. */
  onDatabaseRenamed(from: string, to: string): void {
    for (const session of this.#sessions.values()) {
      if (session.databaseName?.toLowerCase() === from.toLowerCase()) session.databaseName = to;
    }
  }

  #releaseBlockedBy(spid: number, now: number): void {
    for (const session of this.#sessions.values()) {
      if (session.blockingSessionId !== spid) continue;
      session.blockingSessionId = 0;
      session.status = 'running';
      session.lastRequestStartTime = now;
    }
  }

  #tick(): void {
    const now = this.#options.now();
    const steps = Math.floor((now - this.#lastTick) / STEP_MS);
    if (steps <= 0) return;
    this.#lastTick += steps * STEP_MS;
    const simulated = Math.min(steps, MAX_STEPS);
    for (let index = simulated; index > 0; index -= 1) this.#step(now - (index - 1) * STEP_MS);
  }

  #step(at: number): void {
    const random = this.#options.random;
    for (const session of this.#sessions.values()) this.#advance(session, at);
    const users = [...this.#sessions.values()].filter((s) => !s.system);
    if (users.length < MAX_USER_SESSIONS && random() < 0.06) this.#login(at);
    if (users.length > MIN_USER_SESSIONS && random() < 0.05) this.#logout(users);
    if (this.#blockers().size < 2 && random() < 0.01) this.#formChain(users, at);
  }

  #advance(session: SessionRecord, at: number): void {
    const random = this.#options.random;
    if (session.system) {
      session.cpuTime += intBetween(random, 0, 20);
      return;
    }
    if (session.blockingSessionId !== 0) {
      session.status = 'suspended';
      return;
    }
    if (this.#blockers().has(session.sessionId)) {
      // A head blocker sits on its open transaction; now and then it commits.
      if (random() < 0.003) this.#releaseBlockedBy(session.sessionId, at);
      return;
    }
    this.#changeStatus(session, at, random);
  }

  #changeStatus(session: SessionRecord, at: number, random: Random): void {
    switch (session.status) {
      case 'running':
        session.cpuTime += intBetween(random, 50, 950);
        session.memoryUsage = Math.max(2, session.memoryUsage + intBetween(random, -20, 40));
        if (random() < 0.15) {
          session.status = 'sleeping';
          session.lastRequestEndTime = at;
          session.executingSql = null;
        } else if (random() < 0.1) session.status = 'suspended';
        return;
      case 'runnable':
      case 'suspended':
        if (random() < 0.5) session.status = 'running';
        return;
      default:
        if (random() < 0.1) {
          session.status = random() < 0.7 ? 'running' : 'runnable';
          session.lastRequestStartTime = at;
          session.lastRequestEndTime = null;
          session.executingSql = pick(random, SAMPLE_SQL);
        }
    }
  }

  #blockers(): Set<number> {
    const heads = new Set<number>();
    for (const session of this.#sessions.values()) {
      if (session.blockingSessionId !== 0) heads.add(session.blockingSessionId);
    }
    return heads;
  }

  #login(at: number): void {
    const names = this.#options.databaseNames();
    if (names.length === 0) return;
    const spid = this.#nextSpid;
    this.#nextSpid += 1;
    const database = pick(this.#options.random, names);
    this.#sessions.set(spid, newUserSession(this.#options.random, spid, at, database, 0));
  }

  #logout(users: SessionRecord[]): void {
    const blockers = this.#blockers();
    const idle = users.filter(
      (s) => s.status === 'sleeping' && s.blockingSessionId === 0 && !blockers.has(s.sessionId),
    );
    if (idle.length > 0) this.#sessions.delete(pick(this.#options.random, idle).sessionId);
  }

  #formChain(users: SessionRecord[], at: number): void {
    const random = this.#options.random;
    const blockers = this.#blockers();
    const free = users.filter((s) => s.blockingSessionId === 0 && !blockers.has(s.sessionId));
    const head = free.find((s) => s.status === 'sleeping');
    const victim = free.find(
      (s) => s.status === 'running' && s !== head && s.databaseName === head?.databaseName,
    );
    if (!head || !victim) return;
    head.executingSql = BLOCKING_SQL.head;
    victim.blockingSessionId = head.sessionId;
    victim.status = 'suspended';
    victim.lastRequestStartTime = at - intBetween(random, 0, 500);
    victim.executingSql = BLOCKING_SQL.blocked;
  }
}
