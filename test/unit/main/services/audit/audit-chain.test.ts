import { describe, expect, it } from 'vitest';
import { canonicalJson, digestOf, seal } from '../../../../../src/main/services/audit/audit-chain';

describe('the audit chain', () => {
  it('writes one canonical text whatever the order of the fields', () => {
    const a = { b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } };
    const b = { a: { d: [1, { y: 2, z: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson(a)).toBe(canonicalJson(b));
  });

  it('seals a record after the head it links to, its digest leaving out its own', () => {
    const first = seal({ type: 'x' }, undefined);
    expect(first).toMatchObject({ v: 1, seq: 1, prev: null });
    const second = seal({ type: 'y' }, { seq: 1, hash: String(first['hash']) });
    expect(second).toMatchObject({ seq: 2, prev: first['hash'] });
    expect(digestOf(second)).toBe(second['hash']);
    expect(digestOf({ ...second, type: 'z' })).not.toBe(second['hash']);
  });
});

describe('the keyed chain', () => {
  it('seals with an HMAC under the key (v 2): no key, or another, gives another digest', () => {
    const key = Buffer.alloc(32, 7);
    const first = seal({ type: 'x' }, undefined, key);
    expect(first).toMatchObject({ v: 2, seq: 1, prev: null });
    expect(digestOf(first, key)).toBe(first['hash']);
    expect(digestOf(first)).not.toBe(first['hash']);
    expect(digestOf(first, Buffer.alloc(32, 8))).not.toBe(first['hash']);
    // The version is sealed too: a keyed record cannot pass for a plain one.
    expect(digestOf({ ...first, v: 1 }, key)).not.toBe(first['hash']);
  });
});
