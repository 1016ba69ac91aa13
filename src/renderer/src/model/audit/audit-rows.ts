import type { AuditRecord } from '@shared/model/audit';
import {
  groupActions,
  type AuditActionCall,
  type AuditActionGroup,
} from '@shared/model/audit-actions';
import {
  ACTION_STATE_WORDS,
  operationWords,
  type AuditActionState,
} from '@shared/model/audit-words';

/** How long ago the Audit view looks: its "Since" choice. */
export type AuditWindow = '24h' | '7d' | '30d' | 'all';

/** The Audit view's filters, applied by main (the trail may be long). */
export interface AuditViewFilter {
  readonly window: AuditWindow;
  readonly outcome: 'all' | 'ok' | 'failed' | 'unknown';
  /** Only session kills: the kill log. */
  readonly killsOnly: boolean;
}

const WINDOW_MS: Readonly<Record<Exclude<AuditWindow, 'all'>, number>> = {
  '24h': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
  '30d': 30 * 24 * 3_600_000,
};

/** The `audit:list` input for `filter` at `now`. */
export function auditListInput(
  filter: AuditViewFilter,
  now: number,
): { since?: string; outcome?: 'ok' | 'failed' | 'unknown'; kills?: boolean } {
  return {
    ...(filter.window === 'all'
      ? {}
      : { since: new Date(now - WINDOW_MS[filter.window]).toISOString() }),
    ...(filter.outcome === 'all' ? {} : { outcome: filter.outcome }),
    ...(filter.killsOnly ? { kills: true } : {}),
  };
}

/** One API call of an action, as its row opens to show it. */
interface AuditCallRow {
  readonly key: string;
  readonly time: string;
  /** The command line's words for the operation: `uploads init`. */
  readonly operation: string;
  readonly target: string;
  readonly state: AuditActionState;
  /** `Done · 200`, `404 NOT_FOUND: …`, with the end of the job it started. */
  readonly outcome: string;
}

/** One row of the Audit view: a user action, its calls under it. */
export interface AuditRow {
  readonly key: string;
  /** The first record's seq: the rows' order. */
  readonly seq: number;
  readonly time: string;
  /** What the user did: `import`, `delete 3 archives`, `databases drop`. */
  readonly action: string;
  /** What it was done to: `sql-eu-prod-01 / Sales`. */
  readonly target: string;
  readonly connection: string;
  /** Who the connection signed in as. */
  readonly principal: string;
  readonly source: string;
  readonly state: AuditActionState;
  /** `Succeeded`, `Outcome unknown`, `In progress`, or `Failed:` and what failed. */
  readonly outcome: string;
  /** The ids of the jobs its calls started. */
  readonly jobIds: string;
  readonly calls: readonly AuditCallRow[];
  /** Every record of it, as written (its inputs among them): what "Show the records" shows. */
  readonly records: readonly AuditRecord[];
}

function callRow(call: AuditActionCall, index: number): AuditCallRow {
  return {
    key: String(call.records[0]?.seq ?? index),
    time: call.time,
    operation: operationWords(call.operation),
    target: call.target,
    state: call.state,
    outcome: call.outcome,
  };
}

/** One action's row. */
function actionRow(action: AuditActionGroup): AuditRow {
  const words = ACTION_STATE_WORDS[action.state];
  return {
    key: action.key,
    seq: action.records[0]?.seq ?? 0,
    time: action.time,
    action: action.label,
    target: action.target,
    connection: action.connection,
    principal: action.who,
    source: action.source,
    state: action.state,
    // Why it failed says what to look at; what is unknown or still runs, its calls say.
    outcome:
      action.state === 'failed' && action.message !== undefined
        ? `${words}: ${action.message}`
        : words,
    jobIds: action.calls.flatMap((call) => (call.jobId ? [call.jobId] : [])).join(', '),
    calls: action.calls.map(callRow),
    records: action.records,
  };
}

/**
 * The rows of a read of the trail, newest first: one per user action (an import, a bulk
 * action, one operation), its calls under it; a chain begun after damage is a row of its own.
 * `now` tells a change still on its way from one whose outcome never came.
 */
export function auditRows(records: readonly AuditRecord[], now: number): AuditRow[] {
  return groupActions(records, now)
    .map(actionRow)
    .sort((a, b) => b.seq - a.seq);
}
