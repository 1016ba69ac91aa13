import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo, pickMenuItem } from '../support/e2e/menus';
import { screenshotThemes } from '../support/e2e/screenshots';

/*
 * A password SQL Server's default policy refuses asks for a second press before it is sent,
 * and the emulator (an instance with CHECK_POLICY=ON) refuses it then. What reaches the
 * emulator is read from its request log, so "the first press sent nothing" is a count.
 */
test.describe.configure({ mode: 'serial' });

const LOGINS_PATH = '/databridge/v1/sql-instances/sql-eu-dev-01/Logins';
const MODAL = ['.n-modal-container'];
const requests: string[] = [];
test.use({ emulator: { log: (line: string) => void requests.push(line) } });

/** The emulator's answers to `method` on `path`: their statuses, in order. */
function answered(method: string, path: string): string[] {
  return requests
    .map((line) => line.split(' '))
    .filter(([m, p]) => m === method && p === path)
    .map(([, , status]) => status ?? '');
}
const creates = () => answered('POST', LOGINS_PATH);
test('a weak password reads "Create anyway", and the first click only arms', async ({ page }) => {
  await jumpTo(page, 'logins dev', 'logins-view');
  await page.getByTestId('login-create').click();
  const create = page.getByTestId('login-create-dialog');
  const confirm = create.getByTestId('dialog-confirm');
  const hint = create.getByTestId('password-armed-hint');
  await create.getByTestId('login-name').locator('input').fill('weak_e2e');
  const password = create.getByTestId('password-input').locator('input');
  await password.fill('abc');

  await expect(confirm).toHaveText('Create anyway');
  await expect(
    create.getByRole('button', {
      name: 'Create anyway, with a password that does not meet the password policy',
      exact: true,
    }),
  ).toBeVisible();
  await expect(hint).toBeHidden();

  await confirm.click();
  await expect(hint).toBeVisible();
  await expect(hint).toContainText('Press Create anyway again');
  await expect(confirm).toHaveAccessibleName(/^Create anyway, .*: press again to send it$/);
  await expect(create.getByTestId('error-state')).toBeHidden();
  await screenshotThemes(page, 'logins-create-armed');
});

test('the armed dialog passes the accessibility check', async ({ page }) => {
  await expect(page.getByTestId('password-armed-hint')).toBeVisible();
  await expectAccessible(page, 'the armed create login dialog', MODAL);
});

test('the second click sends, and the refusal is shown with the dialog and the input kept', async ({
  page,
}) => {
  const create = page.getByTestId('login-create-dialog');
  const confirm = create.getByTestId('dialog-confirm');
  const hint = create.getByTestId('password-armed-hint');
  const password = create.getByTestId('password-input').locator('input');
  await confirm.click();
  const error = create.getByTestId('error-state');
  await expect(error).toContainText('Create login failed');
  await expect(error).toContainText('Password validation failed');
  await expect(error).toContainText('shorter than 8 characters');
  await expect(error).toContainText('Choose a password of at least 8 characters');
  await expect(error).toContainText('HTTP 400');
  // One request for two clicks: the first only armed.
  await expect.poll(creates).toEqual(['400']);
  await expect(create).toBeVisible();
  await expect(create.getByTestId('login-name').locator('input')).toHaveValue('weak_e2e');
  await expect(password).toHaveValue('abc');
  // Sending disarmed: another attempt asks again.
  await expect(hint).toBeHidden();
  await expect(confirm).toHaveText('Create anyway');
});

test('Enter behaves as the button: the first press arms, the second sends', async ({ page }) => {
  const create = page.getByTestId('login-create-dialog');
  const password = create.getByTestId('password-input').locator('input');
  // A new password is judged afresh (and disarms); this one is long but of two categories.
  await password.fill('abcdefghij12');
  await password.press('Enter');
  await expect(create.getByTestId('password-armed-hint')).toBeVisible();
  await password.press('Enter');
  await expect(create.getByTestId('error-state')).toContainText('fewer than three');
  await expect.poll(creates).toEqual(['400', '400']);
  await expect(create).toBeVisible();
});

test('the second click of a double-click is not the deliberate one', async ({ page }) => {
  const create = page.getByTestId('login-create-dialog');
  const password = create.getByTestId('password-input').locator('input');
  await password.fill('weak_e2e#1');
  await expect(create.getByTestId('password-policy-warning')).toContainText(
    'contains the login name',
  );
  await create.getByTestId('dialog-confirm').dblclick();
  await expect(create.getByTestId('password-armed-hint')).toBeVisible();
  // Nothing more was sent: the count is checked again once a later request has answered.
});

test('a strong password creates at once, with the usual button', async ({
  app,
  page,
  harness,
}) => {
  const create = page.getByTestId('login-create-dialog');
  const confirm = create.getByTestId('dialog-confirm');
  await create.getByTestId('password-input').locator('input').fill('Str0ng!Passw0rd#1');
  await expect(create.getByTestId('password-armed-hint')).toBeHidden();
  await expect(confirm).toHaveText('Create login');
  await expect(confirm).toHaveAccessibleName('Create login');
  // The job is held in flight while its start shows, then runs to its end.
  harness.emulator.jobs.hold();
  await confirm.click();
  await expect(create).toBeHidden();
  await expect(page.getByText('Login creation started')).toBeVisible();
  await expect(app.logins.row('weak_e2e')).toBeVisible();
  harness.emulator.jobs.release();
  await expect.poll(creates).toEqual(['400', '400', '202']);
});

test('change password asks once more too, and keeps the dialog on the refusal', async ({
  app,
  page,
}) => {
  await app.logins.row('report_reader').getByTestId('row-menu').click();
  await pickMenuItem(page, 'Change password');
  const change = page.getByTestId('login-password-dialog');
  const confirm = change.getByTestId('dialog-confirm');
  const password = change.getByTestId('password-input').locator('input');
  await password.fill('reader');
  await expect(confirm).toHaveText('Change anyway');
  await confirm.click();
  await expect(change.getByTestId('password-armed-hint')).toContainText('Press Change anyway');
  await confirm.click();
  const error = change.getByTestId('error-state');
  await expect(error).toContainText('Change password failed');
  await expect(error).toContainText('Password validation failed');
  await expect(password).toHaveValue('reader');
  const patches = () => answered('PATCH', `${LOGINS_PATH}/report_reader`);
  await expect.poll(patches).toEqual(['400']);

  await change.getByTestId('password-generate').click();
  await expect(confirm).toHaveText('Change password');
  await confirm.click();
  await expect(change).toBeHidden();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect.poll(patches).toEqual(['400', '200']);
  // Every create so far, the double-click's included: still the three of the tests above.
  expect(creates()).toEqual(['400', '400', '202']);
});
