import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dismissNotifications } from '../support/e2e/alerts';
import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo, pickMenuItem } from '../support/e2e/menus';
import { screenshotSizes, screenshotThemes } from '../support/e2e/screenshots';
import { tableRows } from '../support/e2e/tables';

/*
 * The Audit view against the harness's own trail (in its data folder): a session killed in
 * the Sessions view shows as a change with its target, the kills filter keeps it, and a trail
 * edited on disk is reported, kept aside and followed by a new chain. One harness.
 */
test.describe.configure({ mode: 'serial' });

let killed = '';

test('a session killed in the app is in the audit trail, with the kills filter keeping it', async ({
  app,
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'sessions dev', 'sessions-view');
  const users = tableRows(page, 'session-table');
  await expect(users.first()).toBeVisible();
  await dismissNotifications(page);
  const row = users.last();
  killed = (await row.getAttribute('data-row-key')) ?? '';
  await row.getByTestId('row-menu').click();
  await pickMenuItem(page, 'Kill session…');
  await page.getByTestId('kill-dialog').getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('kill-dialog')).toBeHidden();

  await jumpTo(page, 'audit', 'audit-view');
  const first = app.audit.rows.first();
  await expect(first).toContainText('sessions kill');
  await expect(first).toContainText(`sql-eu-dev-01 / ${killed}`);
  // Who: the emulator's API key, by its fingerprint (the connection's column gives way here).
  await expect(first).toContainText(/key [0-9a-f]{12}/);
  await expect(first).toContainText('Succeeded');
  // One operation is an action of its own: its one call, with the service's answer.
  await app.audit.expander(first).click();
  await expect(app.audit.calls(first)).toHaveCount(1);
  await expect(app.audit.calls(first)).toContainText(/sessions kill.*Done · 20[04]/);
  // The sign-in itself is not a change; reads are not either.
  await expect(app.audit.rows.filter({ hasText: /list|get/ })).toHaveCount(0);

  await page.getByTestId('audit-kills-only').click();
  await expect(app.audit.rows).toHaveCount(1);
  await expect(app.audit.rows.first()).toContainText(killed);
  await page.getByTestId('audit-outcome').getByText('Failed').click();
  await expect(page.getByTestId('audit-table')).toContainText('No action matches the filters');
  await page.getByTestId('audit-outcome').getByText('All').click();
  await page.getByTestId('audit-kills-only').click();
  await expect(app.audit.rows.first()).toContainText('sessions kill');
  await screenshotThemes(page, 'audit-view');
  await screenshotSizes(page, 'views/audit-view');
  await expectAccessible(page, 'the audit view', ['[data-testid="audit-view"]'], {
    everyRuleInDark: true,
  });
  expect(consoleErrors).toEqual([]);
});

test('a trail edited on disk is reported, kept aside, and a new chain records it', async ({
  app,
  page,
  harness,
  consoleErrors,
}) => {
  const folder = join(harness.dataDir, 'audit');
  const files = (await readdir(folder)).filter((name) => /^audit.*\.jsonl$/.test(name));
  expect(files.length).toBeGreaterThan(0);
  const file = join(folder, files[0] ?? '');
  const text = await readFile(file, 'utf8');
  expect(text).toContain(killed);
  await writeFile(file, text.replace(`"${killed}"`, '"1"'));

  await page.getByTestId('audit-refresh').click();
  const problem = page.getByTestId('audit-problem');
  await expect(problem).toContainText('did not verify');
  await expect(problem).toContainText('kept aside as');
  await expect(app.audit.rows.first()).toContainText('new chain');
  expect((await readdir(folder)).some((name) => name.includes('.damaged.'))).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('a change whose outcome never came is marked Outcome unknown, and its filter keeps it', async ({
  app,
  page,
  harness,
  consoleErrors,
}) => {
  // What a run killed right after sending a drop leaves: its intent, and no outcome (sent ten
  // minutes ago: no longer on its way).
  await harness.services.audit.append({
    time: new Date(Date.now() - 10 * 60_000).toISOString(),
    type: 'intent',
    intentId: 'e2e-intent-1',
    source: { kind: 'cli', version: '0.1.0' },
    profile: { id: 'cli', name: 'command line' },
    principal: { kind: 'apiKey', keyFingerprint: '0123456789ab' },
    host: '127.0.0.1',
    operation: 'databases.drop',
    target: { instanceName: 'sql-eu-dev-01', databaseName: 'Modeler_Test_01' },
  });
  await page.getByTestId('audit-refresh').click();
  const first = app.audit.rows.first();
  await expect(first).toContainText('databases drop');
  await expect(first).toContainText('Outcome unknown');
  await page.getByTestId('audit-outcome').getByText('Unknown').click();
  await expect(app.audit.rows).toHaveCount(1);
  await screenshotThemes(page, 'audit-view-unknown');
  await expectAccessible(page, 'the audit view with an unknown outcome', [
    '[data-testid="audit-view"]',
  ]);
  await page.getByTestId('audit-outcome').getByText('All').click();
  expect(consoleErrors).toEqual([]);
});
