import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../../src/main/cli/args/operation-args';
import {
  checkExposure,
  isLoopback,
  parseListen,
} from '../../../../../src/main/cli/monitor-serve/serve-listen';

describe('serve-listen', () => {
  it('parses HOST:PORT and [IPv6]:PORT', () => {
    expect(parseListen('127.0.0.1:9420')).toEqual({ host: '127.0.0.1', port: 9420 });
    expect(parseListen('[::1]:0')).toEqual({ host: '::1', port: 0 });
    expect(parseListen('monitor.example.com:80')).toEqual({
      host: 'monitor.example.com',
      port: 80,
    });
    for (const bad of ['9420', ':9420', '127.0.0.1:', '127.0.0.1:70000', '::1:9420']) {
      expect(() => parseListen(bad), bad).toThrow(UsageError);
    }
  });

  it('tells loopback from addresses other machines can reach', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', '::1', 'localhost', '::ffff:127.0.0.1']) {
      expect(isLoopback(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'monitor.example.com']) {
      expect(isLoopback(host), host).toBe(false);
    }
  });

  it('refuses a reachable address unless a bearer token guards it, TLS or not', () => {
    const open = { host: '0.0.0.0', port: 9420 };
    expect(() => checkExposure(open, { token: false, tls: false })).toThrow(
      /needs a bearer token \(and TLS, --tls-cert FILE --tls-key FILE.*--token-file FILE or --token-env VAR/,
    );
    // TLS alone: the reader is not known, only the wire is covered.
    expect(() => checkExposure(open, { token: false, tls: true })).toThrow(
      /TLS hides what is sent from the network, not from whoever connects.*--token-file FILE/,
    );
    expect(() => checkExposure(open, { token: true, tls: false })).not.toThrow();
    expect(() => checkExposure(open, { token: true, tls: true })).not.toThrow();
    expect(() =>
      checkExposure({ host: '127.0.0.1', port: 1 }, { token: false, tls: false }),
    ).not.toThrow();
  });
});
