import { describe, expect, it } from 'vitest';
import {
  describeProxyRoute,
  describeProxySource,
  withoutCredentials,
} from '../../../../../src/main/services/diagnostics/proxy-route';
import {
  fixedProxyResolver,
  pacAnswerResolver,
} from '../../../../../src/main/services/proxy/proxy-resolvers';

const ENV = {
  httpProxy: 'http://user:secret@proxy.corp:3128',
  httpsProxy: 'http://user:secret@proxy.corp:3128',
  noProxy: 'localhost,.internal.example',
};

describe('describeProxyRoute: what the dispatcher’s resolver answers, for a person', () => {
  it('names the proxy without its user name and password, and NO_PROXY hosts as direct', async () => {
    const resolver = fixedProxyResolver(ENV);
    expect(await describeProxyRoute('https://eu.api.example/', resolver)).toEqual({
      url: 'https://eu.api.example/',
      route: 'proxy',
      answer: 'PROXY http://[redacted]@proxy.corp:3128',
    });
    expect(await describeProxyRoute('https://db.internal.example/', resolver)).toMatchObject({
      route: 'direct',
      answer: 'DIRECT',
    });
  });

  it('takes a PAC answer as the dispatcher does, and says why when none can be used', async () => {
    const pac = pacAnswerResolver((url) =>
      Promise.resolve(url.includes('eu.') ? 'SOCKS5 s:1080; PROXY pac.corp:8080' : 'SOCKS s:1'),
    );
    expect(await describeProxyRoute('https://eu.api.example/', pac)).toMatchObject({
      route: 'proxy',
      answer: 'PROXY http://pac.corp:8080',
    });
    const refused = await describeProxyRoute('https://us.api.example/', pac);
    expect(refused.route).toBe('unknown');
    expect(refused.answer).toMatch(/^not resolved: .*can use none of it/);
  });
});

describe('describeProxySource', () => {
  it('says where the choices come from, with no credentials', () => {
    expect(
      describeProxySource({ kind: 'setting', proxyUrl: 'http://u:p@proxy:1/' }, 'settings'),
    ).toEqual({ source: 'settings', proxy: 'http://[redacted]@proxy:1/' });
    expect(
      describeProxySource({ kind: 'pac', pacUrl: 'http://wpad/p.pac' }, 'command line'),
    ).toEqual({ source: 'PAC file (command line)', pac: 'http://wpad/p.pac' });
    expect(
      JSON.stringify(describeProxySource({ kind: 'environment', proxies: ENV }, 'settings')),
    ).not.toContain('secret');
    expect(describeProxySource({ kind: 'system' }, 'settings').source).toMatch(/system/);
    expect(describeProxySource({ kind: 'direct' }, 'settings').source).toMatch(/^none/);
  });
});

describe('withoutCredentials', () => {
  it('keeps a URL without credentials as it is and strips them from one with', () => {
    expect(withoutCredentials('http://proxy:3128')).toBe('http://proxy:3128');
    expect(withoutCredentials('http://user:pass@proxy:3128/')).toBe(
      'http://[redacted]@proxy:3128/',
    );
    expect(withoutCredentials('not a url //user:pass@host')).toBe('not a url //[redacted]@host');
  });
});
