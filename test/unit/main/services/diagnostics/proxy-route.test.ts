import { describe, expect, it } from 'vitest';
import {
  describeProxyRoute,
  withoutCredentials,
} from '../../../../../src/main/services/diagnostics/proxy-route';

const PROXY = 'http://bob:hunter22@proxy.corp:3128';

describe('describeProxyRoute', () => {
  it('names the proxy and its source, without its user name and password', () => {
    const route = describeProxyRoute(
      'https://api-euw1.rms.com/databridge',
      { httpProxy: '', httpsProxy: PROXY, noProxy: '' },
      'settings',
    );
    expect(route).toEqual({
      url: 'https://api-euw1.rms.com/databridge',
      route: 'proxy',
      reason: 'the settings proxy',
      proxy: 'http://[redacted]@proxy.corp:3128/',
    });
  });

  it('goes direct for a NO_PROXY match, as undici matches: suffix, leading dot, port, *', () => {
    const network = (noProxy: string) => ({ httpProxy: PROXY, httpsProxy: PROXY, noProxy });
    const direct = (url: string, noProxy: string) =>
      describeProxyRoute(url, network(noProxy), 'environment').route;
    expect(direct('https://api-euw1.rms.com/x', 'rms.com')).toBe('direct');
    expect(direct('https://api-euw1.rms.com/x', '.rms.com')).toBe('direct');
    expect(direct('https://rms.com/x', '*.rms.com')).toBe('proxy');
    expect(direct('https://api.rms.com/x', '*.rms.com')).toBe('direct');
    expect(direct('http://127.0.0.1:7420/x', '127.0.0.1:7420')).toBe('direct');
    expect(direct('http://127.0.0.1:7421/x', '127.0.0.1:7420')).toBe('proxy');
    expect(direct('https://anything.example/x', 'none.invalid, *')).toBe('direct');
    expect(direct('https://notrms.com/x', 'rms.com')).toBe('proxy');
    expect(
      describeProxyRoute('https://api.rms.com/x', network('localhost,rms.com'), 'environment')
        .reason,
    ).toBe('NO_PROXY entry "rms.com" matches the host');
  });

  it('goes direct when no proxy is set for the scheme', () => {
    const route = describeProxyRoute(
      'http://127.0.0.1:7420/databridge',
      { httpProxy: '', httpsProxy: PROXY, noProxy: '' },
      'environment',
    );
    expect(route).toEqual({
      url: 'http://127.0.0.1:7420/databridge',
      route: 'direct',
      reason: 'no proxy is set',
    });
  });
});

describe('withoutCredentials', () => {
  it('keeps a URL without credentials as it is and strips them from one with', () => {
    expect(withoutCredentials('http://proxy:3128')).toBe('http://proxy:3128');
    expect(withoutCredentials('http://u@proxy:3128')).toBe('http://[redacted]@proxy:3128/');
    expect(withoutCredentials('not a url //u:p@x')).toBe('not a url //[redacted]@x');
  });
});
