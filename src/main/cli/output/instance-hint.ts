import type { ServiceClient } from '../../services/http/service-client';
import { isAppError } from '../../../shared/errors';
import { editDistance } from '../../../shared/filter/suggest';

/*
 * After a "not found" that names an instance, the CLI reads the tenant's instances and, when
 * the name given is not among them, says so with the names closest to it: a mistyped
 * instance is the commonest reason, and the advice then names instances that exist. When the
 * list cannot be read (no role for it, the network), nothing more is said.
 */

/** How many of the closest names are shown. */
const CLOSEST = 3;

/** The names of `known` closest to `name` (letter case aside), nearest first. */
export function closestNames(name: string, known: readonly string[], count = CLOSEST): string[] {
  const wanted = name.toLowerCase();
  return known
    .map((candidate) => ({ candidate, distance: editDistance(wanted, candidate.toLowerCase()) }))
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map(({ candidate }) => candidate);
}

/** The error code of a thrown error, for {@link unknownInstanceHint}. */
export function codeOf(error: unknown): string | undefined {
  return isAppError(error) ? error.code : undefined;
}

/**
 * The line that says an instance does not exist, with the closest known names; undefined
 * when the failure (its error code) is not a "not found", the instance exists, or the list
 * cannot be read.
 */
export async function unknownInstanceHint(
  code: string | undefined,
  instanceName: string | undefined,
  listNames: () => Promise<readonly string[]>,
): Promise<string | undefined> {
  if (instanceName === undefined || (code !== 'NOT_FOUND' && code !== 'GONE')) return undefined;
  let known: readonly string[];
  try {
    known = await listNames();
  } catch {
    return undefined;
  }
  if (known.some((name) => name.toLowerCase() === instanceName.toLowerCase())) return undefined;
  const closest = closestNames(instanceName, known);
  const which = closest.length
    ? `; the closest known: ${closest.join(', ')}`
    : '; the tenant has no instances';
  return `  instance "${instanceName}" is not one of the tenant's${which} (\`databridge instances list\` lists them all).\n`;
}

/** The instance names a client can read (the instances list operation). */
export function instanceNamesOf(client: Pick<ServiceClient, 'call'>): () => Promise<string[]> {
  return async () =>
    (await client.call('instances.list', { pathParams: {} })).map((instance) => instance.name);
}
