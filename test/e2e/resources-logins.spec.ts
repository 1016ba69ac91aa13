import { expect, test } from '../support/e2e/fixtures';
import { jumpTo, runCommand } from '../support/e2e/menus';
import { screenshotSizes, screenshotThemes } from '../support/e2e/screenshots';

/* The logins view against the emulator's demo logins of sql-eu-dev-01; one harness per file. */
test.describe.configure({ mode: 'serial' });

test('the logins view lists the logins of the instance with their role and status', async ({
  app,
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'logins dev', 'logins-view');
  await expect(app.logins.rows).toHaveCount(5);
  await expect(app.logins.row('legacy_import')).toContainText('Disabled');
  await expect(app.logins.row('etl_loader')).toContainText('Contributor');
  await page
    .getByTestId('login-table')
    .getByTestId('table-search')
    .locator('input')
    .fill('analyst');
  await expect(app.logins.rows).toHaveCount(1);
  await page.getByTestId('login-table').getByTestId('table-search').locator('input').fill('');
  await screenshotThemes(page, 'logins');
  expect(consoleErrors).toEqual([]);
});

test('create login checks the form, generates a password to show and copy, and follows the job', async ({
  app,
  page,
  harness,
}) => {
  await runCommand(page, 'Create login');
  const create = page.getByTestId('login-create-dialog');
  await expect(create).toBeVisible();
  await create.getByTestId('dialog-confirm').click();
  await expect(create).toContainText('Login name is required');
  await expect(create).toContainText('Password is required');
  const name = create.getByTestId('login-name').locator('input');
  await name.fill('a_login_name_far_too_long');
  await expect(create).toContainText('Login name must be at most 20 characters');
  await name.fill('app_reader_e2e');

  const password = create.getByTestId('password-input').locator('input');
  // A password SQL Server's default policy would refuse is a warning, not a refusal.
  const warning = create.getByTestId('password-policy-warning');
  await password.fill('abc');
  await expect(warning).toContainText('shorter than 8 characters');
  await password.fill('App_Reader_e2e!2026');
  await expect(warning).toContainText('contains the login name');
  await create.getByTestId('password-generate').click();
  await expect(warning).toBeHidden();
  await expect(password).toHaveAttribute('type', 'password');
  const generated = await password.inputValue();
  expect(generated).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{24}$/);
  await create.locator('.n-input__eye').click();
  await expect(password).toHaveAttribute('type', 'text');
  await create.getByTestId('password-copy').click();
  await expect(page.getByText('Password copied')).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(generated);

  await create.getByText('Contributor (read and change)').click();
  await screenshotThemes(page, 'logins-create');
  // The job is held in flight while its start shows, then runs to its end.
  harness.emulator.jobs.hold();
  await create.getByTestId('dialog-confirm').click();
  await expect(create).toBeHidden();
  await expect(page.getByText('Login creation started')).toBeVisible();
  await expect(app.logins.row('app_reader_e2e')).toContainText('Contributor');
  harness.emulator.jobs.release();
  // The list is read again when the watched job ends: the login is then Enabled.
  await expect(app.logins.row('app_reader_e2e')).toContainText('Enabled', { timeout: 30_000 });
  expect(harness.services.jobs.list().some((job) => job.label?.includes('login'))).toBe(true);
});

test('a refused create shows the service message and keeps what was typed', async ({ page }) => {
  await page.getByTestId('login-create').click();
  const create = page.getByTestId('login-create-dialog');
  await create.getByTestId('login-name').locator('input').fill('etl_loader');
  await create.getByTestId('password-input').locator('input').fill('Another!Passw0rd');
  await create.getByTestId('dialog-confirm').click();
  const error = create.getByTestId('error-state');
  await expect(error).toContainText('Create login failed');
  await expect(error).toContainText('etl_loader');
  await expect(create.getByTestId('login-name').locator('input')).toHaveValue('etl_loader');
  await expect(create.getByTestId('password-input').locator('input')).toHaveValue(
    'Another!Passw0rd',
  );
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toBeHidden();
});

test('change password sends a new password checked by the contract', async ({ app, page }) => {
  await app.logins.rowMenu('report_reader', 'Change password');
  const change = page.getByTestId('login-password-dialog');
  await expect(change).toContainText('report_reader');
  await change.getByTestId('dialog-confirm').click();
  await expect(change).toContainText('Password is required');
  await screenshotSizes(page, 'dialogs/login-password-dialog');
  await change.getByTestId('password-generate').click();
  await change.getByTestId('dialog-confirm').click();
  await expect(change).toBeHidden();
  await expect(page.getByText('Password changed')).toBeVisible();
});

test('delete login needs the name typed, then the login goes away', async ({
  app,
  page,
  harness,
}) => {
  await app.logins.rowMenu('analyst_jane', 'Delete');
  const remove = page.getByTestId('login-delete-dialog');
  await expect(remove.getByTestId('dialog-confirm')).toBeDisabled();
  await screenshotSizes(page, 'dialogs/login-delete-dialog');
  await remove.getByTestId('confirm-type-name').locator('input').fill('analyst_jane');
  await remove.getByTestId('dialog-confirm').click();
  await expect(remove).toBeHidden();
  await expect(app.logins.row('analyst_jane')).toHaveCount(0);
  // Gone for good once the job ended and the list was read again.
  await expect
    .poll(
      // The app's own jobs: the monitor also follows other jobs of the watched instances.
      () =>
        harness.services.jobs.list().filter((job) => job.startedByApp && job.phase === 'running')
          .length,
      {
        timeout: 30_000,
      },
    )
    .toBe(0);
  await page.getByTestId('logins-refresh').click();
  await expect(app.logins.rows).toHaveCount(5);
  await expect(app.logins.row('analyst_jane')).toHaveCount(0);
});
