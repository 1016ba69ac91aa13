import { describe, expect, it } from 'vitest';
import {
  authSchemes,
  isProxyAuthRequired,
  isSignInFailure,
  signInRefusedError,
  unsupportedSchemeError,
} from '../../../../../src/main/services/proxy/proxy-auth-scheme';
import {
  basicToken,
  checkedCredentials,
} from '../../../../../src/main/services/proxy/proxy-credentials';

describe('authSchemes', () => {
  it('reads one scheme per header and several in one', () => {
    expect(authSchemes(['Negotiate', 'NTLM', 'Basic realm="corp, proxy"'])).toEqual([
      'negotiate',
      'ntlm',
      'basic',
    ]);
    expect(authSchemes('Basic realm="x", charset="UTF-8"')).toEqual(['basic']);
    expect(authSchemes('Negotiate abc123==, Basic realm=x')).toEqual(['negotiate', 'basic']);
    expect(authSchemes(undefined)).toEqual([]);
  });
});

describe('isProxyAuthRequired', () => {
  it("knows undici's 407 errors of a tunnel and of a forwarded request", () => {
    expect(isProxyAuthRequired(new Error('Proxy response (407) !== 200 when HTTP Tunneling'))).toBe(
      true,
    );
    expect(isProxyAuthRequired(new Error('Proxy Authentication Required (407)'))).toBe(true);
    expect(isProxyAuthRequired(new Error('Proxy response (502) !== 200 when HTTP Tunneling'))).toBe(
      false,
    );
    expect(isProxyAuthRequired('407')).toBe(false);
  });
});

describe('unsupportedSchemeError', () => {
  it('says the app answers Negotiate and NTLM where this place cannot', () => {
    const error = unsupportedSchemeError('http://p:1', ['negotiate', 'ntlm']);
    expect(error).toMatchObject({ code: 'AUTH_REQUIRED' });
    expect(error.message).toBe(
      "The proxy http://p:1 asks for credentials with Negotiate, NTLM. The DataBridge app answers these with your computer's sign-in; here DataBridge answers a proxy with Basic only. Ask IT for a proxy that accepts Basic, or a bypass for the service and storage hosts (NO_PROXY, or DIRECT in the PAC file).",
    );
  });

  it('names a scheme nobody here answers, and a 407 that names none', () => {
    expect(unsupportedSchemeError('http://p:1', ['digest']).message).toBe(
      'The proxy http://p:1 asks for credentials with Digest; DataBridge answers a proxy with Basic, and the app with Negotiate or NTLM too. Ask IT for a proxy that accepts Basic, or a bypass for the service and storage hosts (NO_PROXY, or DIRECT in the PAC file).',
    );
    expect(unsupportedSchemeError('http://p:1', []).message).toContain(
      'asks for credentials with no scheme it names;',
    );
  });
});

describe('a sign-in refused through Chromium', () => {
  it("knows Chromium's auth errors of a proxy, and no other", () => {
    expect(isSignInFailure(new Error('net::ERR_PROXY_AUTH_REQUESTED'))).toBe(true);
    expect(isSignInFailure(new Error('net::ERR_PROXY_AUTH_UNSUPPORTED'))).toBe(true);
    expect(isSignInFailure(new Error('net::ERR_INVALID_AUTH_CREDENTIALS'))).toBe(true);
    expect(isSignInFailure(new Error('net::ERR_MISCONFIGURED_AUTH_ENVIRONMENT'))).toBe(true);
    expect(isSignInFailure(new Error('net::ERR_CONNECTION_REFUSED'))).toBe(false);
    expect(isSignInFailure('net::ERR_PROXY_AUTH_REQUESTED')).toBe(false);
  });

  it('is named with what to do, the original kept as its cause', () => {
    const cause = new Error('net::ERR_PROXY_AUTH_REQUESTED');
    const error = signInRefusedError('http://p:1', cause);
    expect(error).toMatchObject({ code: 'AUTH_REQUIRED', cause });
    expect(error.message).toContain(
      "The proxy http://p:1 did not accept this computer's sign-in (Negotiate or NTLM).",
    );
    expect(error.message).toContain('a Kerberos ticket (kinit)');
  });
});

describe('credentials', () => {
  it('makes the Basic value of a user name and password', () => {
    expect(basicToken({ user: 'alice', password: 'pä:ss' })).toBe(
      `Basic ${Buffer.from('alice:pä:ss').toString('base64')}`,
    );
  });

  it('refuses a user name Basic cannot carry', () => {
    expect(() => checkedCredentials({ user: 'a:b', password: 'x' }, 'http://p:1')).toThrow(
      'The user name given for the proxy http://p:1',
    );
    expect(() => checkedCredentials({ user: '', password: 'x' }, 'http://p:1')).toThrow();
    expect(checkedCredentials({ user: 'a', password: '' }, 'http://p:1')).toEqual({
      user: 'a',
      password: '',
    });
  });
});
