import { catalogue, type Operation, type OperationId } from '../../../shared/contract/catalogue';
import type { Session } from '../../../shared/contract/records/sessions';
import { buildBlockingForest } from '../../../shared/monitor/blocking-forest';
import type { ServiceClient } from '../../services/http/service-client';
import { UsageError } from '../args/operation-args';
import { failureLine, failureOf } from '../output/exit-codes';
import { listOptionsOf, type ListArgs } from '../args/list-args';

/*
 * `--all-instances`: one list of the profile's instances (instances list), the operation's
 * list on each of them a few at a time, and one array whose records carry `instanceName`, so
 * a table shows the instance as a column. An instance whose list fails is said on stderr and
 * left out; the others are still printed, and the run ends with the failure exit code. The
 * filters (`--status`, `--since`, `--blocking`) are applied to each instance's list, with or
 * without `--all-instances`.
 */

/** Lists asked of the service at once: enough to be quick, few enough to stay polite. */
export const INSTANCES_AT_ONCE = 4;

/** Calls one operation and answers its data (the CLI's service client, or a test's). */
export type ListCall = (id: OperationId, input: Record<string, unknown>) => Promise<unknown>;

/** The list options of a run, checked against its operation. */
export interface ListPlan {
  readonly operation: Operation;
  readonly allInstances: boolean;
  /** Known statuses to keep, as the contract spells them. */
  readonly statuses?: readonly string[];
  readonly sinceMs?: number;
  readonly sinceFields: readonly string[];
  readonly blocking: boolean;
}

/** `databases.list` -> `databases list`, as the CLI takes it. */
function command(op: Operation): string {
  return op.id.replace('.', ' ');
}

function takers(pick: (op: Operation) => boolean): string {
  return catalogue.filter(pick).map(command).join(', ');
}

/** The statuses `--status` names, matched in any letter case; a usage error lists them. */
function statusesOf(given: string, known: readonly string[]): string[] {
  return given.split(',').map((word) => {
    const found = known.find((name) => name.toLowerCase() === word.trim().toLowerCase());
    if (found === undefined) {
      throw new UsageError(`--status must be one of ${known.join(', ')}; got "${word.trim()}".`);
    }
    return found;
  });
}

/**
 * The plan of `list` for `operation`: every option checked against what the operation's
 * records carry. `instanceName` is the instance given, if any. Throws {@link UsageError}.
 */
export function planList(operation: Operation, list: ListArgs, instanceName?: string): ListPlan {
  const can = listOptionsOf(operation);
  if (list.allInstances && !can.allInstances) {
    throw new UsageError(
      `--all-instances works with the lists of one instance: ${takers((op) => listOptionsOf(op).allInstances)}.`,
    );
  }
  if (list.allInstances && instanceName !== undefined) {
    throw new UsageError('Give --instanceName or --all-instances, not both.');
  }
  if (list.status !== undefined && can.status === undefined) {
    throw new UsageError(
      `--status works with lists whose records have a status: ${takers((op) => listOptionsOf(op).status !== undefined)}.`,
    );
  }
  if (list.sinceMs !== undefined && can.since.length === 0) {
    throw new UsageError(
      `--since works with lists whose records have a time: ${takers((op) => listOptionsOf(op).since.length > 0)}.`,
    );
  }
  if (list.blocking && !can.blocking) {
    throw new UsageError(`--blocking works with ${takers((op) => listOptionsOf(op).blocking)}.`);
  }
  return {
    operation,
    allInstances: list.allInstances,
    ...(list.status !== undefined && can.status
      ? { statuses: statusesOf(list.status, can.status) }
      : {}),
    ...(list.sinceMs === undefined ? {} : { sinceMs: list.sinceMs }),
    sinceFields: can.since,
    blocking: list.blocking,
  };
}

type Row = Record<string, unknown>;

