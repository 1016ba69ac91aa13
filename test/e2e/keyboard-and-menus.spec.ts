import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expect, test } from '../support/e2e/fixtures';
import { queueDialog } from '../support/e2e/files';
import { jumpTo, runCommand } from '../support/e2e/menus';
import type { App } from '../support/e2e/pages/app';
import { screenshotThemes } from '../support/e2e/screenshots';

/*
 * Table rows from the keyboard and the context menu, on the archives of
 * sql-eu-prod-01 (90 in the demo data). One harness, in order.
 */
test.describe.configure({ mode: 'serial' });

const menu = (page: Page) => page.getByTestId('row-context-menu');
const rowKey = (app: App, index: number) =>
  app.archives.rows.nth(index).getAttribute('data-row-key');

test('rows take the focus, arrow keys move it, and the context-menu key and Shift+F10 open the row menu', async ({
  app,
  page,
}) => {
  await jumpTo(page, 'archives prod', 'archives-view');
  await app.archives.rows.first().focus();
  await expect(app.archives.rows.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(app.archives.rows.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(app.archives.rows.nth(1)).toBeFocused();

  await page.keyboard.press('Shift+F10');
  await expect(menu(page)).toBeVisible();
  await expect(menu(page)).toContainText('Delete');
  await expect(menu(page)).toContainText('Show raw JSON');
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();

  // The menu works from the keys too: its first item (Details) on the focused row.
  const name = await app.archives.rows.nth(1).locator('td').nth(1).innerText();
  await page.keyboard.press('ContextMenu');
  await expect(menu(page)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const details = page.getByTestId('archive-details');
  await expect(details.getByTestId('archive-detail-name')).toHaveText(name);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
});

test('right-click on a row opens the menu the "⋯" opens, for that row', async ({ app, page }) => {
  const third = app.archives.rows.nth(2);
  await third.locator('td').nth(1).click({ button: 'right' });
  await expect(menu(page)).toBeVisible();
  const labels = await menu(page).locator('.n-dropdown-option').allInnerTexts();
  await page.keyboard.press('Escape');
  await third.getByTestId('row-menu').click();
  const dots = page.locator('.n-dropdown-menu:visible').last();
  await expect(dots).toBeVisible();
  expect(await dots.locator('.n-dropdown-option').allInnerTexts()).toEqual(labels);
  await page.keyboard.press('Escape');

  await third.locator('td').nth(1).click({ button: 'right' });
  await menu(page).getByText('Show raw JSON').click();
  await expect(page.getByTestId('raw-json-drawer')).toContainText(
    `"archiveId": "${await rowKey(app, 2)}"`,
  );
  await page.keyboard.press('Escape');
});

test('the row menu closes when the window is resized under it', async ({ app, page }) => {
  await app.archives.rows.nth(2).getByTestId('row-menu').click();
  const open = page.locator('.n-dropdown-menu:visible');
  await expect(open).toHaveCount(1);
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(open).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('F1, Ctrl+/ and the palette open the keyboard shortcuts sheet; Esc closes it', async ({
  page,
}) => {
  const sheet = page.getByTestId('keyboard-shortcuts');
  await page.keyboard.press('F1');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Shift+F10');
  await expect(sheet).toContainText('Run a command');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await page.keyboard.press('Control+/');
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await runCommand(page, 'Keyboard shortcuts');
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
});

test('the palette saves diagnostics to the file chosen in the save dialog and says where', async ({
  page,
  harness,
  folder,
}) => {
  const file = join(folder, 'support.zip');
  await queueDialog(harness, { saveFile: file });
  await runCommand(page, 'Save diagnostics…');
  await expect(
    page.locator('.n-message').filter({ hasText: `Diagnostics saved to ${file}.` }),
  ).toBeVisible({
    timeout: 30_000,
  });
  const entries = Object.keys(unzipSync(new Uint8Array(await readFile(file))));
  expect(entries).toEqual(
    expect.arrayContaining(['README.txt', 'manifest.json', 'connectivity.json']),
  );
});

test('the tree is an ARIA tree: arrow keys move its cursor, announced, and Enter opens the node', async ({
  page,
}) => {
  const tree = page.getByRole('tree', { name: 'Connections and their resources' });
  const dev = tree.getByRole('treeitem').filter({ hasText: 'sql-eu-dev-01' });
  await expect(dev).toHaveAttribute('aria-level', '2');
  await expect(dev).toHaveAttribute('aria-expanded', 'false');
  const devId = await dev.getAttribute('id');
  await tree.focus();
  for (let step = 0; step < 20; step += 1) {
    await page.keyboard.press('ArrowDown');
    if ((await tree.getAttribute('aria-activedescendant')) === devId) break;
  }
  await expect(tree).toHaveAttribute('aria-activedescendant', devId ?? '');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('instance-overview')).toBeVisible();
  await expect(page.getByTestId('view-title')).toContainText('sql-eu-dev-01');
  await expect(dev).toHaveAttribute('aria-selected', 'true');
});

test('a dialog opened from the keyboard keeps the focus inside and gives it back on close', async ({
  page,
}) => {
  await jumpTo(page, 'databases sql-eu-prod-01', 'database-table');
  const create = page.getByTestId('create-database');
  await create.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('create-database-dialog');
  await expect(dialog).toBeVisible();
  // Tab cycles within the dialog: twenty presses never leave it.
  for (let step = 0; step < 20; step += 1) await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();
});

test('the activity panel collapses to the status bar strip, which opens it; its edge resizes it', async ({
  page,
}) => {
  const strip = page.getByTestId('status-activity');
  const slot = page.getByTestId('activity-slot');
  await expect(strip).toHaveText(/^Activity: /);
  await expect(slot).toBeHidden();
  await strip.click();
  await expect(slot).toBeVisible();
  await expect(strip).toHaveAttribute('aria-pressed', 'true');
  const before = (await slot.boundingBox())?.height ?? 0;
  // From the keyboard: the edge is a separator; ↑ makes the panel taller.
  const edge = page.getByRole('separator', { name: 'Height of the activity panel' });
  await edge.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await slot.boundingBox())?.height ?? 0).toBe(before + 48);
  // With the pointer: dragged 100 px down, 100 px shorter.
  const box = await edge.boundingBox();
  if (!box) throw new Error('No resizer');
  await page.mouse.move(box.x + 200, box.y + 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + 102, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await slot.boundingBox())?.height ?? 0).toBe(before - 52);
  await strip.click();
  await expect(slot).toBeHidden();
});

// Last: it leaves the audit trail open, which the tests above do not expect.
test('the top bar and Ctrl+Shift+J / Ctrl+Shift+A open all jobs and the audit trail; the sheet lists both keys', async ({
  page,
}) => {
  await page.getByTestId('open-all-jobs').click();
  await expect(page.getByTestId('all-jobs-view')).toBeVisible();
  await expect(page.getByTestId('open-all-jobs')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('open-audit').click();
  await expect(page.getByTestId('audit-view')).toBeVisible();
  await expect(page.getByTestId('open-audit')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('open-all-jobs')).not.toHaveAttribute('aria-current', 'page');
  await page.getByTestId('open-connections').click();
  await page.keyboard.press('Control+Shift+J');
  await expect(page.getByTestId('all-jobs-view')).toBeVisible();
  await page.keyboard.press('Control+Shift+A');
  await expect(page.getByTestId('audit-view')).toBeVisible();
  await page.keyboard.press('F1');
  const sheet = page.getByTestId('keyboard-shortcuts');
  await expect(sheet).toContainText('Open all jobs (every open connection)');
  await expect(sheet).toContainText('Open the audit trail');
  await screenshotThemes(page, 'keyboard-shortcuts-sheet');
  await page.keyboard.press('Escape');
});

test('with the system asking for less motion nothing fades or scales; otherwise it does', async ({
  page,
}) => {
  const button = page.getByTestId('open-settings');
  const duration = (): Promise<string> =>
    button.evaluate(
      (element: unknown) =>
        (
          globalThis as unknown as {
            getComputedStyle(this: void, e: unknown): { transitionDuration: string };
          }
        ).getComputedStyle(element).transitionDuration,
    );
  try {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await duration()).not.toMatch(/^0s(, 0s)*$/);
  } finally {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  }
  expect(await duration()).toMatch(/^0s(, 0s)*$/);
});
