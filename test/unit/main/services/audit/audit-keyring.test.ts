import { describe, expect, it } from 'vitest';
import { TrailKeyring, trailId } from '../../../../../src/main/services/audit/audit-keyring';
import { MemorySecretStore } from '../../../../../src/main/services/secrets/secret-store';

const anchor = { keyedFrom: 3, starts: [1, 40], last: { seq: 52, hash: 'ab'.repeat(32) } };

describe('the keychain entry of an audit trail', () => {
  it('is named after the trail folder, the same from the app and the command line', () => {
    expect(trailId('/home/ada/.config/DataBridge/audit')).toBe(
      trailId('/home/ada/.config/DataBridge/./audit'),
    );
    expect(trailId('/home/ada/a/audit')).not.toBe(trailId('/home/ada/b/audit'));
    expect(trailId('C:\\Users\\Ada\\audit', 'win32')).toBe(
      trailId('c:\\users\\ada\\AUDIT', 'win32'),
    );
    expect(trailId('/x/audit')).toMatch(/^[0-9a-f]{24}$/);
  });

  it('keeps the key and the anchor in one entry, and only there', async () => {
    const store = new MemorySecretStore();
    const keyring = new TrailKeyring({ store, dir: '/data/audit' });
    expect(await keyring.read()).toEqual({ status: 'none' });
    const key = Buffer.alloc(32, 9);
    await keyring.write(key, anchor);
    expect(await keyring.read()).toEqual({ status: 'found', key, anchor });
    expect(await store.get(`audit-trail:${trailId('/data/audit')}`)).toContain(
      key.toString('base64'),
    );
  });

  it('takes an unreadable entry for none (a new key follows), and a failing keychain for unavailable', async () => {
    const store = new MemorySecretStore();
    await store.set(`audit-trail:${trailId('/data/audit')}`, '{"v":1,"key":"short"}');
    expect(await new TrailKeyring({ store, dir: '/data/audit' }).read()).toEqual({
      status: 'none',
      damaged: true,
    });
    const failing = {
      kind: 'keychain' as const,
      get: () => Promise.reject(new Error('Could not connect: No such file or directory\nmore')),
      set: () => Promise.reject(new Error('no')),
      delete: () => Promise.reject(new Error('no')),
    };
    const keyring = new TrailKeyring({ store: failing, dir: '/data/audit' });
    expect(await keyring.read()).toEqual({
      status: 'unavailable',
      reason: 'Could not connect: No such file or directory',
    });
    await expect(keyring.write(Buffer.alloc(32), anchor)).rejects.toThrow('no');
  });
});
