import type { Locator } from '@playwright/test';
import { expectAccessible } from '../support/e2e/axe';
import { expect, SMALL_PARTS, test } from '../support/e2e/fixtures';
import { boxOf } from '../support/e2e/geometry';
import { jumpTo } from '../support/e2e/menus';
import {
  closeChooser,
  cutCells,
  expectHeadersInside,
  headerOf,
  openChooser,
  sidewaysThumb,
} from '../support/e2e/tables';
import { DENSITY_SIZES, screenshotSizes } from '../support/e2e/screenshots';

/*
 * Dense tables: compact rows by default (Comfortable in Settings), every default column of the
 * main tables fitting a 1280x800 window, the least needed giving way in a narrower one (into
 * the column chooser, by their declared priority), a sideways scrollbar that shows when the
 * columns are wider than the table, and dragged widths kept across a reload.
 */
test.describe.configure({ mode: 'serial' });
// Imports of a few MiB run several parts.
test.use({ transfers: SMALL_PARTS });

const PROD = 'sql-eu-prod-01';
// `whole`: beside what names a row, the short values read at a glance (an API key's name, a
// session's state, a job's type), which a cut would make unreadable.
const VIEWS = [
  {
    query: `databases ${PROD}`,
    table: 'database-table',
    name: 'databases',
    identity: 'name',
    whole: ['owner'],
  },
  {
    query: `jobs ${PROD}`,
    table: 'job-table',
    name: 'jobs',
    identity: 'resourceName',
    whole: ['type'],
  },
  {
    query: `sessions ${PROD}`,
    table: 'session-table',
    name: 'sessions',
    identity: 'sessionId',
    whole: ['status'],
  },
  {
    query: `archives ${PROD}`,
    table: 'archive-table',
    name: 'archives',
    identity: 'name',
    whole: ['createdBy'],
  },
] as const;

test('rows are at most 32 px by default, and taller once Settings says Comfortable', async ({
  page,
  harness,
  consoleErrors,
}) => {
  const table = await jumpTo(page, `databases ${PROD}`, 'database-table');
  const row = table.locator('tbody tr').first();
  await expect(row).toBeVisible();
  const compact = (await boxOf(row)).height;
  expect(compact).toBeLessThanOrEqual(32);
  await expect(page.locator('html')).toHaveAttribute('data-density', 'compact');

  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-density-comfortable').click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-state')).toHaveText('All changes saved');
  expect(harness.services.settings.get().density).toBe('comfortable');
  await expect(page.locator('html')).toHaveAttribute('data-density', 'comfortable');
  const again = await jumpTo(page, `databases ${PROD}`, 'database-table');
  const tall = again.locator('tbody tr').first();
  await expect.poll(async () => (await boxOf(tall)).height).toBeGreaterThan(compact + 8);
  // Wider cells as well: the columns that no longer fit give way, none is cut.
  await expectHeadersInside(again, 'comfortable databases');

  await harness.services.settings.update({ density: 'compact' });
  await expect(page.locator('html')).toHaveAttribute('data-density', 'compact');
  await expect.poll(async () => (await boxOf(tall)).height).toBe(compact);
  expect(consoleErrors).toEqual([]);
});

test('at 1280x800 no default column of Databases, Jobs, Sessions or Archives is cut', async ({
  page,
  consoleErrors,
}) => {
  // Four views, each with its column chooser (and, with SCREENSHOTS=1, eight screenshots).
  test.slow();
  for (const view of VIEWS) {
    const table = await jumpTo(page, view.query, view.table);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expectHeadersInside(table, view.name);
    await expect(sidewaysThumb(table), `${view.name} scrolls sideways`).toHaveCount(0);
    const chooser = await openChooser(page, table);
    await expect(chooser.locator('[data-gave-way]'), `${view.name}: a column gave way`).toHaveCount(
      0,
    );
    await closeChooser(page, table);
    await screenshotSizes(page, `density/${view.name}`, DENSITY_SIZES);
    // What names a row is never cut while other columns have room to give.
    expect(await cutCells(table, view.identity), `${view.name}: names cut`).toEqual([]);
    for (const key of view.whole) {
      expect(await cutCells(table, key), `${view.name}: ${key} cut`).toEqual([]);
    }
    if (view.name === 'sessions') await expectProgramAndWait(table);
  }
  expect(consoleErrors).toEqual([]);
});

/**
 * Sessions shows what SSMS's Activity Monitor shows by default beside its columns: the program
 * and the wait, a blocked session's counted since its request started (its header says so).
 */
