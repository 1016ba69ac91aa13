import type { OperationId } from '../../../shared/contract/catalogue';
import type { OperationDef } from '../../../shared/contract/operation';
import type { Database } from '../../../shared/contract/records/databases';
import { formatSizeMiB } from '../../../shared/format/units';
import { describeAction } from '../../services/http/operation-actions';

/*
 * The operations that destroy something, and how the command line has them confirmed: on a
 * terminal it asks (the database's name for a drop of a database that is not empty, y/N for the
 * others); from a script (standard input or standard error not a terminal) it refuses unless
 * `--yes` is given. Every decision here is a pure function; terminal/confirm.ts asks the questions.
 * The machine policy's and a read-only connection's refusals come before any of this
 * (connection/connection.ts).
 */

/** The input of a call as the command line built it. */
interface CallInput {
  readonly pathParams?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

/** How one destructive operation is confirmed. */
interface Destruction {
  /**
   * Only calls that remove something are confirmed (a security change that only adds groups
   * is not); undefined: every call is.
   */
  readonly when?: (input: CallInput) => boolean;
  /** The database's name is typed to confirm (unless it is empty); else y/N. */
  readonly typeName?: true;
}

/** A group operation of a security PATCH body that removes a group. */
function removesGroup(input: CallInput): boolean {
  const items: unknown[] = Array.isArray(input.body) ? input.body : [];
  return items.some((item) => {
    const operation = (item as { operation?: unknown } | null)?.operation;
    return typeof operation === 'string' && operation.toLowerCase() === 'remove';
  });
}

/** An allow-list update that removes entries (one that only adds leaves everyone in). */
function removesAclEntry(input: CallInput): boolean {
  const remove = (input.body as { removeCidrEntries?: unknown } | undefined)?.removeCidrEntries;
  return Array.isArray(remove) && remove.length > 0;
}

/**
 * The operations that destroy something: every DELETE of the service (a drop, a deleted archive
 * or login, a killed session, a removed allow-list entry or linked server) and the updates that
 * remove (security groups, allow-list entries). A test holds every DELETE, and every operation
 * whose name or summary says it removes, to being listed here.
 */
export const DESTRUCTIVE_OPERATIONS: Readonly<Partial<Record<OperationId, Destruction>>> = {
  'databases.drop': { typeName: true },
  'archives.delete': {},
  'cluster.deleteAllowedIp': {},
  'cluster.deleteAllowedRange': {},
  'cluster.overwriteAllowedIps': { when: removesAclEntry },
  'databases.updateSecurity': { when: removesGroup },
  'instances.updateSecurity': { when: removesGroup },
  'sessions.kill': {},
  'sessions.killByDatabase': {},
  'logins.delete': {},
  'linkedServers.delete': {},
};

function destructionOf(op: OperationDef): Destruction | undefined {
  return (DESTRUCTIVE_OPERATIONS as Readonly<Record<string, Destruction>>)[op.id];
}

/** True when `op` is one that can destroy something (it takes `--yes`). */
export function isDestructive(op: OperationDef): boolean {
  return destructionOf(op) !== undefined;
}

/**
 * How a destructive `op` is confirmed, as its help says it: by the database's name or y/N, and
 * always or only when the call removes something. Undefined for an operation that is not one.
 */
export function confirmationStyle(
  op: OperationDef,
): { readonly typeName: boolean; readonly onlyWhenRemoving: boolean } | undefined {
  const destruction = destructionOf(op);
  if (!destruction) return undefined;
  return {
    typeName: destruction.typeName === true,
    onlyWhenRemoving: destruction.when !== undefined,
  };
}

/** What the command must do before it sends a call. */
export type Confirmation =
  /** Send it: nothing is destroyed, or --yes confirmed it. */
  | { readonly kind: 'send' }
  /** Refuse it (a usage error): nobody can be asked. */
  | { readonly kind: 'refuse'; readonly message: string }
  /** Ask the person at the terminal; the database's name for a drop. */
  | { readonly kind: 'ask'; readonly typeName: boolean };

/** Where the command runs: whether a person can be asked, and whether --yes was given. */
export interface ConfirmationContext {
  readonly yes: boolean;
  /** Standard input and standard error are both terminals. */
  readonly interactive: boolean;
}

/** "drop database Sales on sql-eu-prod-01": the call in words. */
function actionOf(op: OperationDef, input: CallInput): string {
  return describeAction(op.id, input.pathParams ?? {});
}

/** Whether and how a call of `op` with `input` is confirmed. */
export function confirmationOf(
  op: OperationDef,
  input: CallInput,
  context: ConfirmationContext,
): Confirmation {
  const destruction = destructionOf(op);
  if (!destruction || context.yes) return { kind: 'send' };
  if (destruction.when && !destruction.when(input)) return { kind: 'send' };
  if (context.interactive) return { kind: 'ask', typeName: destruction.typeName === true };
  return {
    kind: 'refuse',
    message: `Not sent: "${actionOf(op, input)}" removes something, so it is confirmed first, and there is no terminal to ask on (standard input or standard error is not one). Add --yes to confirm it from a script.`,
  };
}

/** The y/N question for a call: `Delete archive 7d1e... of sql-eu-prod-01? [y/N] `. */
export function yesNoQuestion(op: OperationDef, input: CallInput): string {
  const action = actionOf(op, input);
  return `${action.charAt(0).toUpperCase()}${action.slice(1)}? [y/N] `;
}

/** True when the answer to a y/N question is yes. */
export function isYes(answer: string | undefined): boolean {
  return /^\s*y(es)?\s*$/i.test(answer ?? '');
}

/** A database is empty when the service says it holds nothing (0 MB). */
export function isEmptyDatabase(database: Pick<Database, 'sizeInMb'>): boolean {
  return database.sizeInMb === 0;
}

/** What a drop asks on a terminal: what is dropped, then "Type the database name to drop it:". */
export function dropQuestion(
  database: Pick<Database, 'name' | 'sizeInMb' | 'pinned'>,
  instanceName: string,
): string {
  const facts = [formatSizeMiB(database.sizeInMb), ...(database.pinned ? ['pinned'] : [])];
  return [
    `Drop database ${database.name} (${facts.join(', ')}) on ${instanceName}? The service keeps an archive of it.`,
    'Type the database name to drop it: ',
  ].join('\n');
}

/**
 * True when the typed answer is the database's name, exactly: letter case and spaces count,
 * as in the app's dialog (only the line's end is not part of it).
 */
export function isTypedName(answer: string | undefined, name: string): boolean {
  return answer?.replace(/\r?\n$/, '') === name;
}

/** Why a drop that was asked on a terminal is not sent. */
export function notDroppedMessage(answer: string | undefined, name: string): string {
  const typed = answer === undefined ? 'nothing was typed' : `"${answer}" is not its name`;
  return `Not sent: database ${name} was not dropped (${typed}). Run the command again and type ${name} to drop it.`;
}

/** Why a call asked with y/N is not sent. */
export function notConfirmedMessage(op: OperationDef, input: CallInput): string {
  return `Not sent: "${actionOf(op, input)}" was not confirmed (answer y to do it).`;
}
