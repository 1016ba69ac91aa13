import { describe, expect, it } from 'vitest';
import { cidrContains, entriesAdmitting } from '@renderer/model/cluster/cidr-contains';
import {
  aclDiff,
  aclRemovalFor,
  isEmptyDiff,
  lockoutRisk,
  overwriteRisk,
} from '@renderer/model/cluster/acl-changes';

describe('cidrContains', () => {
  it.each([
    ['127.0.0.0/8', '127.0.0.1', true],
    ['127.0.0.0/8', '128.0.0.1', false],
    ['203.0.113.0/24', '203.0.113.255', true],
    ['203.0.113.0/24', '203.0.114.0', false],
    ['10.0.0.7/24', '10.0.0.200', true], // host bits set: the network still counts
    ['0.0.0.0/0', '198.51.100.9', true],
    ['198.51.100.9', '198.51.100.9', true], // a bare address is its /32
    ['198.51.100.9', '198.51.100.10', false],
    ['198.51.100.9/32', '198.51.100.9', true],
    ['::1/128', '::1', true],
    ['::1', '::1', true],
    ['2001:db8::/32', '2001:db8:ffff::1', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['2001:DB8:0::/48', '2001:db8:0:1::1', true],
    ['::/0', '2001:db8::1', true],
    ['127.0.0.0/8', '::ffff:127.0.0.1', true], // a dual-stack socket's IPv4 client
    ['::ffff:10.0.0.0/104', '10.1.2.3', true],
    ['::ffff:10.0.0.0/104', '11.1.2.3', false],
    ['127.0.0.0/8', '::1', false], // families never mix
    ['::/0', '127.0.0.1', false],
    ['not-an-address', '127.0.0.1', false],
    ['127.0.0.0/8', 'localhost', false],
    ['127.0.0.0/33', '127.0.0.1', false],
  ])('%s contains %s: %s', (cidr, ip, expected) => {
    expect(cidrContains(cidr, ip)).toBe(expected);
  });

  it('lists the entries that let an address in', () => {
    const entries = [
      { cidrBlock: '127.0.0.0/8', comment: 'loopback' },
      { cidrBlock: '10.0.0.0/8', comment: 'office' },
      { cidrBlock: '127.0.0.1', comment: 'me' },
    ];
    expect(entriesAdmitting(entries, '127.0.0.1').map((e) => e.comment)).toEqual([
      'loopback',
      'me',
    ]);
  });
});

describe('aclDiff', () => {
  const before = [
    { cidrBlock: '127.0.0.0/8', comment: 'Loopback' },
    { cidrBlock: '203.0.113.0/24', comment: 'Office' },
  ];

  it('removes what disappeared and adds what is new or has another comment', () => {
    const diff = aclDiff(before, [
      { cidrBlock: '127.0.0.0/8', comment: 'Loopback (renamed)' },
      { cidrBlock: ' 198.51.100.7 ', comment: 'VPN' },
    ]);
    expect(diff).toEqual({
      addCidrEntries: [
        { cidrBlock: '127.0.0.0/8', comment: 'Loopback (renamed)' },
        { cidrBlock: '198.51.100.7', comment: 'VPN' },
      ],
      removeCidrEntries: ['203.0.113.0/24'],
    });
  });

  it('is empty when nothing changed (blocks compared without case and spaces)', () => {
    const diff = aclDiff(
      [{ cidrBlock: '2001:DB8::/32', comment: 'v6' }],
      [{ cidrBlock: '2001:db8::/32 ', comment: 'v6' }],
    );
    expect(isEmptyDiff(diff)).toBe(true);
  });
});

describe('aclRemovalFor', () => {
  it('removes a single address by IP', () => {
    expect(aclRemovalFor('198.51.100.7')).toEqual({
      channel: 'cluster:deleteAllowedIp',
      pathParams: { ipAddress: '198.51.100.7' },
    });
    expect(aclRemovalFor('2001:db8::1').channel).toBe('cluster:deleteAllowedIp');
  });

  it('removes a block by range, address and prefix as two segments', () => {
    expect(aclRemovalFor('203.0.113.0/24')).toEqual({
      channel: 'cluster:deleteAllowedRange',
      pathParams: { cidrIpAddress: '203.0.113.0', cidrIpPrefix: '24' },
    });
    expect(aclRemovalFor('::1/128')).toEqual({
      channel: 'cluster:deleteAllowedRange',
      pathParams: { cidrIpAddress: '::1', cidrIpPrefix: '128' },
    });
  });

  it('removes an odd entry by its text through the PATCH, since the DELETEs take valid addresses only', () => {
    for (const odd of ['office-gateway', 'weird/entry', '10.0.0.0/77', '300.1.1.1']) {
      expect(aclRemovalFor(odd), odd).toEqual({
        channel: 'cluster:overwriteAllowedIps',
        body: { addCidrEntries: [], removeCidrEntries: [odd] },
      });
    }
  });
});

describe('lockout warnings', () => {
  const entries = [
    { cidrBlock: '127.0.0.0/8' },
    { cidrBlock: '127.0.0.1' },
    { cidrBlock: '10.0.0.0/8' },
  ];

  it('warns when an entry that admits the caller goes, and says whether another still does', () => {
    expect(lockoutRisk(entries, ['127.0.0.0/8'], '127.0.0.1')).toEqual({
      removesYourEntry: true,
      locksYouOut: false,
    });
    expect(lockoutRisk(entries, ['127.0.0.0/8', '127.0.0.1'], '127.0.0.1')).toEqual({
      removesYourEntry: true,
      locksYouOut: true,
    });
    expect(lockoutRisk(entries, ['10.0.0.0/8'], '127.0.0.1')).toEqual({
      removesYourEntry: false,
      locksYouOut: false,
    });
    expect(lockoutRisk(entries, ['127.0.0.0/8'], undefined).removesYourEntry).toBe(false);
  });

  it('compares the whole list before and after an overwrite', () => {
    const before = [{ cidrBlock: '127.0.0.0/8' }];
    expect(overwriteRisk(before, [{ cidrBlock: '10.0.0.0/8' }], '127.0.0.1')).toEqual({
      removesYourEntry: true,
      locksYouOut: true,
    });
    // Replaced by a narrower entry that still admits the caller: a warning, not a lock-out.
    expect(overwriteRisk(before, [{ cidrBlock: '127.0.0.1' }], '127.0.0.1')).toEqual({
      removesYourEntry: true,
      locksYouOut: false,
    });
  });
});
