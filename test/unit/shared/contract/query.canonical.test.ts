import { describe, expect, it } from 'vitest';
import { operationById } from '../../../../src/shared/contract/catalogue';
import { canonicalTimestamp } from '../../../../src/shared/contract/primitives';
import {
  ExportQuerySchema,
  ListArchivesQuerySchema,
  ListSessionsQuerySchema,
} from '../../../../src/shared/contract/query';
import type { z } from 'zod';

/*
 * The contract's schemas check a typed value and produce the ONE form that is sent, for the
 * GUI and the CLI alike: these are the outputs the client serialises (request-parts.ts).
 */

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  return schema.safeParse(value).error?.issues[0]?.message;
}

describe('integers', () => {
  it('read numbers and decimal text, and give the number (so 007 is sent as 7)', () => {
    const parse = (query: Record<string, unknown>) => ListArchivesQuerySchema.parse(query);
    expect(parse({ limit: '007', offset: '+2' })).toMatchObject({ limit: 7, offset: 2 });
    expect(parse({ limit: 100, offset: '-0' })).toMatchObject({ limit: 100, offset: 0 });
    expect(Object.is(parse({ offset: '-0' }).offset, 0)).toBe(true);
  });

  it('refuse text that is not decimal digits instead of guessing (1e3, 0x10, 50.0)', () => {
    for (const bad of ['1e3', '0x10', '50.0', '1_000', ' 5', '5 ', '', 'Infinity', '1e400']) {
      expect(firstMessage(ListArchivesQuerySchema, { limit: bad }), bad).toBe(
        'limit must be a whole number written in decimal digits, such as 100',
      );
    }
    expect(firstMessage(ListArchivesQuerySchema, { limit: 12.5 })).toMatch(/whole number/);
    expect(firstMessage(ListArchivesQuerySchema, { offset: '99999999999999999999' })).toMatch(
      /^offset \(page number\) must be a whole number/,
    );
    expect(firstMessage(ListArchivesQuerySchema, { limit: '5001' })).toBe(
      'limit must be at most 5000',
    );
  });

  it('give an enumeration its code: exportTo 01 is 1, 1.0 and names are refused', () => {
    expect(ExportQuerySchema.parse({ exportTo: '01', detachOnly: 'FALSE' })).toEqual({
      exportTo: 1,
      detachOnly: false,
    });
    expect(ExportQuerySchema.parse({ exportTo: 0, detachOnly: 'TRUE' })).toEqual({
      exportTo: 0,
      detachOnly: true,
    });
    for (const bad of ['1.0', 'BAK', '0x1', '3', '-1']) {
      expect(firstMessage(ExportQuerySchema, { exportTo: bad }), bad).toBe(
        'exportTo must be 0 (MDF), 1 (BAK) or 2 (DACPAC)',
      );
    }
  });
});

describe('sort and filter', () => {
  it('spell sort properties as the interface does, directions upper case', () => {
    expect(ListArchivesQuerySchema.parse({ sort: 'name asc,SIZEINMB desc' }).sort).toBe(
      'name ASC, sizeInMb DESC',
    );
  });

  it('parse filters with the shared grammar and give its canonical print', () => {
    expect(
      ListArchivesQuerySchema.parse({ filter: 'name like "Sales*" and sizeinmb>10' }).filter,
    ).toBe('name LIKE "Sales*" AND sizeInMb > 10');
    expect(ListSessionsQuerySchema.parse({ filter: 'status = "running"' })).toEqual({
      filter: 'status = "running"',
    });
    expect(ListArchivesQuerySchema.parse({ filter: '   ' }).filter).toBeUndefined();
  });

  it('refuse what the grammar refuses, naming the problem', () => {
    expect(firstMessage(ListArchivesQuerySchema, { filter: '((((' })).toMatch(
      /^Filter: Expected a property name at position 4/,
    );
    expect(firstMessage(ListArchivesQuerySchema, { filter: "name eq 'x" })).toMatch(/^Filter: /);
    // A property of the other list is unknown here.
    expect(firstMessage(ListArchivesQuerySchema, { filter: 'status = "running"' })).toMatch(
      /Unknown property "status"/,
    );
    expect(firstMessage(ListSessionsQuerySchema, { filter: 'sessionId >' })).toMatch(/^Filter: /);
  });
});

