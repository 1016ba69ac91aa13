import { Registry } from 'prom-client';
import { expect, it } from 'vitest';
import {
  ConnectionHealth,
  connectionStateAfter,
} from '../../../../../src/main/cli/monitor-serve/serve-connection-health';

it('counts a connection down for sign-in, network and service failures, not for one instance', () => {
  const list = { operation: 'instances.list' } as const;
  const read = { operation: 'sessions.list', instanceName: 'sql-1' } as const;
  expect(connectionStateAfter(list)).toEqual({ up: true });
  for (const code of ['AUTH_REQUIRED', 'AUTH_EXPIRED', 'NETWORK', 'UNAVAILABLE']) {
    expect(connectionStateAfter({ ...read, errorCode: code })).toEqual({ up: false, code });
  }
  for (const code of ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'FORBIDDEN']) {
    expect(connectionStateAfter({ ...read, errorCode: code })).toEqual({ up: true });
  }
  // Refused the list of instances: the key may not watch anything.
  expect(connectionStateAfter({ ...list, errorCode: 'FORBIDDEN' })).toEqual({
    up: false,
    code: 'FORBIDDEN',
  });
});

it('exports every configured connection from the start, down until its first call', async () => {
  const registry = new Registry();
  const health = new ConnectionHealth(['eu', 'us'], registry, (name) => name.toUpperCase());
  health.note('eu', { operation: 'instances.list' });
  health.note('us', { operation: 'instances.list', errorCode: 'AUTH_REQUIRED' });
  const text = await registry.metrics();
  expect(text).toContain('databridge_connection_up{profile="eu",region="EU"} 1');
  expect(text).toContain('databridge_connection_up{profile="us",region="US"} 0');
  expect(text).toContain(
    'databridge_connection_error_info{profile="us",region="US",code="AUTH_REQUIRED"} 1',
  );
  const fresh = new Registry();
  new ConnectionHealth(['lab'], fresh, () => 'custom');
  expect(await fresh.metrics()).toContain(
    'databridge_connection_up{profile="lab",region="custom"} 0',
  );
});
