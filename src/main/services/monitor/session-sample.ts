import type { Session } from '../../../shared/contract/records/sessions';
import type { HeadBlocker, MonitorSample } from '../../../shared/model/monitor';
import { buildBlockingForest, type BlockingNode } from '../../../shared/monitor/blocking-forest';

/** The heads a state carries at most (an alert names fewer). */
const MAX_HEADS = 20;

/** What the jobs of an instance add to a sample. */
export interface JobCounts {
  readonly running: number;
  /** Jobs that ended Failed since the previous sample. */
  readonly failed: number;
}

/** A sample of one instance's sessions, with its head blockers. */
export interface SessionSample {
  readonly sample: MonitorSample;
  readonly heads: readonly HeadBlocker[];
}

function depthOf(node: BlockingNode): number {
  let deepest = 0;
  for (const child of node.children) deepest = Math.max(deepest, 1 + depthOf(child));
  return deepest;
}

function headOf(node: BlockingNode): HeadBlocker {
  const session = node.session;
  return {
    sessionId: node.sessionId,
    ...(session
      ? {
          loginName: session.loginName,
          loginTime: session.loginTime,
          hostName: session.hostName,
          programName: session.programName,
        }
      : {}),
    blockedCount: node.blockedCount,
    blockingMs: node.blockingMs,
    depth: depthOf(node),
  };
}

/**
 * One sample of an instance from its sessions at `now`: counts by status, the blocking
 * forest's heads (most blocking first), the deepest chain and the longest wait, and the job
 * counts the monitor keeps beside it. Pure: the same sessions give the same sample.
 */
export function sampleSessions(
  sessions: readonly Session[],
  now: number,
  jobs: JobCounts,
): SessionSample {
  let running = 0;
  let sleeping = 0;
  for (const session of sessions) {
    if (session.status === 'running') running += 1;
    else if (session.status === 'sleeping') sleeping += 1;
  }
  const forest = buildBlockingForest(sessions, now);
  const heads = forest.heads.slice(0, MAX_HEADS).map(headOf);
  const sample: MonitorSample = {
    at: now,
    sessions: sessions.length,
    running,
    sleeping,
    blocked: forest.blockedIds.size,
    headBlockers: forest.heads.length,
    longestWaitMs: Math.max(0, ...forest.heads.map((head) => head.blockingMs)),
    chainDepth: forest.heads.reduce((deepest, head) => Math.max(deepest, depthOf(head)), 0),
    jobsRunning: jobs.running,
    jobsFailed: jobs.failed,
  };
  return { sample, heads };
}