describe('expiration timestamps', () => {
  it('convert a Z or an offset to UTC and drop it; fill the milliseconds', () => {
    const cases: [string, string][] = [
      ['2026-01-02T03:04:05.000', '2026-01-02T03:04:05.000'],
      ['2026-01-02T03:04:05.000Z', '2026-01-02T03:04:05.000'],
      ['2026-01-02T03:04:05+02:00', '2026-01-02T01:04:05.000'],
      ['2026-01-02T03:04:05.5-05:30', '2026-01-02T08:34:05.500'],
      ['2026-01-01T01:00:00.12+02:00', '2025-12-31T23:00:00.120'],
      ['2024-02-29T23:59:59.999-00:30', '2024-03-01T00:29:59.999'],
    ];
    for (const [typed, sent] of cases) expect(canonicalTimestamp(typed), typed).toBe(sent);
    const archive = operationById('databases.archive').body.schema;
    expect(archive.parse({ expirationDate: '2026-01-02T03:04:05+02:00' })).toEqual({
      expirationDate: '2026-01-02T01:04:05.000',
    });
  });

  it('refuse what is no real date and time in that form', () => {
    for (const bad of [
      '2026-02-29T00:00:00.000',
      '2026-01-02T03:04:05.1234',
      '2026-01-02T03:04:05+2:00',
      '2026-01-02T03:04:05+24:00',
      '2026-01-02T03:04:05z',
      '2026-01-02',
      '0050-01-02T03:04:05.000',
    ]) {
      expect(canonicalTimestamp(bad), bad).toBeUndefined();
    }
    const patch = operationById('databases.updateArchive').body.schema;
    expect(firstMessage(patch, { expirationDate: '2026-13-01T00:00:00Z' })).toMatch(
      /YYYY-MM-DDThh:mm:ss\.sss/,
    );
  });
});

describe('ACL addresses and prefixes', () => {
  const ip = operationById('cluster.deleteAllowedIp').pathParams;
  const range = operationById('cluster.deleteAllowedRange').pathParams;

  it('take one IPv4 or IPv6 address for deleteAllowedIp', () => {
    for (const good of ['198.51.100.7', '::1', '2001:db8::1', '::ffff:192.0.2.1']) {
      expect(ip.parse({ ipAddress: good }), good).toEqual({ ipAddress: good });
    }
    for (const bad of ['300.1.1.1', 'not-an-ip', '10.0.0.0/8', '::1/128', 'fe80::1%eth0', '']) {
      expect(firstMessage(ip, { ipAddress: bad }), bad).toMatch(
        /^ipAddress must be one IPv4 or IPv6 address/,
      );
    }
  });

  it('check the prefix of deleteAllowedRange against the address family', () => {
    expect(range.parse({ cidrIpAddress: '10.0.0.0', cidrIpPrefix: '024' })).toEqual({
      cidrIpAddress: '10.0.0.0',
      cidrIpPrefix: 24,
    });
    expect(range.parse({ cidrIpAddress: '2001:db8::', cidrIpPrefix: '77' }).cidrIpPrefix).toBe(77);
    expect(range.parse({ cidrIpAddress: '::', cidrIpPrefix: 128 }).cidrIpPrefix).toBe(128);
    expect(firstMessage(range, { cidrIpAddress: '10.0.0.0', cidrIpPrefix: '77' })).toBe(
      'cidrIpPrefix must be 0 to 32 for an IPv4 address',
    );
    expect(firstMessage(range, { cidrIpAddress: '::1', cidrIpPrefix: '129' })).toBe(
      'cidrIpPrefix must be 0 to 128 for an IPv6 address',
    );
    expect(firstMessage(range, { cidrIpAddress: '10.0.0.0', cidrIpPrefix: '-1' })).toMatch(
      /0 to 32/,
    );
    expect(firstMessage(range, { cidrIpAddress: '10.0.0.0', cidrIpPrefix: '24.0' })).toMatch(
      /cidrIpPrefix must be a number of bits/,
    );
    expect(firstMessage(range, { cidrIpAddress: 'not-an-ip', cidrIpPrefix: '77' })).toMatch(
      /^cidrIpAddress must be one IPv4 or IPv6 address/,
    );
  });
});
