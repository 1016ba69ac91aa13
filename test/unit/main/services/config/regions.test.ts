import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../../../../src/main/services/config/app-paths';
import { REGION_HOSTS, serviceEndpoints } from '../../../../../src/main/services/config/regions';

describe('serviceEndpoints', () => {
  it('maps EU and US to their hosts, with the token service on the same host', () => {
    expect(serviceEndpoints({ kind: 'region', region: 'EU' })).toEqual({
      baseUrl: 'https://api-euw1.rms.com/databridge',
      authUrl: 'https://api-euw1.rms.com/sml/auth/v1',
    });
    expect(serviceEndpoints({ kind: 'region', region: 'US' })).toEqual({
      baseUrl: 'https://api-use1.rms.com/databridge',
      authUrl: 'https://api-use1.rms.com/sml/auth/v1',
    });
    expect(REGION_HOSTS.EU).toBe('api-euw1.rms.com');
  });

  it('keeps a custom base URL and derives the token service from its origin', () => {
    expect(
      serviceEndpoints({ kind: 'custom', baseUrl: 'http://127.0.0.1:7420/databridge/' }),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:7420/databridge',
      authUrl: 'http://127.0.0.1:7420/sml/auth/v1',
    });
  });
});

describe('defaultDataDir', () => {
  it('follows Electron userData on each platform', () => {
    expect(defaultDataDir('linux', {}, '/home/a')).toBe('/home/a/.config/DataBridge Desktop');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/x' }, '/home/a')).toBe(
      '/x/DataBridge Desktop',
    );
    expect(defaultDataDir('darwin', {}, '/Users/a')).toBe(
      '/Users/a/Library/Application Support/DataBridge Desktop',
    );
    expect(
      defaultDataDir('win32', { APPDATA: 'C:/Users/a/AppData/Roaming' }, 'C:/Users/a'),
    ).toMatch(/Roaming.DataBridge Desktop$/);
  });
});
