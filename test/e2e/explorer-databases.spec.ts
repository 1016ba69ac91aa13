import type { Harness } from '../harness/server';
import { expect, test } from '../support/e2e/fixtures';
import { screenshotAs, screenshotSizes, screenshotThemes } from '../support/e2e/screenshots';

/*
 * The databases of an instance and every database action, against the harness's built-in
 * emulator (demo data). One harness for the file; tests run in order and build on each
 * other (the database created first is renamed, pinned, shrunk... later).
 */
test.describe.configure({ mode: 'serial' });
// Each test loads the app in a page of its own (one routes its socket).
test.use({ pageScope: 'test', open: 'blank' });

const PROD = 'sql-eu-prod-01';
const DEV = 'sql-eu-dev-01';

test('the databases view lists, sorts on the service, searches and chooses columns', async ({
  app,
  page,
  consoleErrors,
}) => {
  await app.openEmulator();
  await app.openDatabases(PROD);
  const rows = app.databases.table.locator('tbody tr');
  await expect(rows).toHaveCount(12);
  await expect(page.getByTestId('view-title')).toHaveText('Databases');

  // Sorting by size asks the service (sort=sizeInMb DESC): the 150 GiB warehouse comes first.
  await page.getByTestId('database-sort').click();
  await page.locator('.n-base-select-option').filter({ hasText: 'Size ↓' }).click();
  await expect(rows.first()).toContainText('RiskWarehouse');
  await expect(rows.first()).toContainText('150 GiB');

  await page.getByTestId('table-search').locator('input').fill('rdm_results');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('row-count')).toHaveText('2 of 12');
  await page.getByTestId('table-search').locator('input').fill('');

  await page.getByTestId('column-chooser').click();
  await page.locator('.n-checkbox').filter({ hasText: 'Secured' }).click();
  await expect(app.databases.table.locator('th').filter({ hasText: 'Secured' })).toBeVisible();
  await screenshotSizes(page, 'dialogs/column-chooser');
  await page.keyboard.press('Escape');

  await screenshotThemes(page, 'databases');
  expect(consoleErrors).toEqual([]);
});

test('a row shows and copies its raw JSON with the fields the contract does not know', async ({
  app,
  page,
}) => {
  // The service may add fields (records.md, "Tolerance"); the emulator adds none, so one is
  // added to the answers on the harness socket, after main has parsed them.
  await page.routeWebSocket(/\/ipc\?/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) =>
      ws.send(
        typeof message === 'string'
          ? message.replaceAll(
              '"name":"Finance_Ledger",',
              '"name":"Finance_Ledger","replicaRole":"Primary",',
            )
          : message,
      ),
    );
  });
  await app.databaseAction(PROD, 'Finance_Ledger', 'Show raw JSON');
  const drawer = page.getByTestId('raw-json-drawer');
  await expect(drawer.getByTestId('raw-json')).toContainText('"name": "Finance_Ledger"');
  await expect(drawer.getByTestId('raw-json')).toContainText('"replicaRole": "Primary"');
  await expect(drawer.getByTestId('raw-json-unknown')).toContainText(
    'Fields not in the contract: replicaRole',
  );
  await page.keyboard.press('Escape');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.rowAction(app.databases.row('Finance_Ledger'), 'Copy as JSON');
  await expect(page.getByText('Copied Finance_Ledger as JSON')).toBeVisible();
  const copied = JSON.parse(
    await page.evaluate<string>('navigator.clipboard.readText()'),
  ) as unknown;
  expect(copied).toMatchObject({ name: 'Finance_Ledger', replicaRole: 'Primary' });
  await app.rowAction(app.databases.row('Exposure_Master'), 'Show raw JSON');
  await expect(drawer.getByTestId('raw-json-unknown')).toHaveText(
    'Every field is known to the contract.',
  );
  await page.keyboard.press('Escape');
});

