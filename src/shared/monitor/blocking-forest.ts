import type { Session } from '../contract/records/sessions';

/*
 * The blocking tree of a session snapshot, as pure functions: who blocks whom, from
 * `blockingSessionId` (0 when not blocked). A head blocker blocks others and is not blocked
 * itself; beneath it are the sessions it blocks, and beneath those the ones they block.
 */

/** One session in the blocking tree. */
export interface BlockingNode {
  readonly sessionId: number;
  /** Undefined when the blocker is not in the snapshot (a filtered-out or hidden session). */
  readonly session: Session | undefined;
  readonly children: readonly BlockingNode[];
  /** Sessions blocked beneath this one, directly or through others. */
  readonly blockedCount: number;
  /** How long this session has waited (blocked ones): now − lastRequestStartTime, ms. */
  readonly waitMs: number | undefined;
  /** The longest wait of the sessions beneath it: how long it has been blocking, ms. */
  readonly blockingMs: number;
  /** True when blockers formed a cycle and this node was made the head to break it. */
  readonly inCycle: boolean;
}

/** The blocking forest of a snapshot. */
export interface BlockingForest {
  /** Head blockers, the one blocking most (then longest) first. */
  readonly heads: readonly BlockingNode[];
  /** Every session id that blocks another. */
  readonly blockerIds: ReadonlySet<number>;
  /** Every session id that waits on another. */
  readonly blockedIds: ReadonlySet<number>;
}

/** The session that blocks `session`, or undefined (0 and a self-reference mean none). */
export function blockerOf(session: Session): number | undefined {
  const id = session.blockingSessionId;
  return id > 0 && id !== session.sessionId ? id : undefined;
}

/** How long a blocked session has waited, from its current request's start; ms, ≥ 0. */
export function waitOf(session: Session, now: number): number {
  const started = Date.parse(session.lastRequestStartTime);
  return Number.isFinite(started) ? Math.max(0, now - started) : 0;
}

/**
 * The heads: sessions (or absent ids) that block others and wait on no one present, plus one
 * member of every blocking cycle (its lowest id), whose edge to its blocker is ignored.
 */
function findHeads(
  sessions: ReadonlyMap<number, Session>,
  blockedBy: ReadonlyMap<number, number[]>,
): { heads: number[]; cycleHeads: Set<number> } {
  const heads: number[] = [];
  for (const id of blockedBy.keys()) {
    const session = sessions.get(id);
    const blocker = session ? blockerOf(session) : undefined;
    if (blocker === undefined) heads.push(id);
  }
  // Whatever is not reachable from a head sits in (or beneath) a cycle.
  const reached = new Set<number>();
  const reach = (id: number): void => {
    if (reached.has(id)) return;
    reached.add(id);
    for (const child of blockedBy.get(id) ?? []) reach(child);
  };
  heads.forEach(reach);
  const cycleHeads = new Set<number>();
  const pending = [...blockedBy.keys()].filter((id) => !reached.has(id)).sort((a, b) => a - b);
  for (const id of pending) {
    if (reached.has(id)) continue;
    // Walk up to the cycle, then take its lowest member as the head.
    const seen: number[] = [];
    let at: number | undefined = id;
    while (at !== undefined && !seen.includes(at)) {
      seen.push(at);
      const session = sessions.get(at);
      at = session ? blockerOf(session) : undefined;
    }
    const cycle = at === undefined ? seen : seen.slice(seen.indexOf(at));
    const head = Math.min(...cycle);
    cycleHeads.add(head);
    heads.push(head);
    reach(head);
  }
  return { heads, cycleHeads };
}

/** Builds the blocking forest of `sessions` at time `now` (epoch ms). Never loops on cycles. */
export function buildBlockingForest(sessions: readonly Session[], now: number): BlockingForest {
  const byId = new Map<number, Session>();
  for (const session of sessions) byId.set(session.sessionId, session);
  const blockedBy = new Map<number, number[]>();
  const blockedIds = new Set<number>();
  for (const session of sessions) {
    const blocker = blockerOf(session);
    if (blocker === undefined) continue;
    blockedIds.add(session.sessionId);
    const list = blockedBy.get(blocker) ?? [];
    list.push(session.sessionId);
    blockedBy.set(blocker, list);
  }
  const { heads, cycleHeads } = findHeads(byId, blockedBy);
  const placed = new Set<number>();
  const build = (id: number): BlockingNode => {
    placed.add(id);
    const session = byId.get(id);
    const children = (blockedBy.get(id) ?? [])
      .filter((child) => !placed.has(child) && !cycleHeads.has(child))
      .map(build)
      .sort((a, b) => (b.waitMs ?? 0) - (a.waitMs ?? 0) || a.sessionId - b.sessionId);
    const waitMs =
      session && blockedIds.has(id) && !cycleHeads.has(id) ? waitOf(session, now) : undefined;
    return {
      sessionId: id,
      session,
      children,
      blockedCount: children.reduce((sum, child) => sum + 1 + child.blockedCount, 0),
      waitMs,
      blockingMs: Math.max(0, ...children.map((c) => Math.max(c.waitMs ?? 0, c.blockingMs))),
      inCycle: cycleHeads.has(id),
    };
  };
  const roots = heads
    .map(build)
    .sort(
      (a, b) =>
        b.blockedCount - a.blockedCount || b.blockingMs - a.blockingMs || a.sessionId - b.sessionId,
    );
  return { heads: roots, blockerIds: new Set(blockedBy.keys()), blockedIds };
}

/** Head blockers that have blocked for longer than `thresholdMs`. */
export function headsBlockingLongerThan(
  forest: BlockingForest,
  thresholdMs: number,
): BlockingNode[] {
  return forest.heads.filter((head) => head.blockingMs > thresholdMs);
}
