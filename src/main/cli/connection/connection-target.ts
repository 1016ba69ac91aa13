import { UsageError } from '../args/operation-args';
import type { RunOptions } from '../args/options';

/*
 * Where a run connects is said once. A saved connection (--profile) carries its own service,
 * so a --base-url or --region beside it would either be ignored (the run goes to the profile's
 * service while the user believes it goes elsewhere: a drop meant for a test host reaching
 * production) or win over the profile (its stored secret sent to a host it was not given
 * for). Neither is what the command line says, so the pair is refused before anything is read
 * or sent.
 */

/** The options that name a service instead of a saved connection. */
const SERVICE_OPTIONS = ['base-url', 'region'] as const;

/**
 * Throws a {@link UsageError} when `--profile` comes with `--base-url` or `--region`, naming
 * both and saying to give one or the other.
 */
export function checkOneTarget(options: Pick<RunOptions, 'profile' | 'base-url' | 'region'>): void {
  if (options.profile === undefined) return;
  const other = SERVICE_OPTIONS.find((name) => options[name] !== undefined);
  if (other === undefined) return;
  const value = other === 'base-url' ? 'URL' : 'EU|US';
  throw new UsageError(
    `--profile and --${other} both say where to connect, and the saved connection "${options.profile}" has its own service. ` +
      `Give one or the other: --profile ${quoted(options.profile)} alone, or --${other} ${value} without --profile.`,
  );
}

/** The profile name as it would be typed again (quoted when it holds a space). */
function quoted(name: string): string {
  return /[\s"']/.test(name) ? JSON.stringify(name) : name;
}
