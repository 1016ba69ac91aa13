import { describe, expect, it } from 'vitest';
import {
  chromiumHeaders,
  chromiumRequestOptions,
  proxySessionPlan,
} from '../../../../src/main/platform/chromium-request-plan';

describe('proxySessionPlan', () => {
  it('gives each proxy an in-memory session set to that proxy alone', () => {
    const plan = proxySessionPlan('http://Proxy.Corp:8080');
    expect(plan).toEqual({
      partition: 'databridge-proxy-http-proxy.corp-8080',
      config: { mode: 'fixed_servers', proxyRules: 'http://proxy.corp:8080' },
    });
    expect(plan.partition.startsWith('persist:')).toBe(false);
    expect(proxySessionPlan('https://[::1]:3129').partition).toBe(
      'databridge-proxy-https-___1_-3129',
    );
    expect(proxySessionPlan('http://proxy.corp:3128').partition).not.toBe(plan.partition);
  });

  it('names the default port of a proxy written without one', () => {
    expect(proxySessionPlan('https://proxy.corp').config.proxyRules).toBe('https://proxy.corp');
  });

  it("follows the system's configuration for a request told of no proxy", () => {
    expect(proxySessionPlan(undefined)).toEqual({
      partition: 'databridge-system',
      config: { mode: 'system' },
    });
  });
});

describe('chromiumHeaders', () => {
  it('leaves out the headers Chromium does not let an app set, whatever their case', () => {
    expect(
      chromiumHeaders({
        'Content-Length': '12',
        host: 'h',
        Trailer: 'x',
        TE: 'trailers',
        Upgrade: 'h2c',
        Cookie2: 'a',
        'Keep-Alive': '5',
        'transfer-encoding': 'chunked',
        connection: 'Upgrade',
        authorization: 'Bearer t',
        'content-type': 'application/json',
        'x-many': ['1', '2'],
      }),
    ).toEqual({
      authorization: 'Bearer t',
      'content-type': 'application/json',
      'x-many': ['1', '2'],
    });
    expect(chromiumHeaders({ Connection: 'close' })).toEqual({ Connection: 'close' });
  });
});

describe('chromiumRequestOptions', () => {
  it('never follows a redirect, sends no cookie, keeps nothing in the cache', () => {
    expect(
      chromiumRequestOptions({
        url: 'https://api.example.com/v1/x',
        method: 'POST',
        headers: { 'content-length': '2', 'content-type': 'application/json' },
        proxy: 'http://proxy.corp:8080',
      }),
    ).toEqual({
      method: 'POST',
      url: 'https://api.example.com/v1/x',
      headers: { 'content-type': 'application/json' },
      redirect: 'manual',
      useSessionCookies: false,
      cache: 'no-store',
    });
  });

  it('leaves `credentials` unset, so Chromium sends the sign-in the proxy asks for', () => {
    const options = chromiumRequestOptions({ url: 'http://h/', method: 'GET', headers: {} });
    expect('credentials' in options).toBe(false);
  });
});
