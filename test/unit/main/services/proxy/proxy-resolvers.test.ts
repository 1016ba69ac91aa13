import { describe, expect, it } from 'vitest';
import type { ProxyChoice } from '../../../../../src/main/services/proxy/proxy-choice';
import {
  cachedProxyResolver,
  fixedProxyOf,
  fixedProxyResolver,
  pacAnswerResolver,
  type ProxyResolver,
} from '../../../../../src/main/services/proxy/proxy-resolvers';

const proxies = {
  httpProxy: 'http://p:1',
  httpsProxy: 'http://s:2',
  noProxy: 'internal.corp, .lan:8443',
};

describe('fixedProxyOf', () => {
  it('takes the proxy of the scheme', () => {
    expect(fixedProxyOf(proxies, new URL('http://a.example/'))).toBe('http://p:1');
    expect(fixedProxyOf(proxies, new URL('https://a.example/'))).toBe('http://s:2');
  });

  it('honours NO_PROXY by domain and by port', () => {
    expect(fixedProxyOf(proxies, new URL('https://api.internal.corp/'))).toBeUndefined();
    expect(fixedProxyOf(proxies, new URL('https://box.lan:8443/'))).toBeUndefined();
    expect(fixedProxyOf(proxies, new URL('https://box.lan/'))).toBe('http://s:2');
  });

  it('goes direct with no proxy', () => {
    const none = { httpProxy: '', httpsProxy: '', noProxy: '' };
    expect(fixedProxyOf(none, new URL('https://a.example/'))).toBeUndefined();
  });
});

describe('fixedProxyResolver and pacAnswerResolver', () => {
  it('answer choices', async () => {
    expect(await fixedProxyResolver(proxies).resolve(new URL('https://x/'))).toEqual({
      kind: 'proxy',
      url: 'http://s:2',
    });
    const pac = pacAnswerResolver((url) =>
      Promise.resolve(url.startsWith('https://storage') ? 'PROXY st:3128' : 'DIRECT'),
    );
    expect(await pac.resolve(new URL('https://storage.example/o'))).toEqual({
      kind: 'proxy',
      url: 'http://st:3128',
    });
    expect(await pac.resolve(new URL('https://service.example/'))).toEqual({ kind: 'direct' });
  });
});

/** A resolver counting its calls, answering DIRECT, or failing while `failing` is set. */
function counting(): { resolver: ProxyResolver; calls: string[]; state: { failing: boolean } } {
  const calls: string[] = [];
  const state = { failing: false };
  return {
    calls,
    state,
    resolver: {
      resolve: (url) => {
        calls.push(url.href);
        return state.failing
          ? Promise.reject(new Error('PAC down'))
          : Promise.resolve<ProxyChoice>({ kind: 'direct' });
      },
    },
  };
}

describe('cachedProxyResolver', () => {
  it('asks once per scheme, host and port within the time, and again after it', async () => {
    let now = 1_000;
    const inner = counting();
    const cached = cachedProxyResolver(inner.resolver, { ttlMs: 60_000, now: () => now });
    await cached.resolve(new URL('https://h.example/a'));
    await cached.resolve(new URL('https://h.example/b?x=1'));
    await cached.resolve(new URL('https://h.example:8443/a'));
    await cached.resolve(new URL('http://h.example/a'));
    expect(inner.calls).toHaveLength(3);
    now += 60_000;
    await cached.resolve(new URL('https://h.example/c'));
    expect(inner.calls).toHaveLength(4);
  });

  it('keeps no failed answer', async () => {
    const inner = counting();
    const cached = cachedProxyResolver(inner.resolver, { now: () => 0 });
    inner.state.failing = true;
    await expect(cached.resolve(new URL('https://h/'))).rejects.toThrow('PAC down');
    inner.state.failing = false;
    expect(await cached.resolve(new URL('https://h/'))).toEqual({ kind: 'direct' });
    expect(inner.calls).toHaveLength(2);
  });
});
