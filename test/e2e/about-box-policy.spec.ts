import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { runCommand } from '../support/e2e/menus';
import { screenshotModalThemes, screenshotThemes } from '../support/e2e/screenshots';

/*
 * Updates turned off by the organisation: the machine policy's updates.mode locks the update
 * mode, so the About box says who turned them off and its Check for updates is disabled,
 * described by that sentence; Settings shows the Updates row locked. The harness plays a
 * packaged AppImage, which would update itself but for the policy.
 */
test.describe.configure({ mode: 'serial' });
test.use({
  open: 'loaded',
  policy: JSON.stringify({ version: 1, updates: { mode: 'off', pinVersion: '0.3.0' } }),
  updates: {
    kind: { platform: 'linux', isPackaged: true, appImage: '/opt/DataBridge.AppImage' },
    answers: [],
  },
});

const POLICY_OFF =
  'Your organisation turned updates off on this computer. Ask your IT department for new versions.';

test('the About box says the organisation turned updates off, its button off', async ({ page }) => {
  await runCommand(page, 'About DataBridge Desktop');
  const about = page.getByTestId('about-box');
  await expect(about).toBeVisible();
  await expect(page.getByTestId('about-mode')).toHaveText('Off');
  await expect(about).toContainText('Pinned version0.3.0, set by your organisation');
  await expect(page.getByTestId('about-update-state')).toHaveText(POLICY_OFF);
  const check = about.getByRole('button', { name: 'Check for updates' });
  await expect(check).toBeDisabled();
  await expect(check).toHaveAccessibleDescription(POLICY_OFF);
  await expectAccessible(page, 'the About box with updates off', ['.n-modal-container'], {
    everyRuleInDark: true,
  });
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await screenshotModalThemes(
    page,
    'dialogs/about-box-policy-off',
    async () => {
      await runCommand(page, 'About DataBridge Desktop');
      return page.getByTestId('about-box');
    },
    async () => {
      await page.keyboard.press('Escape');
    },
  );
});

test('Settings shows the update mode locked and the channel free', async ({ app, page }) => {
  await page.getByTestId('open-settings').click();
  await expect(app.settings.view).toBeVisible();
  const mode = page.getByTestId('settings-update-mode');
  await expect(mode.getByRole('radio', { name: 'Automatic' })).toBeDisabled();
  await expect(mode).toHaveAccessibleDescription('Set by your organisation');
  await expect(
    page.getByTestId('settings-update-channel').getByRole('radio', { name: 'Beta' }),
  ).toBeEnabled();
  await screenshotThemes(
    page,
    'views/settings-updates-locked',
    app.settings.view.locator('.n-card').filter({ hasText: 'Update channel' }),
  );
});
