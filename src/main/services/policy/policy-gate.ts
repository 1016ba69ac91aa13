import type { Operation } from '../../../shared/contract/catalogue';
import { AppError } from '../../../shared/errors';
import { REGION_HOSTS, serviceEndpoints } from '../config/regions';
import type { Policy } from '../../../shared/model/policy';
import type { ProfileTarget } from '../../../shared/model/profile';
import { KILL_OPERATIONS } from '../audit/audit-policy';

/*
 * What the machine policy refuses before anything is sent: a service the organisation does
 * not allow, a change on a read-only organisation (`allowDestructive: false`: every operation
 * of the service but GET, the rule a read-only connection and the audit trail go by), and
 * terminating a session (`allowSessionKill: false`). The service client asks `operationRefusal`
 * before each call, so the app, the command line and `monitor serve` are held alike.
 */

/** What the organisation's policy refuses is said once, the same way everywhere. */
const ASK_IT = 'Ask your IT department if you need it.';

/** The refusal of `op` by the policy, or undefined when the policy allows it. */
export function operationRefusal(op: Operation, policy: Policy | undefined): AppError | undefined {
  if (!policy || op.service !== 'api' || op.method === 'GET') return undefined;
  if (!policy.allowDestructive) {
    return forbidden(
      `Not sent: "${op.summary}" changes something, and your organisation's policy allows no changes on this computer. ${ASK_IT}`,
      op.id,
    );
  }
  if (!policy.allowSessionKill && KILL_OPERATIONS.includes(op.id)) {
    return forbidden(
      `Not sent: your organisation's policy does not allow terminating sessions on this computer. ${ASK_IT}`,
      op.id,
    );
  }
  return undefined;
}

/**
 * The service origins the policy allows (its URLs and its regions' hosts), or undefined when
 * it names none (every service is allowed).
 */
export function allowedOrigins(policy: Policy | undefined): string[] | undefined {
  if (!policy || (!policy.allowedServiceUrls && !policy.allowedRegions)) return undefined;
  const regions = (policy.allowedRegions ?? []).map(
    (region) => `https://${REGION_HOSTS[region === 'eu' ? 'EU' : 'US']}`,
  );
  return [...(policy.allowedServiceUrls ?? []), ...regions];
}

/** The refusal of a URL the policy does not allow (`what` names it), or undefined. */
export function urlRefusal(
  url: string,
  what: string,
  policy: Policy | undefined,
): AppError | undefined {
  const allowed = allowedOrigins(policy);
  if (!allowed) return undefined;
  const origin = new URL(url).origin;
  if (allowed.includes(origin)) return undefined;
  return forbidden(
    `Not sent: ${what} ${origin} is not one your organisation's policy allows (allowed: ${allowed.join(', ')}). ${ASK_IT}`,
  );
}

/** The refusal of a connection's target (a region or a base URL) the policy does not allow. */
export function targetRefusal(
  target: ProfileTarget,
  policy: Policy | undefined,
): AppError | undefined {
  return urlRefusal(serviceEndpoints(target).baseUrl, 'the service', policy);
}

function forbidden(message: string, operation?: string): AppError {
  return new AppError({ code: 'FORBIDDEN', message, ...(operation ? { operation } : {}) });
}
