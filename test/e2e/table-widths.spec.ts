import type { Locator } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { boxOf } from '../support/e2e/geometry';
import { jumpTo } from '../support/e2e/menus';
import { cutCells, headerOf } from '../support/e2e/tables';

/*
 * How a table's room is shared among its stretching columns (column-widths.ts): each has at
 * least its minimum, and what is left goes by weight to the column whose text says the most.
 * Demo data: the jobs of sql-eu-prod-01 are about Finance_Ledger, EDM_Japan_EQ and
 * Analytics_Sandbox, the failed one with a long error; the ACL has a loopback range whose
 * comment is a sentence; the sessions of sql-eu-dev-01 run long SQL.
 */
test.describe.configure({ mode: 'serial' });

/** The width of the header of the column `key`. */
const widthOf = async (table: Locator, key: string): Promise<number> =>
  (await boxOf(headerOf(table, key))).width;

test('at 1024x700 a job’s resource reads whole beside its error', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const view = await jumpTo(page, 'jobs prod', 'jobs-view');
  const table = view.getByTestId('job-table');
  await expect(table.locator('tbody td[data-col-key="resourceName"]')).toContainText([
    'Analytics_Sandbox',
  ]);
  // Shared evenly, the resource was cut ("Analytics_Sandb…") while the error had room.
  await expect.poll(() => cutCells(table, 'resourceName')).toEqual([]);
  expect(await widthOf(table, 'resourceName')).toBeGreaterThanOrEqual(160);
});

test('at 1024x700 the ACL’s columns keep their minimums', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const view = await jumpTo(page, 'cluster', 'cluster-view');
  const table = view.getByTestId('acl-table');
  await expect(table.locator('tbody tr')).not.toHaveCount(0);
  // The comment (220 px at least) was cut to 215 beside a roomy "Address or range".
  expect(await widthOf(table, 'comment')).toBeGreaterThanOrEqual(220);
  expect(await widthOf(table, 'cidrBlock')).toBeGreaterThanOrEqual(200);
});

test('at 1920x1080 the SQL text is the widest of the stretching columns', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const view = await jumpTo(page, 'sessions dev', 'sessions-view');
  const table = view.getByTestId('session-table');
  await expect(table.locator('tbody tr')).not.toHaveCount(0);
  const sql = await widthOf(table, 'executingSql');
  for (const key of ['loginName', 'databaseName', 'hostName', 'programName']) {
    expect(sql, `SQL against ${key}`).toBeGreaterThan(await widthOf(table, key));
  }
  // The names are not squeezed for it: each has more than its minimum (the largest, 108 px).
  for (const key of ['loginName', 'databaseName', 'hostName', 'programName']) {
    expect(await widthOf(table, key), key).toBeGreaterThan(108);
  }
});
