import { describe, expect, it } from 'vitest';
import { proxySourceOf } from '../../../../../src/main/services/proxy/proxy-source';

const none = { httpProxy: '', httpsProxy: '', noProxy: '' };
const fromEnv = { httpProxy: 'http://e:1', httpsProxy: 'http://e:1', noProxy: 'x' };

describe('proxySourceOf: setting > PAC > environment > system > direct', () => {
  it('takes a proxy URL first', () => {
    expect(
      proxySourceOf({
        proxyUrl: 'http://s:1',
        pacUrl: 'http://p/p.pac',
        environment: fromEnv,
        hasSystem: true,
      }),
    ).toEqual({ kind: 'setting', proxyUrl: 'http://s:1' });
  });

  it('takes a PAC URL over the environment and the system', () => {
    expect(
      proxySourceOf({ pacUrl: 'http://p/p.pac', environment: fromEnv, hasSystem: true }),
    ).toEqual({
      kind: 'pac',
      pacUrl: 'http://p/p.pac',
    });
  });

  it('takes the environment over the system', () => {
    expect(proxySourceOf({ environment: fromEnv, hasSystem: true })).toEqual({
      kind: 'environment',
      proxies: fromEnv,
    });
  });

  it('takes the system in the app when nothing is set, else goes direct', () => {
    expect(proxySourceOf({ environment: none, hasSystem: true })).toEqual({ kind: 'system' });
    expect(proxySourceOf({ environment: none, hasSystem: false })).toEqual({ kind: 'direct' });
  });

  it('does not count NO_PROXY alone as a proxy', () => {
    expect(proxySourceOf({ environment: { ...none, noProxy: 'x' }, hasSystem: true })).toEqual({
      kind: 'system',
    });
  });
});
