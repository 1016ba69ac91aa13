import { describe, expect, it } from 'vitest';
import { AuthService } from '../../../src/emulator/auth';
import { EmulatorHttpError } from '../../../src/emulator/http-error';

function service(ttl = 60) {
  let clock = 1_800_000_000_000;
  const auth = new AuthService({ tokenTtlSec: ttl, now: () => clock, refreshTtlSec: 3600 });
  return { auth, advance: (ms: number) => (clock += ms) };
}

function status(action: () => unknown): number | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return error instanceof EmulatorHttpError ? error.status : -1;
  }
}

describe('AuthService', () => {
  it('maps API keys to roles and groups', () => {
    const { auth } = service();
    expect(auth.authenticate('demo-consumer-key')).toMatchObject({
      role: 'Consumer',
      via: 'apiKey',
    });
    expect(auth.authenticate(' demo-admin-key ').groups.length).toBeGreaterThan(1);
    expect(status(() => auth.authenticate(undefined))).toBe(401);
    expect(status(() => auth.authenticate('demo-admin-key-2'))).toBe(401);
  });

  it('expires access tokens at their TTL', () => {
    const { auth, advance } = service(60);
    const set = auth.login('DEMO', 'Contributor', 'demo');
    expect(auth.authenticate(`Bearer ${set.accessToken}`)).toMatchObject({
      name: 'contributor',
      role: 'Contributor',
    });
    expect(status(() => auth.authenticate(`bearer ${set.idToken}`))).toBe(401);
    advance(59_000);
    expect(status(() => auth.authenticate(`Bearer ${set.accessToken}`))).toBeUndefined();
    advance(1_000);
    expect(status(() => auth.authenticate(`Bearer ${set.accessToken}`))).toBe(401);
  });

  it('rotates refresh tokens and forgets expired ones', () => {
    const { auth, advance } = service();
    const set = auth.login('demo', 'admin', 'demo');
    const next = auth.refresh(set.refreshToken);
    expect(status(() => auth.refresh(set.refreshToken))).toBe(401);
    advance(3_600_000);
    expect(status(() => auth.refresh(next.refreshToken))).toBe(401);
  });

  it('rejects a tampered token', () => {
    const { auth } = service();
    const { accessToken } = auth.login('demo', 'consumer', 'demo');
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    expect(status(() => auth.authenticate(`Bearer ${header}.${forged}.${signature}`))).toBe(401);
  });
});
