import type { AuditOnFailure } from '../../services/audit/audit-failure';
import { machinePolicyOf } from '../../app/service-wiring';
import type { Policy, PolicyState } from '../../../shared/model/policy';
import { UsageError } from '../args/operation-args';

/*
 * The machine policy as the command line obeys it. The command line reads no settings file,
 * so a policy's defaults do not apply to it; its locked values do, over the flags and
 * variables that would set the same thing: the proxy (--proxy), the bandwidth limit
 * (--bandwidth, which may only go lower) and the audit failure mode
 * (DATABRIDGE_AUDIT_ON_FAILURE). Its services, changes and session kills are refused by the
 * service client (`policy-gate.ts`), as in the app.
 */

/** Where the command line says what the policy did. */
type Warn = (text: string) => void;

/**
 * The machine's policy for this run. A bad one is ignored as a whole, and said so on stderr
 * with where it is and what `policy show` tells.
 */
export async function loadCliPolicy(
  env: Readonly<Record<string, string | undefined>>,
  warn: Warn,
): Promise<PolicyState> {
  return machinePolicyOf(env, ({ path, problems }) =>
    warn(
      `warning: the machine policy ${path} is not valid and is ignored (${problems.length} problem(s)); "databridge policy show" lists them.\n`,
    ),
  );
}

/** The proxy of the run: the locked one, which a different --proxy may not replace. */
export function policyProxy(policy: Policy | undefined, given: string | undefined) {
  const locked = policy?.locked.proxyUrl;
  if (locked === undefined) return given;
  if (given !== undefined && given !== locked) {
    throw new UsageError(
      `--proxy ${given} is not allowed: your organisation set the proxy to ${locked}. Leave out --proxy.`,
    );
  }
  return locked;
}

/** The bandwidth limit of the run in MiB/s: a locked limit, which --bandwidth may only lower. */
export function policyBandwidth(
  policy: Policy | undefined,
  given: number | undefined,
): number | undefined {
  const locked = policy?.locked.bandwidthLimitMiBps;
  if (locked === undefined || locked === 0) return given;
  if (given === undefined) return locked;
  if (given === 0 || given > locked) {
    throw new UsageError(
      `--bandwidth ${given} is not allowed: your organisation limits transfers to ${locked} MiB/s. Give at most --bandwidth ${locked}, or leave it out.`,
    );
  }
  return given;
}

/**
 * The audit failure mode of the run: the locked one over DATABRIDGE_AUDIT_ON_FAILURE, saying so
 * when the variable asked for another.
 */
export function policyAuditOnFailure(
  policy: Policy | undefined,
  fromEnv: AuditOnFailure,
  envGiven: boolean,
  warn: Warn,
): AuditOnFailure {
  const locked = policy?.locked.auditOnFailure;
  if (locked === undefined) return fromEnv;
  if (envGiven && fromEnv !== locked) {
    warn(
      `warning: DATABRIDGE_AUDIT_ON_FAILURE=${fromEnv} is ignored: your organisation set the audit failure mode to "${locked}".\n`,
    );
  }
  return locked;
}
