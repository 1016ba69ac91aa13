import { describe, expect, it } from 'vitest';
import { CreateDatabaseRequestSchema } from '@shared/contract/records/databases';
import { profileNode } from '@renderer/model/navigation/tree-nodes';
import { matchItems } from '@renderer/model/navigation/quick-pick';
import { cellText, filterRows, searchIndex } from '@renderer/model/tables/resource-table';
import { toExpirationTimestamp } from '@renderer/model/display/format';
import { formatDuration } from '@shared/format/durations';
import { formatSizeMiB } from '@shared/format/units';
import { ExpirationTimestampSchema } from '@shared/contract/primitives';
import { emptyForm, formOf, inputOfForm, secretOfForm } from '@renderer/model/forms/profile-form';
import { regionLabel } from '@renderer/model/display/profile-display';
import { zodRule } from '@renderer/model/forms/zod-rule';
import type { ListEntry } from '@renderer/model/lists/list-cache';
import { database, profile } from '../../../../../support/renderer/explorer-fixtures';

const validate = (rule: ReturnType<typeof zodRule>, value: unknown) =>
  (rule.validator as (r: unknown, v: unknown) => unknown)(rule, value);

describe('zodRule', () => {
  it('answers the contract’s own message, or true', () => {
    const rule = zodRule(CreateDatabaseRequestSchema.shape.databaseName);
    expect(validate(rule, 'Sales 2025')).toBe(true);
    expect((validate(rule, 'a/b') as Error).message).toMatch(/only letters, digits/);
    expect((validate(rule, '') as Error).message).toBe('Database name is required');
  });

  it('lets an optional field left blank pass when asked to', () => {
    const rule = zodRule(CreateDatabaseRequestSchema.shape.groupIds, { emptyAsUndefined: true });
    expect(validate(rule, '')).toBe(true);
  });
});

describe('the profile form', () => {
  it('defaults to the EU region and an API key', () => {
    const form = emptyForm();
    expect(inputOfForm({ ...form, name: ' Prod ' })).toMatchObject({
      name: 'Prod',
      target: { kind: 'region', region: 'EU' },
      auth: { kind: 'apiKey' },
    });
    expect(secretOfForm(form)).toBeUndefined();
  });

  it('builds a custom URL + token profile and its password, and reads one back', () => {
    const form = {
      ...emptyForm(),
      name: 'Lab',
      target: 'custom' as const,
      baseUrl: 'http://127.0.0.1:7420/databridge',
      authKind: 'token' as const,
      tenantName: 'demo',
      userName: 'admin',
      password: 'demo',
    };
    const input = inputOfForm(form);
    expect(input.target).toEqual({ kind: 'custom', baseUrl: 'http://127.0.0.1:7420/databridge' });
    expect(input.auth).toEqual({ kind: 'token', tenantName: 'demo', userName: 'admin' });
    expect(secretOfForm(form)).toEqual({ password: 'demo' });
    const back = formOf(profile({ ...input, id: 'x' }));
    expect(back).toMatchObject({
      target: 'custom',
      authKind: 'token',
      userName: 'admin',
      password: '',
    });
  });

  it('badges regions short enough for every tab', () => {
    expect(regionLabel(profile())).toBe('EU');
    expect(regionLabel(profile({ isEmulator: true }))).toBe('LOCAL');
    expect(
      regionLabel(
        profile({ target: { kind: 'custom', baseUrl: 'https://dms.example.com/databridge' } }),
      ),
    ).toBe('CUSTOM');
  });
});

describe('the resource tree', () => {
  const notLoaded: ListEntry<never> = {
    items: [],
    isLoading: false,
    isLoaded: false,
    error: undefined,
  };
  it('leaves children unset until a list is loaded, so the tree loads it on expand', () => {
    const node = profileNode(profile(), { instances: () => notLoaded, databases: () => notLoaded });
    expect(node.children).toBeUndefined();
    expect(node.isLeaf).toBe(false);
    expect(node.view).toEqual({ kind: 'instances', profileId: 'p1' });
  });

  it('puts instances, their groups and loaded databases under the profile', () => {
    const instances = {
      items: [{ name: 'sql-a', status: 'Online' }],
      isLoading: false,
      isLoaded: true,
      error: undefined,
    } as never;
    const dbs = {
      items: [database('Sales')],
      isLoading: false,
      isLoaded: true,
      error: undefined,
    } as never;
    const node = profileNode(profile(), { instances: () => instances, databases: () => dbs });
    expect(node.children?.map((n) => n.label)).toEqual(['sql-a', 'Cluster (ACL, TLS)', 'My IP']);
    const groups = node.children?.[0]?.children ?? [];
    expect(groups.map((n) => n.label)).toEqual([
      'Databases',
      'Archives',
      'Logins',
      'Sessions',
      'Jobs',
      'Linked servers',
    ]);
    expect(groups[0]?.hint).toBe('1');
    expect(groups[0]?.children?.[0]?.view).toEqual({
      kind: 'database',
      profileId: 'p1',
      instanceName: 'sql-a',
      databaseName: 'Sales',
    });
  });
});

describe('search and formatting', () => {
  it('quick pick matches every word and ranks label matches first', () => {
    const items = [
      { key: '1', label: 'Ledger', description: 'Sales instance' },
      { key: '2', label: 'Sales_2025', description: 'prod' },
      { key: '3', label: 'Other' },
    ];
    expect(matchItems(items, 'sales').map((i) => i.key)).toEqual(['2', '1']);
    expect(matchItems(items, 'sales prod').map((i) => i.key)).toEqual(['2']);
    expect(matchItems(items, '')).toHaveLength(3);
  });

  it('table search looks at the shown columns only', () => {
    const rows = [database('Sales', { owner: 'etl' }), database('Ledger', { owner: 'admin' })];
    const columns = [{ key: 'name', title: 'Name' }];
    const index = searchIndex(rows, columns);
    expect(filterRows(rows, index, 'led').map((r) => r.name)).toEqual(['Ledger']);
    expect(filterRows(rows, index, 'etl')).toEqual([]);
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(cellText(null)).toBe('');
  });

  it('formats sizes and the remaining session time', () => {
    expect(formatSizeMiB(512)).toBe('512 MiB');
    expect(formatSizeMiB(153_600)).toBe('150 GiB');
    expect(formatDuration(59 * 60_000 + 5_000)).toBe('59 min 05 s');
    expect(formatDuration(3_723_000)).toBe('1 h 02 min');
    expect(formatDuration(-5)).toBe('0 s');
  });

  it('writes an expiration date exactly in the interface’s form, in UTC', () => {
    const ms = Date.UTC(2026, 11, 31, 23, 59, 58, 7);
    expect(toExpirationTimestamp(ms)).toBe('2026-12-31T23:59:58.007');
    expect(ExpirationTimestampSchema.safeParse(toExpirationTimestamp(ms)).success).toBe(true);
    expect(toExpirationTimestamp(null)).toBeUndefined();
  });
});
