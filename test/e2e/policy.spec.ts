import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';

/*
 * Settings under a machine policy: a locked setting is shown disabled, with a lock and "Set by
 * your organisation" that its control is described by; a defaulted one stays editable. The
 * policy comes from the harness's policy folder (read as DATABRIDGE_POLICY_DIR is).
 */
test.describe.configure({ mode: 'serial' });
const ORG_MONITOR = 'https://monitor.corp.example:9464';
test.use({
  open: 'loaded',
  policy: JSON.stringify({
    version: 1,
    locked: { auditOnFailure: 'refuse', bandwidthLimitMiBps: 5 },
    defaults: { transfersAtOnce: 3 },
    teamMonitorUrl: ORG_MONITOR,
  }),
});

test('a locked setting is disabled, with a lock and the organisation named', async ({
  app,
  page,
}) => {
  await page.getByTestId('open-settings').click();
  await expect(app.settings.view).toBeVisible();
  await expect(page.getByTestId('settings-policy-in-force')).toContainText(
    'Your organisation manages this computer',
  );
  const bandwidth = app.settings.input('settings-bandwidth-limit');
  await expect(bandwidth).toBeDisabled();
  await expect(bandwidth).toHaveValue('5');
  await expect(bandwidth).toHaveAccessibleDescription('Set by your organisation');
  const audit = page.getByTestId('settings-audit-on-failure');
  await expect(audit.getByRole('radio', { name: 'Continue and warn' })).toBeDisabled();
  await expect(audit).toHaveAccessibleDescription('Set by your organisation');
  // A policy default is the user's to change.
  const atOnce = app.settings.input('settings-transfers-at-once');
  await expect(atOnce).toBeEnabled();
  await expect(atOnce).toHaveValue('3');
  await expect(page.getByTestId('setting-locked')).toHaveCount(2);
});

test('the settings under a policy pass the accessibility check', async ({ app, page }) => {
  await expect(app.settings.view).toBeVisible();
  await expectAccessible(page, 'settings under a policy', ['[data-testid="settings-view"]']);
});

test("a new connection names the organisation's team monitor, and takes its token", async ({
  app,
  page,
}) => {
  await page.getByTestId('open-connections').click();
  const { form } = app.connections;
  await expect(form).toBeVisible();
  const url = form.getByTestId('profile-team-monitor-url').locator('input');
  await expect(url).toHaveValue('');
  await expect(url).toHaveAttribute('placeholder', ORG_MONITOR);
  await expect(url).toHaveAccessibleDescription(
    new RegExp(`^Your organisation’s team monitor, ${ORG_MONITOR}, is read while this is empty`),
  );
  await expect(form.getByTestId('profile-team-monitor-token')).toBeVisible();
});