/** The records of one instance's answer the filters keep. */
function filterRecords(plan: ListPlan, data: unknown, now: number): Row[] {
  let rows = (Array.isArray(data) ? data : []) as Row[];
  const { statuses, sinceMs } = plan;
  if (statuses) rows = rows.filter((row) => statuses.includes(String(row['status'])));
  if (sinceMs !== undefined) {
    const from = now - sinceMs;
    rows = rows.filter((row) =>
      plan.sinceFields.some((name) => {
        const time = typeof row[name] === 'string' ? Date.parse(row[name]) : Number.NaN;
        return time >= from;
      }),
    );
  }
  if (plan.blocking) {
    // The blocking tree of this instance's snapshot: session ids are per instance.
    const forest = buildBlockingForest(rows as unknown as Session[], now);
    rows = rows.filter((row) => {
      const id = Number(row['sessionId']);
      return forest.blockerIds.has(id) || forest.blockedIds.has(id);
    });
  }
  return rows;
}

/** Runs `work` on every item, at most `limit` at once; answers the results in item order. */
async function eachAtMost<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** One run of a list across the instances. */
export interface ListedRecords {
  readonly records: Row[];
  /** The instances whose list failed (said on stderr). */
  readonly failed: readonly string[];
}

/** What {@link listRecords} reports to. */
export interface ListReport {
  readonly stderr: (text: string) => void;
  readonly redact: (text: string) => string;
  readonly now?: () => number;
}

/**
 * The plan's list: of the instance in `input` alone, or of every instance of the profile
 * (each record with `instanceName` first). A failed instance is reported and left out.
 */
export async function listRecords(
  plan: ListPlan,
  input: Record<string, unknown>,
  call: ListCall,
  report: ListReport,
): Promise<ListedRecords> {
  const now = report.now ?? Date.now;
  const id = plan.operation.id;
  if (!plan.allInstances)
    return { records: filterRecords(plan, await call(id, input), now()), failed: [] };
  const instances = (await call('instances.list', { pathParams: {} })) as { name: string }[];
  const names = instances.map((instance) => instance.name);
  const failed: string[] = [];
  const lists = await eachAtMost(names, INSTANCES_AT_ONCE, async (instanceName) => {
    try {
      const data = await call(id, { ...input, pathParams: { instanceName } });
      return filterRecords(plan, data, now()).map((row) => ({ instanceName, ...row }));
    } catch (error) {
      failed.push(instanceName);
      const line = failureLine(failureOf(error), report.redact);
      report.stderr(line.replace(/^error (\S+):/, `error $1 on instance ${instanceName}:`));
      return [];
    }
  });
  if (failed.length > 0) {
    report.stderr(
      `warning: ${failed.length} of ${names.length} instances could not be listed (${failed.join(', ')}); the list lacks their records.\n`,
    );
  }
  return { records: lists.flat(), failed };
}

/** The input `prepareRequest` checks for a run on every instance: a stand-in instance name. */
export function inputToCheck(
  plan: ListPlan,
  input: Record<string, unknown>,
): Record<string, unknown> {
  // The names come from the service later; every other part of the input is checked now.
  return plan.allInstances ? { ...input, pathParams: { instanceName: 'each-instance' } } : input;
}

/** The service client as {@link listAnswer} uses it. */
type AnswerClient = Pick<ServiceClient, 'callWithHeaders'>;

/**
 * The plan's list as an answer to print (status, headers, data), and whether every instance
 * answered (a run that lacks some ends with the failure exit code).
 */
export async function listAnswer(
  plan: ListPlan,
  input: Record<string, unknown>,
  client: AnswerClient,
  report: ListReport,
): Promise<{
  answer: { status: number; headers: Record<string, string>; data: unknown };
  complete: boolean;
}> {
  const call: ListCall = async (id, given) => (await client.callWithHeaders(id, given)).data;
  const listed = await listRecords(plan, input, call, report);
  return {
    answer: { status: 200, headers: {}, data: listed.records },
    complete: listed.failed.length === 0,
  };
}
