import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src/shared/errors';
import type { SignInState } from '../../../../../src/shared/model/session-state';
import type { TokenResponse } from '../../../../../src/shared/contract/records/auth';
import { TokenAuth, type TokenService } from '../../../../../src/main/services/auth/token-auth';
import { ServiceError } from '../../../../../src/main/services/common/service-error';
import { FakeTimers, settle } from '../../../../support/fake-timers';

const HOUR = 3600;

/** A token service that issues numbered, rotating tokens and can be told to fail. */
class FakeTokenService implements TokenService {
  logins = 0;
  refreshes = 0;
  expiresIn: number | undefined = HOUR;
  refuseLogin = false;
  refuseRefresh = false;
  networkDownOnRefresh = false;
  gate: Promise<void> | undefined;
  #serial = 0;
  #validRefresh = new Set<string>();

  #issue(): TokenResponse {
    this.#serial += 1;
    const refreshToken = `refresh-${this.#serial}`;
    this.#validRefresh.add(refreshToken);
    return {
      accessToken: `access-${this.#serial}`,
      idToken: `id-${this.#serial}`,
      refreshToken,
      tokenType: 'Bearer',
      expiresIn: this.expiresIn,
    };
  }

  loginImplicit(input: { body: { password: string } }): Promise<TokenResponse> {
    this.logins += 1;
    if (this.refuseLogin || input.body.password !== 'demo') {
      return Promise.reject(
        new ServiceError(
          { code: 'AUTH_REQUIRED', message: 'Could not sign in: x. y', status: 401 },
          'Invalid tenant, user name or password.',
        ),
      );
    }
    return Promise.resolve(this.#issue());
  }

  async refresh(input: { body: { refreshToken: string } }): Promise<TokenResponse> {
    this.refreshes += 1;
    if (this.gate) await this.gate;
    if (this.networkDownOnRefresh) {
      throw new AppError({ code: 'NETWORK', message: 'Could not renew: refused.' });
    }
    // Rotation: a refresh token works once.
    if (this.refuseRefresh || !this.#validRefresh.delete(input.body.refreshToken)) {
      throw new AppError({ code: 'AUTH_REQUIRED', message: 'Refresh token invalid.', status: 401 });
    }
    return this.#issue();
  }
}

function setup(options: { margin?: number } = {}) {
  const timers = new FakeTimers();
  const tokens = new FakeTokenService();
  const states: SignInState[] = [];
  const auth = new TokenAuth({
    profileId: 'p1',
    tenantName: 'demo',
    userName: 'admin',
    tokens,
    timers,
    now: () => timers.now,
    ...(options.margin === undefined ? {} : { refreshMarginMs: options.margin }),
  });
  auth.onDidChangeState((state) => states.push(state));
  return { timers, tokens, auth, states };
}

describe('TokenAuth', () => {
  it('signs in, sends Bearer tokens, and schedules a refresh 5 minutes before expiry', async () => {
    const { auth, timers, tokens, states } = setup();
    const state = await auth.signIn('demo');
    expect(state).toMatchObject({ status: 'signedIn', identity: 'admin' });
    expect(state.expiresAt).toBe(new Date(HOUR * 1000).toISOString());
    expect(states.map((s) => s.status)).toEqual(['signingIn', 'signedIn']);
    expect(await auth.authorization()).toBe('Bearer access-1');
    expect(timers.pending()).toEqual([HOUR * 1000 - 5 * 60_000]);
    await timers.advance(HOUR * 1000 - 5 * 60_000 - 1);
    expect(tokens.refreshes).toBe(0);
    await timers.advance(1);
    expect(tokens.refreshes).toBe(1);
    expect(await auth.authorization()).toBe('Bearer access-2');
    // The rotated refresh token is the one used next time.
    await timers.advance(HOUR * 1000);
    expect(tokens.refreshes).toBe(2);
    expect(await auth.authorization()).toBe('Bearer access-3');
  });

  it('takes one hour when the answer has no expiresIn', async () => {
    const { auth, tokens } = setup();
    tokens.expiresIn = undefined;
    const state = await auth.signIn('demo');
    expect(state.expiresAt).toBe(new Date(HOUR * 1000).toISOString());
  });

  it('refreshes once for many concurrent 401s, then every request retries', async () => {
    const { auth, tokens } = setup();
    await auth.signIn('demo');
    const sent = await auth.authorization();
    let open = (): void => undefined;
    tokens.gate = new Promise((resolve) => (open = resolve));
    const answers = Array.from({ length: 20 }, () => auth.onUnauthorized(sent));
    await settle();
    open();
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 20 }, () => true));
    expect(tokens.refreshes).toBe(1);
    // A late 401 for the old token needs no second refresh.
    expect(await auth.onUnauthorized(sent)).toBe(true);
    expect(tokens.refreshes).toBe(1);
    expect(await auth.authorization()).toBe('Bearer access-2');
  });

  it('becomes expired with AUTH_EXPIRED when the refresh is refused', async () => {
    const { auth, tokens, states } = setup();
    await auth.signIn('demo');
    const sent = await auth.authorization();
    tokens.refuseRefresh = true;
    expect(await auth.onUnauthorized(sent)).toBe(false);
    expect(auth.state.status).toBe('expired');
    expect(states.at(-1)).toMatchObject({
      status: 'expired',
      error: expect.any(String) as unknown,
    });
    await expect(auth.authorization()).rejects.toMatchObject({ code: 'AUTH_EXPIRED' });
    // Signing in again recovers.
    tokens.refuseRefresh = false;
    await auth.signIn('demo');
    expect(auth.state.status).toBe('signedIn');
  });

  it('keeps the sign-in when a scheduled refresh meets a network failure, and tries again', async () => {
    const { auth, tokens, timers } = setup({ margin: 60_000 });
    await auth.signIn('demo');
    tokens.networkDownOnRefresh = true;
    await timers.advance(HOUR * 1000 - 60_000);
    expect(tokens.refreshes).toBe(1);
    expect(auth.state.status).toBe('signedIn');
    tokens.networkDownOnRefresh = false;
    await timers.advance(30_000);
    expect(tokens.refreshes).toBe(2);
    expect(await auth.authorization()).toBe('Bearer access-2');
  });

  it('refreshes a token past its expiry before using it', async () => {
    const { auth, tokens, timers } = setup();
    await auth.signIn('demo');
    timers.clearTimeout(1); // a laptop asleep through the scheduled refresh
    timers.now += HOUR * 1000 + 1;
    expect(await auth.authorization()).toBe('Bearer access-2');
    expect(tokens.refreshes).toBe(1);
  });

  it('says single-sign-on tenants must use API keys when a login is refused', async () => {
    const { auth, states } = setup();
    const failure = auth.signIn('wrong');
    await expect(failure).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    const message = ((await failure.catch((e: unknown) => e)) as Error).message;
    expect(message).toMatch(/tenant demo as admin: Invalid tenant, user name or password/);
    expect(message).toMatch(/single sign-on .* API key/);
    expect(states.at(-1)).toMatchObject({ status: 'signedOut' });
    await expect(auth.authorization()).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
  });

  it('stops its timer on dispose', async () => {
    const { auth, timers } = setup();
    await auth.signIn('demo');
    auth.dispose();
    auth.signOut();
    expect(timers.pending()).toEqual([]);
  });
});