test('a row’s menu exports that database', async ({ app, page }) => {
  await app.databaseAction(PROD, 'Finance_Ledger', 'Export…');
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toContainText('Export Finance_Ledger');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('the adminAccess switch lists every managed database', async ({ app, page }) => {
  await app.openEmulator();
  await app.openDatabases(PROD);
  await page.getByTestId('admin-access').click();
  await expect(page.getByText('Every managed database (admin access)')).toBeVisible();
  await expect(app.databases.table.locator('tbody tr').first()).toBeVisible();
  await page.getByTestId('admin-access').click();
  await expect(page.getByText('Databases you can access')).toBeVisible();
});

test('the database view shows a database with its groups and sessions', async ({ app, page }) => {
  await app.openEmulator();
  await app.openDatabases(PROD);
  // A double-click opens a database (a click only makes its row the current one).
  await app.databases.row('Finance_Ledger').getByText('Finance_Ledger').dblclick();
  await expect(page.getByTestId('view-title')).toContainText('Finance_Ledger');
  await expect(page.getByTestId('database-groups')).toContainText('Finance');
  await expect(page.getByTestId('database-sessions')).toHaveText(/^\d+$/);
  await screenshotThemes(page, 'database');
});

const NEW_DB = 'Explorer_Test_DB';
const RENAMED = 'Explorer_Renamed';
const FINANCE_GROUP = '8b3e4c90-5d6f-4071-8cbd-2e3f4a5b6c73';
const RESOURCE_GROUP = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

/**
 * True when the job watcher follows a job of `instance` whose label starts with `label`.
 * (Main tracks the jobs the resource channels start, labelled from the catalogue's job
 * declaration, e.g. `Rename A to B`; a prefix is enough here.)
 */
function isTracked(harness: Harness, instance: string, label: string): boolean {
  return harness.services.jobs
    .list()
    .some((job) => job.instanceName === instance && (job.label ?? '').startsWith(label));
}

/** A date and time `days` from now as the date picker's input takes it. */
function pickerDate(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} 12:00:00`;
}

test('create database checks the name with the contract and keeps the input on failure', async ({
  app,
  page,
  harness,
}) => {
  await app.openEmulator();
  await app.openDatabases(DEV);
  await page.getByTestId('create-database').click();
  const dialog = page.getByTestId('create-database-dialog');
  const name = dialog.getByTestId('database-name').locator('input');
  await name.fill('bad/name');
  await expect(dialog.getByText('Database name may contain only letters')).toBeVisible();
  await app.dialogConfirm('create-database-dialog').click();
  await expect(dialog).toBeVisible();

  // A name the instance already has: the service refuses (409), and nothing typed is lost.
  await name.fill('Modeler_Test_01');
  await dialog.getByTestId('database-group-ids').locator('button').click();
  await page.keyboard.type('no-such-group');
  await page.keyboard.press('Enter');
  await app.dialogConfirm('create-database-dialog').click();
  await expect(dialog.getByTestId('error-state')).toContainText('Create database failed');
  await expect(dialog.getByTestId('error-state')).toContainText('Modeler_Test_01 already exists');
  await expect(name).toHaveValue('Modeler_Test_01');
  await expect(dialog.getByTestId('database-group-ids')).toContainText('no-such-group');
  await screenshotAs(page, 'create-database-error-light');

  await name.fill(NEW_DB);
  await dialog.locator('.n-tag__close').click();
  // The job is held in flight while its start shows, then runs to its end.
  harness.emulator.jobs.hold();
  await app.dialogConfirm('create-database-dialog').click();
  await expect(dialog).toBeHidden();
  await expect(app.toast('Database creation started')).toBeVisible();
  await expect(page.getByTestId('activity-slot')).toBeVisible();
  harness.emulator.jobs.release();
  await expect(app.databases.row(NEW_DB)).toContainText('Ready', { timeout: 20_000 });
  expect(isTracked(harness, DEV, 'Create')).toBe(true);
});

test('pin with an expiry, then unpin', async ({ app, page }) => {
  await app.databaseAction(DEV, NEW_DB, 'Pin…');
  const dialog = page.getByTestId('pin-database-dialog');
  await dialog.getByTestId('pin-expiry').locator('input').fill(pickerDate(30));
  await page.locator('.n-date-panel-actions').getByText('Confirm').click();
  await app.dialogConfirm('pin-database-dialog').click();
  await expect(app.toast(`${NEW_DB} pinned`)).toBeVisible();
  // The Pinned column shows the date the pin ends (its time on hover).
  const pinned = app.databases.row(NEW_DB).locator('td[data-col-key="pinned"]');
  await expect(pinned).toHaveText(/\d/);

  await app.rowAction(app.databases.row(NEW_DB), 'Unpin or change expiry…');
  await dialog.getByTestId('pin-no').click();
  await app.dialogConfirm('pin-database-dialog').click();
  await expect(app.toast(`${NEW_DB} unpinned`)).toBeVisible();
  await expect(pinned).toHaveText('—');
});

test('rename refuses a taken name and renames as a job', async ({ app, page, harness }) => {
  await app.databaseAction(DEV, NEW_DB, 'Rename…');
  const dialog = page.getByTestId('rename-database-dialog');
  const input = dialog.getByTestId('rename-name').locator('input');
  await input.fill(`${NEW_DB}`);
  await input.press('Tab');
  await expect(dialog.getByText('Type the new name: this is its name now')).toBeVisible();
  await input.fill('Dev_RDM_Sample');
  await expect(dialog.getByText('A database with this name exists already')).toBeVisible();
  await input.fill(RENAMED);
  harness.emulator.jobs.hold();
  await app.dialogConfirm('rename-database-dialog').click();
  await expect(app.toast('Rename started')).toBeVisible();
  harness.emulator.jobs.release();
  await expect(app.databases.row(RENAMED)).toContainText('Ready', { timeout: 20_000 });
  expect(isTracked(harness, DEV, `Rename ${NEW_DB}`)).toBe(true);
});

test('shrink the log only', async ({ app, page, harness }) => {
  await app.databaseAction(DEV, RENAMED, 'Shrink…');
  await page.getByTestId('shrink-logs-only').click();
  harness.emulator.jobs.hold();
  await app.dialogConfirm('shrink-database-dialog').click();
  await expect(app.toast('Shrink started')).toBeVisible();
  harness.emulator.jobs.release();
  expect(isTracked(harness, DEV, `Shrink ${RENAMED}`)).toBe(true);
  await expect(app.databases.row(RENAMED)).toContainText('Ready', { timeout: 20_000 });
});

test('archive with a resource group id (remembered) and an expiry', async ({
  app,
  page,
  harness,
}) => {
  await app.databaseAction(DEV, RENAMED, 'Archive…');
  const dialog = page.getByTestId('archive-database-dialog');
  const group = dialog.getByTestId('archive-resource-group').locator('input');
  await group.fill('not-a-guid');
  await expect(dialog.getByText('Resource group id must be a GUID')).toBeVisible();
  await group.fill(RESOURCE_GROUP);
  await dialog.getByTestId('archive-expiry').locator('input').fill(pickerDate(90));
  await page.locator('.n-date-panel-actions').getByText('Confirm').click();
  harness.emulator.jobs.hold();
  await app.dialogConfirm('archive-database-dialog').click();
  await expect(app.toast('Archive started')).toBeVisible();
  harness.emulator.jobs.release();
  const profile = harness.services.profiles.list().find((p) => p.isEmulator);
  expect(profile?.resourceGroupId).toBe(RESOURCE_GROUP);
  await expect(app.databases.row(RENAMED)).toContainText('Ready', { timeout: 20_000 });
});

test('security groups of a database and of an instance', async ({ app, page }) => {
  await app.databaseAction(DEV, RENAMED, 'Security groups…');
  const dialog = page.getByTestId('security-dialog');
  await dialog.getByTestId('groups-add').locator('button').click();
  await page.keyboard.type(FINANCE_GROUP);
  await page.keyboard.press('Enter');
  await app.dialogConfirm('security-dialog').click();
  await expect(app.toast('Security groups updated')).toBeVisible();
  await expect(app.databases.row(RENAMED)).toContainText('Finance');

  await page.getByText(DEV, { exact: true }).first().click();
  await page.getByTestId('instance-security').click();
  await dialog.getByTestId('groups-remove').locator('button').click();
  await page.keyboard.type(FINANCE_GROUP);
  await page.keyboard.press('Enter');
  await app.dialogConfirm('security-dialog').click();
  await expect(app.toast('Security groups updated')).toBeVisible();
});

test('move to an instance picked from the list', async ({ app, page, harness }) => {
  await app.databaseAction(DEV, RENAMED, 'Move to another instance…');
  const dialog = page.getByTestId('move-database-dialog');
  await app.dialogConfirm('move-database-dialog').click();
  await expect(dialog.getByText('Destination server is required')).toBeVisible();
  await dialog.getByTestId('move-destination').click();
  const options = page.locator('.n-base-select-option');
  await expect(options).toHaveCount(2);
  await expect(options.filter({ hasText: DEV })).toHaveCount(0);
  await options.filter({ hasText: 'sql-eu-test-01' }).click();
  harness.emulator.jobs.hold();
  await app.dialogConfirm('move-database-dialog').click();
  await expect(app.toast('Move started')).toBeVisible();
  harness.emulator.jobs.release();
  await expect(app.databases.row(RENAMED)).toHaveCount(0, { timeout: 20_000 });
});

test('drop shows a summary, offers archive instead, and needs the name typed', async ({
  app,
  page,
}) => {
  await app.databaseAction(PROD, 'Analytics_Sandbox', 'Drop…');
  const dialog = page.getByTestId('drop-database-dialog');
  await expect(dialog.getByTestId('drop-summary')).toContainText('Size');
  await expect(dialog.getByTestId('drop-sessions')).toHaveText(/^\d+$/);
  await expect(app.dialogConfirm('drop-database-dialog')).toBeDisabled();
  await screenshotThemes(page, 'drop-dialog');

  await dialog.getByTestId('archive-instead').click();
  await expect(page.getByTestId('archive-database-dialog')).toBeVisible();
  await expect(
    page
      .getByTestId('archive-database-dialog')
      .getByTestId('archive-resource-group')
      .locator('input'),
  ).toHaveValue(RESOURCE_GROUP);
  await page.keyboard.press('Escape');

  await app.rowAction(app.databases.row('Analytics_Sandbox'), 'Drop…');
  await dialog.getByTestId('confirm-type-name').locator('input').fill('Analytics_Sandbox');
  await app.dialogConfirm('drop-database-dialog').click();
  await expect(app.toast('Database dropped')).toBeVisible();
  await expect(app.databases.row('Analytics_Sandbox')).toHaveCount(0);
});
