import type { OperationDef } from '../../../shared/contract/operation';
import type { ServiceClient } from '../../services/http/service-client';
import { UsageError } from '../args/usage-error';
import {
  dropQuestion,
  isEmptyDatabase,
  isTypedName,
  isYes,
  notConfirmedMessage,
  notDroppedMessage,
  yesNoQuestion,
  type Confirmation,
} from '../args/destructive';

/*
 * Asking the person at the terminal to confirm a destructive call (the decisions are in
 * args/destructive.ts). A drop reads the database first: its name, as the service spells it, is
 * what is typed, and an empty one is confirmed with y/N.
 */

/** Asks one question on the terminal; the line typed, or undefined when input ended. */
export type Ask = (question: string) => Promise<string | undefined>;

/** Refuses, as a usage error, a call that nobody can be asked to confirm. */
export function refuseUnconfirmed(confirmation: Confirmation): void {
  if (confirmation.kind === 'refuse') throw new UsageError(confirmation.message);
}

/** The input as the command line built it: path parameters as text. */
interface CallInput {
  readonly pathParams?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

/**
 * Asks to confirm the call when `confirmation` says so; throws a usage error when the answer
 * does not confirm it, so nothing is sent.
 */
export async function confirmOnTerminal(
  op: OperationDef,
  input: CallInput,
  confirmation: Confirmation,
  client: ServiceClient,
  ask: Ask,
): Promise<void> {
  if (confirmation.kind !== 'ask') return;
  if (confirmation.typeName) {
    const { instanceName, databaseName } = (input.pathParams ?? {}) as Record<string, string>;
    const pathParams = { instanceName: instanceName ?? '', databaseName: databaseName ?? '' };
    const database = await client.call('databases.get', { pathParams });
    if (!isEmptyDatabase(database)) {
      const answer = await ask(dropQuestion(database, pathParams.instanceName));
      if (!isTypedName(answer, database.name)) {
        throw new UsageError(notDroppedMessage(answer, database.name));
      }
      return;
    }
  }
  if (!isYes(await ask(yesNoQuestion(op, input)))) {
    throw new UsageError(notConfirmedMessage(op, input));
  }
}
