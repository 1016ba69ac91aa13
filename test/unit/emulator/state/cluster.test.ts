import { describe, expect, it } from 'vitest';
import {
  ClusterStore,
  canonicalBlock,
  normaliseClientIp,
} from '../../../../src/emulator/state/cluster';

describe('cluster ACL helpers', () => {
  it('compares blocks in canonical form', () => {
    expect(canonicalBlock('10.0.0.1')).toBe('10.0.0.1/32');
    expect(canonicalBlock('2001:DB8:0:0::1')).toBe('2001:db8::1/128');
    expect(canonicalBlock('2001:DB8::/32')).toBe('2001:db8::/32');
    expect(normaliseClientIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseClientIp('::1')).toBe('::1');
  });

  it('decides whether an address is allowed', () => {
    const store = new ClusterStore({
      name: 'c',
      entries: [
        { cidrBlock: '192.0.2.0/24', comment: '' },
        { cidrBlock: '2001:db8::/32', comment: '' },
      ],
    });
    expect(store.allows('192.0.2.200')).toBe(true);
    expect(store.allows('192.0.3.1')).toBe(false);
    expect(store.allows('2001:db8:1::5')).toBe(true);
    expect(store.allows('not an ip')).toBe(false);
    store.update([], ['192.0.2.0/24']);
    expect(store.allows('192.0.2.200')).toBe(false);
    expect(() => store.remove('192.0.2.0/24')).toThrow(/not in the access control list/);
    store.add({ cidrBlock: '192.0.2.9', comment: 'one host' });
    expect(store.has('192.0.2.9/32')).toBe(true);
  });
});
