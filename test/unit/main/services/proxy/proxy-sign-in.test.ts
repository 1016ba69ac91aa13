import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src/shared/errors';
import type { PortLoginInfo } from '../../../../../src/main/services/http/request-port';
import { ProxyCredentialStore } from '../../../../../src/main/services/proxy/proxy-credentials';
import {
  isLoginOf,
  loginAnswerOf,
  ProxySignIn,
} from '../../../../../src/main/services/proxy/proxy-sign-in';
import { MemorySecretStore } from '../../../../../src/main/services/secrets/secret-store';

const PROXY = 'http://proxy.corp:8080';
const OLD = { user: 'alice', password: 'old-pw' };
const NEW = { user: 'alice', password: 'new-pw' };

/** Chromium's authInfo of the proxy's NTLM question (client-request.md's 'login'). */
function proxyLogin(overrides: Partial<PortLoginInfo> = {}): PortLoginInfo {
  return { isProxy: true, scheme: 'ntlm', host: 'proxy.corp', port: 8080, realm: '', ...overrides };
}

describe('loginAnswerOf', () => {
  const state = { info: proxyLogin(), proxy: PROXY, given: undefined, stored: undefined };

  it('answers the first question with the kept credentials, else asks', () => {
    expect(loginAnswerOf({ ...state, stored: OLD })).toBe('stored');
    expect(loginAnswerOf(state)).toBe('ask');
  });

  it('takes a second question after credentials were given as their refusal', () => {
    expect(loginAnswerOf({ ...state, given: OLD, stored: OLD })).toBe('refused');
    expect(loginAnswerOf({ ...state, given: OLD, stored: undefined })).toBe('refused');
  });

  it('tries the newer credentials another request kept since these were given', () => {
    expect(loginAnswerOf({ ...state, given: OLD, stored: NEW })).toBe('stored');
  });

  it("cancels a server's question, another host's, and one without a known proxy", () => {
    expect(loginAnswerOf({ ...state, info: proxyLogin({ isProxy: false }), stored: OLD })).toBe(
      'cancel',
    );
    expect(loginAnswerOf({ ...state, info: proxyLogin({ host: 'other.corp' }) })).toBe('cancel');
    expect(loginAnswerOf({ ...state, info: proxyLogin({ port: 3128 }) })).toBe('cancel');
    expect(loginAnswerOf({ ...state, proxy: undefined })).toBe('cancel');
  });
});

describe('isLoginOf', () => {
  it("matches the proxy's host and port, the scheme's port when the URL names none", () => {
    expect(isLoginOf(proxyLogin({ host: 'PROXY.corp', port: 80 }), 'http://proxy.corp')).toBe(true);
    expect(isLoginOf(proxyLogin({ host: 'proxy.corp', port: 443 }), 'https://proxy.corp')).toBe(
      true,
    );
    expect(isLoginOf(proxyLogin({ host: '::1', port: 3128 }), 'http://[::1]:3128')).toBe(true);
    expect(isLoginOf(proxyLogin({ host: 'proxy.corp', port: 80 }), 'https://proxy.corp')).toBe(
      false,
    );
  });
});

/** A sign-in over a memory keychain whose question answers `answers` in turn, counting. */
function signInWith(...answers: unknown[]) {
  const keychain = new ProxyCredentialStore(new MemorySecretStore());
  const asked: string[] = [];
  const secrets: string[] = [];
  const signIn = new ProxySignIn({
    store: keychain,
    ask: ({ proxy }) => {
      asked.push(proxy);
      const answer = answers.shift();
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    logger: {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      addSecret: (secret) => void secrets.push(secret),
    },
  });
  return { signIn, keychain, asked, secrets };
}

describe('ProxySignIn', () => {
  it('gives the kept credentials without asking', async () => {
    const { signIn, keychain, asked, secrets } = signInWith();
    await keychain.set(PROXY, OLD);
    const answer = await signIn.forRequest(PROXY)(proxyLogin());
    expect(answer).toEqual({ kind: 'credentials', user: OLD.user, password: OLD.password });
    expect(asked).toEqual([]);
    expect(secrets).toContain(OLD.password);
  });

  it('asks when none are kept, keeps the answer, and the next request is not asked', async () => {
    const { signIn, keychain, asked } = signInWith(NEW);
    expect(await signIn.forRequest(PROXY)(proxyLogin())).toMatchObject({ kind: 'credentials' });
    expect(await keychain.get(PROXY)).toEqual(NEW);
    expect(await signIn.forRequest(PROXY)(proxyLogin())).toMatchObject({ password: NEW.password });
    expect(asked).toEqual([PROXY]);
  });

  it('asks once for the requests that ask together', async () => {
    const { signIn, asked } = signInWith(NEW, OLD);
    const both = await Promise.all([
      signIn.forRequest(PROXY)(proxyLogin()),
      signIn.forRequest(PROXY)(proxyLogin()),
    ]);
    expect(both.map((answer) => answer.kind === 'credentials' && answer.password)).toEqual([
      NEW.password,
      NEW.password,
    ]);
    expect(asked).toEqual([PROXY]);
  });

  it('fails a request asked again after its credentials, removing them; the next one asks', async () => {
    const { signIn, keychain, asked } = signInWith(NEW);
    await keychain.set(PROXY, OLD);
    const request = signIn.forRequest(PROXY);
    expect(await request(proxyLogin())).toMatchObject({ password: OLD.password });
    const refused = await request(proxyLogin());
    expect(refused.kind).toBe('cancel');
    const error = refused.kind === 'cancel' ? refused.error : undefined;
    expect(error).toBeInstanceOf(AppError);
    expect(error?.message).toContain(`The proxy ${PROXY} refused the user name and password`);
    expect(await keychain.get(PROXY)).toBeUndefined();
    expect(asked).toEqual([]);
    expect(await signIn.forRequest(PROXY)(proxyLogin())).toMatchObject({ password: NEW.password });
    expect(asked).toEqual([PROXY]);
  });

  it("cancels a server's question without a word to the keychain or the user", async () => {
    const { signIn, keychain, asked } = signInWith(NEW);
    await keychain.set(PROXY, OLD);
    expect(await signIn.forRequest(PROXY)(proxyLogin({ isProxy: false }))).toEqual({
      kind: 'cancel',
    });
    expect(await signIn.forRequest(undefined)(proxyLogin())).toEqual({ kind: 'cancel' });
    expect(asked).toEqual([]);
  });

  it("cancels with the question's own error when it is declined, keeping nothing", async () => {
    const declined = new AppError({ code: 'AUTH_REQUIRED', message: 'You did not sign in' });
    const { signIn, keychain } = signInWith(declined);
    expect(await signIn.forRequest(PROXY)(proxyLogin())).toEqual({
      kind: 'cancel',
      error: declined,
    });
    expect(await keychain.get(PROXY)).toBeUndefined();
  });
});
