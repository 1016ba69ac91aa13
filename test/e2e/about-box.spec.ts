import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { runCommand } from '../support/e2e/menus';
import { screenshotModalThemes, screenshotSizes } from '../support/e2e/screenshots';

/*
 * The About box (Help → About in the app's menu; the command palette here, where the harness
 * has no native menu): the version and what runs the app, the update channel, mode and
 * source, the updater's state and last check, and Check for updates, all from the keyboard.
 * The harness plays a packaged AppImage whose checks find what the scripted engine says
 * (harness-updater.ts): first version 0.2.0, then a failure. The update mode is "when I ask",
 * so no automatic check runs during the file.
 */
test.describe.configure({ mode: 'serial' });
test.use({
  open: 'loaded',
  settings: { updateMode: 'manual' },
  updates: {
    kind: { platform: 'linux', isPackaged: true, appImage: '/opt/DataBridge.AppImage' },
    answers: [{ newest: '0.2.0' }, { checkFails: 'net::ERR_CONNECTION_REFUSED' }],
  },
});

const MODAL = ['.n-modal-container'];

test('opens from the command palette and checks for updates with the keyboard', async ({
  page,
}) => {
  await runCommand(page, 'About DataBridge Desktop');
  const about = page.getByTestId('about-box');
  await expect(about).toBeVisible();
  await expect(about.getByRole('heading', { name: 'About DataBridge Desktop' })).toBeVisible();
  await expect(page.getByTestId('about-version')).toHaveText('0.0.0-harness');
  await expect(about).toContainText('ElectronNone: not running in Electron');
  await expect(page.getByTestId('about-channel')).toHaveText('Stable');
  await expect(page.getByTestId('about-mode')).toHaveText('When you ask: Check for updates');
  await expect(about).toContainText('Releases fromGitHub Releases');
  await expect(page.getByTestId('about-last-check')).toHaveText('Never');
  const check = about.getByRole('button', { name: 'Check for updates' });
  await expect(check).toBeEnabled();
  // Focus starts in the dialog: Tab reaches the button (after the close button), Enter presses it.
  const isFocused = (): Promise<boolean> =>
    check.evaluate(
      (button: unknown) =>
        button ===
        (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
    );
  for (let presses = 0; presses < 4 && !(await isFocused()); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(check).toBeFocused();
  await page.keyboard.press('Enter');
  const state = page.getByTestId('about-update-state');
  await expect(state).toHaveText(
    'Version 0.2.0 is downloaded and verified; it installs when you quit the app.',
  );
  await expect(check).toHaveAccessibleDescription(
    'Version 0.2.0 is downloaded and verified; it installs when you quit the app.',
  );
  await expect(page.getByTestId('about-last-check')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
});

test('the About box passes the accessibility check in light and dark', async ({ page }) => {
  await expect(page.getByTestId('about-box')).toBeVisible();
  await expectAccessible(page, 'the About box', MODAL, { everyRuleInDark: true });
  await screenshotSizes(page, 'dialogs/about-box');
});

test('shots of the About box, light and dark', async ({ page }) => {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('about-box')).toBeHidden();
  await screenshotModalThemes(
    page,
    'dialogs/about-box',
    async () => {
      await runCommand(page, 'About DataBridge Desktop');
      return page.getByTestId('about-box');
    },
    async () => {
      await page.keyboard.press('Escape');
    },
  );
});

test('says a failed check, what the app does next and what to look at', async ({ page }) => {
  if (!(await page.getByTestId('about-box').isVisible())) {
    await runCommand(page, 'About DataBridge Desktop');
  }
  await page.getByTestId('about-check').click();
  await expect(page.getByTestId('about-update-state')).toHaveText(
    'Could not check for updates: net::ERR_CONNECTION_REFUSED. Try again later with Check for updates; meanwhile check the network connection to GitHub.',
  );
  await expect(page.getByTestId('about-check')).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('about-box')).toBeHidden();
});
