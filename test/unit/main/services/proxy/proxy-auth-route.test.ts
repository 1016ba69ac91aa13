import { describe, expect, it } from 'vitest';
import {
  refusalAnswerOf,
  requestRouteOf,
} from '../../../../../src/main/services/proxy/proxy-auth-route';

describe('refusalAnswerOf', () => {
  it('hands Negotiate or NTLM alone to Chromium where the app has it', () => {
    expect(refusalAnswerOf(['negotiate'], true)).toBe('chromium');
    expect(refusalAnswerOf(['ntlm'], true)).toBe('chromium');
    expect(refusalAnswerOf(['negotiate', 'ntlm'], true)).toBe('chromium');
    expect(refusalAnswerOf(['digest', 'ntlm'], true)).toBe('chromium');
  });

  it('answers Basic wherever the proxy offers it, Chromium or not', () => {
    expect(refusalAnswerOf(['basic'], false)).toBe('basic');
    expect(refusalAnswerOf(['negotiate', 'basic'], true)).toBe('basic');
    expect(refusalAnswerOf(['ntlm', 'basic'], false)).toBe('basic');
  });

  it('cannot answer Negotiate or NTLM without Chromium, nor Digest or nothing at all', () => {
    expect(refusalAnswerOf(['negotiate', 'ntlm'], false)).toBe('unsupported');
    expect(refusalAnswerOf(['digest'], true)).toBe('unsupported');
    expect(refusalAnswerOf([], true)).toBe('unsupported');
  });
});

describe('requestRouteOf', () => {
  const handedOver = new Set(['http://proxy.corp:8080']);

  it('sends a request through Chromium once its proxy was handed over, by origin', () => {
    expect(requestRouteOf({ kind: 'proxy', url: 'http://proxy.corp:8080' }, handedOver)).toEqual({
      kind: 'chromium',
      proxy: 'http://proxy.corp:8080',
    });
  });

  it('keeps other proxies and direct requests with undici', () => {
    expect(requestRouteOf({ kind: 'proxy', url: 'http://proxy.corp:3128' }, handedOver)).toEqual({
      kind: 'proxy',
      proxy: 'http://proxy.corp:3128',
    });
    expect(requestRouteOf({ kind: 'direct' }, handedOver)).toEqual({ kind: 'direct' });
    expect(requestRouteOf({ kind: 'proxy', url: 'http://proxy.corp:8080' }, new Set())).toEqual({
      kind: 'proxy',
      proxy: 'http://proxy.corp:8080',
    });
  });
});
