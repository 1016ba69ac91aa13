import { describe, expect, it } from 'vitest';
import { checkNetworkOptions } from '../../../../../src/main/cli/args/network-args';
import { environmentCredentials } from '../../../../../src/main/services/proxy/environment-credentials';

describe('checkNetworkOptions', () => {
  it('takes an http(s) PAC URL and none', () => {
    expect(() => checkNetworkOptions({ 'proxy-pac': 'http://wpad.corp/proxy.pac' })).not.toThrow();
    expect(() => checkNetworkOptions({})).not.toThrow();
  });

  it('refuses anything else, saying what it must be', () => {
    for (const pac of ['file:///etc/proxy.pac', 'wpad.corp/proxy.pac', '']) {
      expect(() => checkNetworkOptions({ 'proxy-pac': pac })).toThrow(
        '--proxy-pac must be the http(s) URL of a PAC file',
      );
    }
  });
});

describe('environmentCredentials', () => {
  it('answers with DATABRIDGE_PROXY_USER and DATABRIDGE_PROXY_PASSWORD', async () => {
    const ask = environmentCredentials({
      DATABRIDGE_PROXY_USER: 'alice',
      DATABRIDGE_PROXY_PASSWORD: 's3cret',
    });
    expect(await ask({ proxy: 'http://p:1' })).toEqual({ user: 'alice', password: 's3cret' });
  });

  it('names the proxy and the variables when they are missing', async () => {
    const ask = environmentCredentials({ DATABRIDGE_PROXY_PASSWORD: 'x' });
    await expect(ask({ proxy: 'http://p:1' })).rejects.toThrow(
      'The proxy http://p:1 asks for a user name and password (Basic). Set DATABRIDGE_PROXY_USER and DATABRIDGE_PROXY_PASSWORD',
    );
  });
});
