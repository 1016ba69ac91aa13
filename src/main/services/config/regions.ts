import type { Region } from '../../../shared/contract/enums';
import { SERVICE_BASE_PATHS } from '../../../shared/contract/paths';
import type { ProfileTarget } from '../../../shared/model/profile';

/**
 * The hosts of the service's two data centers, from its public documentation. This is the
 * only place they are written: everything else derives its URLs from {@link serviceEndpoints}.
 */
export const REGION_HOSTS = {
  EU: 'api-euw1.rms.com',
  US: 'api-use1.rms.com',
} as const satisfies Record<Region, string>;

/** The two base addresses a connection talks to. */
export interface ServiceEndpoints {
  /** `{base_url}`: `https://{host}/databridge`, without a trailing slash. */
  readonly baseUrl: string;
  /** `{auth_url}`: `https://{host}/sml/auth/v1`, the token-issuing service on the same host. */
  readonly authUrl: string;
}

/**
 * The endpoints of a profile's target. A region maps to its host; a custom base URL (the
 * emulator, a private deployment) keeps its own origin and path, and its token service is
 * `/sml/auth/v1` on the same origin, as on the real hosts.
 */
export function serviceEndpoints(target: ProfileTarget): ServiceEndpoints {
  if (target.kind === 'region') {
    const origin = `https://${REGION_HOSTS[target.region]}`;
    return {
      baseUrl: origin + SERVICE_BASE_PATHS.api,
      authUrl: origin + SERVICE_BASE_PATHS.auth,
    };
  }
  const url = new URL(target.baseUrl);
  return {
    baseUrl: url.origin + url.pathname.replace(/\/+$/, ''),
    authUrl: url.origin + SERVICE_BASE_PATHS.auth,
  };
}
