import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { screenshotModalThemes } from '../support/e2e/screenshots';

/*
 * A proxy that asks the app for a user name and password: main's question (asked here as the
 * proxy authenticator asks it, on a 407 with nothing in the keychain) opens the dialog, which
 * is answered from the keyboard, checked before it is sent, and gives the credentials to the
 * request that waits; Cancel declines and that request fails, saying so. The round trip
 * through a real proxy is test/integration/proxy/proxy-dialog.test.ts.
 */
test.describe.configure({ mode: 'serial' });

const PROXY = 'http://proxy.corp.example:8080';
const MODAL = ['.n-modal-container'];

test('the dialog names the proxy, checks the user name, and answers from the keyboard', async ({
  page,
  harness,
}) => {
  const asked = harness.services.proxyQuestions.ask({ proxy: PROXY });
  const dialog = page.getByTestId('proxy-credentials-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Sign in to the proxy' })).toBeVisible();
  await expect(dialog.getByTestId('proxy-credentials-proxy')).toContainText(PROXY);
  const user = dialog.getByRole('textbox', { name: 'User name' });
  const password = dialog.getByLabel('Password', { exact: true });
  await password.fill('corp-pw-1');
  await password.press('Enter');
  await expect(dialog).toContainText('User name is required');
  await user.fill('ali:ce');
  await expect(dialog).toContainText('A user name cannot hold a colon (Basic)');
  await user.fill('alice');
  await user.press('Enter');
  await expect(asked).resolves.toEqual({ user: 'alice', password: 'corp-pw-1' });
  await expect(dialog).toBeHidden();
  expect(harness.services.proxyQuestions.list()).toEqual([]);
});

test('the dialog passes the accessibility check in light and dark', async ({ page, harness }) => {
  const dialog = page.getByTestId('proxy-credentials-dialog');
  // Each question opened here is declined with Esc: its request's failure is expected.
  const open = async () => {
    void harness.services.proxyQuestions.ask({ proxy: PROXY }).catch(() => undefined);
    await expect(dialog).toBeVisible();
    return dialog;
  };
  await open();
  await expectAccessible(page, 'the proxy sign-in', MODAL, { everyRuleInDark: true });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await screenshotModalThemes(page, 'dialogs/proxy-credentials', open, () =>
    page.keyboard.press('Escape'),
  );
});

test('Cancel declines: what waits on the proxy fails, saying so', async ({ page, harness }) => {
  // The failure is taken as it comes: the request's promise must not be left unhandled.
  const failed = harness.services.proxyQuestions.ask({ proxy: PROXY }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  const dialog = page.getByTestId('proxy-credentials-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const error = await failed;
  expect(error).toMatchObject({ code: 'AUTH_REQUIRED' });
  expect(String((error as Error).message)).toContain(`You did not sign in to the proxy ${PROXY}`);
  await expect(dialog).toBeHidden();
});