async function expectProgramAndWait(table: Locator): Promise<void> {
  await expect(headerOf(table, 'programName')).toHaveText('Program');
  const wait = headerOf(table, 'wait');
  await expect(wait).toHaveText('Wait');
  await expect(wait.locator('[title]')).toHaveAttribute('title', /since its request started/);
  const blocked = table
    .locator('tbody tr')
    .filter({ has: table.page().locator('td[data-col-key="blockingSessionId"]:not(:empty)') });
  await expect(blocked.first().locator('td[data-col-key="wait"]')).toHaveText(/^\d+ (s|min|h)/);
  const free = table
    .locator('tbody tr')
    .filter({ has: table.page().locator('td[data-col-key="blockingSessionId"]:empty') });
  await expect(free.first().locator('td[data-col-key="wait"]')).toHaveText('');
  // Sorted by the wait, the longest first (a click or two, whichever order comes first): the
  // session blocked for over a minute heads the table, before the one blocked for seconds.
  const firstWait = table.locator('tbody tr').first().locator('td[data-col-key="wait"]');
  await expect(async () => {
    await wait.click();
    await expect(firstWait).toHaveText(/^\d+ min/, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

test('at 1024x700 the least needed columns give way into the chooser', async ({
  page,
  consoleErrors,
}) => {
  // Four views, each with its column chooser.
  test.slow();
  await page.setViewportSize({ width: 1024, height: 700 });
  const gaveWay: Readonly<Record<string, readonly string[]>> = {
    'database-table': ['databaseSchema', 'pinned'],
    'job-table': ['owner'],
    'session-table': ['cpuTime', 'hostName'],
    // "Never expires" needs its room: who made the archive gives way first.
    'archive-table': ['createdBy'],
  };
  for (const view of VIEWS) {
    const table = await jumpTo(page, view.query, view.table);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expectHeadersInside(table, `${view.name} at 1024`);
    await expect(sidewaysThumb(table), `${view.name} scrolls sideways`).toHaveCount(0);
    const keys = gaveWay[view.table] ?? [];
    const chooser = await openChooser(page, table);
    for (const key of keys) {
      const entry = chooser.getByTestId(`column-choice-${key}`);
      await expect(entry, `${view.name}: ${key}`).toHaveAttribute('data-gave-way', 'true');
      await expect(entry).toContainText('no room');
      await expect(headerOf(table, key)).toHaveCount(0);
    }
    if (keys.length === 0) await expect(chooser.locator('[data-gave-way]')).toHaveCount(0);
    await closeChooser(page, table);
  }
  expect(consoleErrors).toEqual([]);
});

test('columns ticked beyond the room stay, and the table shows its sideways scrollbar', async ({
  page,
  consoleErrors,
}) => {
  // The accessibility check runs in both themes.
  test.slow();
  await page.setViewportSize({ width: 1024, height: 700 });
  const table = await jumpTo(page, `databases ${PROD}`, 'database-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(sidewaysThumb(table)).toHaveCount(0);
  const chooser = await openChooser(page, table);
  for (const key of ['pinned', 'secured', 'lastIndexUpdate', 'exposureSetId']) {
    await chooser.getByTestId(`column-choice-${key}`).locator('.n-checkbox').click();
  }
  await expectAccessible(page, 'the column chooser', [
    '[data-testid="column-chooser-list"]',
    '[data-testid="column-chooser-footer"]',
  ]);
  await closeChooser(page, table);
  // What the user ticked shows; the least needed of the rest give way, and it is still wider.
  for (const key of ['pinned', 'secured', 'lastIndexUpdate', 'exposureSetId', 'name']) {
    await expect(headerOf(table, key), key).toHaveCount(1);
  }
  await expect(headerOf(table, 'databaseSchema')).toHaveCount(0);
  await expect(sidewaysThumb(table)).toBeVisible();
  await screenshotSizes(page, 'density/databases-ticked', DENSITY_SIZES);

  await page.setViewportSize({ width: 1024, height: 700 });
  await openChooser(page, table);
  await page.getByTestId('column-chooser-reset').click();
  await closeChooser(page, table);
  await expect(headerOf(table, 'secured')).toHaveCount(0);
  await expect(sidewaysThumb(table)).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(consoleErrors).toEqual([]);
});

test('a width dragged at a header edge is kept after a reload, until the columns are reset', async ({
  app,
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const table = await jumpTo(page, `databases ${PROD}`, 'database-table');
  const owner = headerOf(table, 'owner');
  await expect(owner).toBeVisible();
  const before = (await boxOf(owner)).width;
  await owner.hover();
  const handle = await boxOf(owner.locator('.n-data-table-resize-button'));
  const y = handle.y + handle.height / 2;
  await page.mouse.move(handle.x + handle.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 40, y, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await boxOf(owner)).width)).toBe(before + 40);

  await app.reloadSignedIn();
  const reloaded = await jumpTo(page, `databases ${PROD}`, 'database-table');
  const ownerAgain = headerOf(reloaded, 'owner');
  await expect(ownerAgain).toBeVisible();
  expect(Math.round((await boxOf(ownerAgain)).width)).toBe(before + 40);

  await openChooser(page, reloaded);
  await page.getByTestId('column-chooser-reset').click();
  await closeChooser(page, reloaded);
  await expect.poll(async () => Math.round((await boxOf(ownerAgain)).width)).toBe(before);
  expect(consoleErrors).toEqual([]);
});
