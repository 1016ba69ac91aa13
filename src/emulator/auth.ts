import type { Role } from '../shared/contract/enums';
import type { TokenResponse } from '../shared/contract/records/auth';
import { EmulatorHttpError } from './http-error';
import { TENANT_GROUPS } from './state/groups';
import { TokenSigner } from './tokens';

/** Who is calling: a user with a token, or a project with an API key. */
export interface Principal {
  /** Shown as owner of jobs and creator of archives. */
  readonly name: string;
  readonly role: Role;
  /** Ids of the security groups it belongs to (decides which secured databases a Consumer sees). */
  readonly groups: readonly string[];
  readonly via: 'apiKey' | 'token' | 'none';
}

/** The caller of the token service, which needs no credentials. */
export const ANONYMOUS: Principal = {
  name: 'anonymous',
  role: 'Consumer',
  groups: [],
  via: 'none',
};

const GROUPS_OF_ROLE: Readonly<Record<Role, readonly string[]>> = {
  Consumer: [TENANT_GROUPS.analysts.id],
  Contributor: [TENANT_GROUPS.analysts.id, TENANT_GROUPS.underwriting.id],
  Admin: Object.values(TENANT_GROUPS).map((group) => group.id),
};

/** The demo API keys (listed in README.md) and the role each is mapped to. */
export const DEMO_API_KEYS: Readonly<Record<string, Role>> = {
  'demo-admin-key': 'Admin',
  'demo-contributor-key': 'Contributor',
  'demo-consumer-key': 'Consumer',
};

/** The demo tenant of the token login. */
export const DEMO_TENANT = 'demo';
/** The demo users of the token login, user name to role. */
export const DEMO_USERS: Readonly<Record<string, Role>> = {
  admin: 'Admin',
  contributor: 'Contributor',
  consumer: 'Consumer',
};
/** The one password of every demo user. */
export const DEMO_PASSWORD = 'demo';

/** Options of {@link AuthService}. */
export interface AuthServiceOptions {
  /** Access-token lifetime in seconds. */
  readonly tokenTtlSec: number;
  readonly now: () => number;
  /** Refresh-token lifetime in seconds (default 30 days). */
  readonly refreshTtlSec?: number;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function unauthorized(message: string, error = 'invalid_token'): EmulatorHttpError {
  return new EmulatorHttpError(401, message, {
    'WWW-Authenticate': `Bearer realm="databridge", error="${error}"`,
  });
}

/**
 * Credentials of the emulator: API keys mapped to roles, and the token service (login,
 * refresh with rotation, expiry). Access tokens are checked by signature, expiry and
 * generation; refresh tokens also by a set of unused ids, since each works only once.
 */
export class AuthService {
  readonly #signer = new TokenSigner();
  readonly #unusedRefresh = new Map<string, number>();
  readonly #options: AuthServiceOptions;
  #generation = 0;

  constructor(options: AuthServiceOptions) {
    this.#options = options;
  }

  /** The principal behind an `Authorization` header; throws 401 when there is none. */
  authenticate(header: string | undefined): Principal {
    const value = header?.trim() ?? '';
    if (value === '') {
      throw unauthorized(
        'The Authorization header is missing: send an API key, or "Bearer <access token>".',
        'invalid_request',
      );
    }
    const bearer = BEARER.exec(value);
    if (!bearer) {
      const role = DEMO_API_KEYS[value];
      if (!role) throw unauthorized('The API key is not valid for this tenant.');
      return {
        name: `apikey-${role.toLowerCase()}`,
        role,
        groups: GROUPS_OF_ROLE[role],
        via: 'apiKey',
      };
    }
    const claims = this.#signer.verify(bearer[1] ?? '');
    if (!claims || claims.typ !== 'access') {
      throw unauthorized('The access token is not valid: log in again.');
    }
    if (claims.gen < this.#generation || claims.exp * 1000 <= this.#options.now()) {
      throw unauthorized('The access token has expired: refresh it or log in again.');
    }
    const role = DEMO_USERS[claims.sub] ?? 'Consumer';
    return { name: claims.sub, role, groups: GROUPS_OF_ROLE[role], via: 'token' };
  }

  /** POST login/implicit: a token set for a demo user, or 401. */
  login(tenantName: string, username: string, password: string): TokenResponse {
    const user = username.toLowerCase();
    const role = DEMO_USERS[user];
    if (tenantName.toLowerCase() !== DEMO_TENANT || !role || password !== DEMO_PASSWORD) {
      throw unauthorized('The tenant, user name or password is wrong.', 'invalid_grant');
    }
    return this.#issueSet(user, role);
  }

  /** POST login/refresh: a new token set; the refresh token used is spent (rotation). */
  refresh(refreshToken: string): TokenResponse {
    const claims = this.#signer.verify(refreshToken);
    const nowMs = this.#options.now();
    this.#forgetExpired(nowMs);
    if (!claims || claims.typ !== 'refresh' || !this.#unusedRefresh.has(claims.jti)) {
      throw unauthorized(
        'The refresh token is not valid or was already used: log in again.',
        'invalid_grant',
      );
    }
    this.#unusedRefresh.delete(claims.jti);
    return this.#issueSet(claims.sub, DEMO_USERS[claims.sub] ?? 'Consumer');
  }

  /** Expires every access token issued so far (the `expireTokens` fault). */
  expireTokens(): void {
    this.#generation += 1;
  }

  #forgetExpired(nowMs: number): void {
    for (const [jti, expMs] of this.#unusedRefresh) {
      if (expMs <= nowMs) this.#unusedRefresh.delete(jti);
    }
  }

  #issueSet(user: string, role: Role): TokenResponse {
    const iat = Math.floor(this.#options.now() / 1000);
    const ttl = this.#options.tokenTtlSec;
    const base = { sub: user, tenant: DEMO_TENANT, role, iat, gen: this.#generation };
    const access = this.#signer.issue({ ...base, typ: 'access', exp: iat + ttl });
    const id = this.#signer.issue({ ...base, typ: 'id', exp: iat + ttl });
    const refreshExp = iat + (this.#options.refreshTtlSec ?? 30 * 24 * 3600);
    const refresh = this.#signer.issue({ ...base, typ: 'refresh', exp: refreshExp });
    this.#unusedRefresh.set(refresh.claims.jti, refreshExp * 1000);
    return {
      accessToken: access.token,
      idToken: id.token,
      refreshToken: refresh.token,
      tokenType: 'Bearer',
      expiresIn: ttl,
    };
  }
}
