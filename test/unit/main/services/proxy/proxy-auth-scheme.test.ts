import { describe, expect, it } from 'vitest';
import {
  authSchemes,
  isProxyAuthRequired,
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
