import { archiveOperations } from './endpoints/archives';
import { authOperations } from './endpoints/auth';
import { clientIpOperations } from './endpoints/client-ip';
import { clusterOperations } from './endpoints/cluster';
import { databaseOperations } from './endpoints/databases';
import { databaseJobOperations } from './endpoints/databases-jobs';
import { instanceOperations, linkedServerOperations } from './endpoints/instances';
import { jobOperations } from './endpoints/jobs';
import { loginOperations } from './endpoints/logins';
import { sessionOperations } from './endpoints/sessions';
import { uploadOperations } from './endpoints/uploads';
import type { OperationDef } from './operation';
import { literalSegmentCount, matchPath, type ServiceName } from './paths';

/** Version string of the interface description this catalogue follows. */
export const INTERFACE_VERSION = '2026.07.c';

/**
 * Every operation of the interface as data: 49 of the service and 2 of the token-issuing
 * service. The HTTP client, the emulator, the CLI and the command palette all read it, so
 * a path, status code or schema is written once.
 */
export const catalogue = [
  ...archiveOperations,
  ...clusterOperations,
  ...databaseOperations,
  ...databaseJobOperations,
  ...uploadOperations,
  ...jobOperations,
  ...sessionOperations,
  ...loginOperations,
  ...clientIpOperations,
  ...instanceOperations,
  ...linkedServerOperations,
  ...authOperations,
] as const satisfies readonly OperationDef[];

/** Any operation of the catalogue, with its literal types. */
export type Operation = (typeof catalogue)[number];
/** The union of operation ids, e.g. `'databases.list'`. */
export type OperationId = Operation['id'];
/** The operation with id `Id`. */
export type OperationOf<Id extends OperationId> = Extract<Operation, { readonly id: Id }>;

const byId: ReadonlyMap<string, Operation> = new Map(catalogue.map((op) => [op.id, op]));

/** True when `value` is the id of an operation (for ids from a CLI or the command palette). */
export function isOperationId(value: string): value is OperationId {
  return byId.has(value);
}

/** The operation with id `id`. Throws for an id outside the catalogue (a programming error). */
export function operationById<Id extends OperationId>(id: Id): OperationOf<Id> {
  const op = byId.get(id);
  if (op === undefined) throw new Error(`Unknown operation id: ${id}`);
  return op as OperationOf<Id>;
}

/** An operation matched to a request path, with the decoded path parameters. */
export interface OperationMatch {
  readonly operation: Operation;
  readonly params: Record<string, string>;
}

/**
 * Operations of `service` whose path matches `pathname` (relative to the service's base
 * path), any method, most specific first (more literal segments). The emulator uses an
 * empty result for 404 and a result without the request's method for 405.
 */
export function matchOperations(service: ServiceName, pathname: string): OperationMatch[] {
  const matches: OperationMatch[] = [];
  for (const operation of catalogue) {
    if (operation.service !== service) continue;
    const params = matchPath(operation.path, pathname);
    if (params) matches.push({ operation, params });
  }
  return matches.sort(
    (a, b) => literalSegmentCount(b.operation.path) - literalSegmentCount(a.operation.path),
  );
}

/** The operation that handles `method` on `pathname` of `service`, or undefined. */
export function findOperation(
  service: ServiceName,
  method: string,
  pathname: string,
): OperationMatch | undefined {
  const upper = method.toUpperCase();
  return matchOperations(service, pathname).find((match) => match.operation.method === upper);
}
