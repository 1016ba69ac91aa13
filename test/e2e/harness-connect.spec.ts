import { HARNESS_TOKEN_META } from '../../src/shared/ipc/harness-wire';
import { DIALOG_TOKEN_HEADER } from '../harness/server';
import { expect, test } from '../support/e2e/fixtures';
import { queueDialog } from '../support/e2e/files';
import { screenshotAs } from '../support/e2e/screenshots';

/*
 * The harness itself: the app loads through it, its page and socket want the token, and only
 * the test runner answers file dialogs. One harness for the file, a page per test; the
 * sign-in comes last, as the others look at the first-run screen.
 */
test.use({ pageScope: 'test', open: 'blank' });

test('the app loads through the harness without console errors and shows the connection screen', async ({
  page,
  harness,
  consoleErrors,
}) => {
  await page.goto(harness.url);
  await expect(page.getByText('DataBridge Desktop', { exact: true })).toBeVisible();
  await expect(page.getByTestId('connection-screen')).toBeVisible();
  // Native-only features are visibly absent in the harness.
  await expect(page.getByTestId('harness-badge')).toContainText('no tray');
  await screenshotAs(page, 'connection-screen');
  expect(consoleErrors).toEqual([]);
});

test('the harness refuses a page or socket without its token', async ({ page, harness }) => {
  const response = await page.goto(harness.origin + '/');
  expect(response?.status()).toBe(403);
  const opened = await page.evaluate(
    async (url) => {
      const socket = new WebSocket(url);
      return new Promise<boolean>((resolve) => {
        socket.onopen = () => resolve(true);
        socket.onerror = () => resolve(false);
      });
    },
    harness.origin.replace('http:', 'ws:') + '/ipc?token=wrong',
  );
  expect(opened).toBe(false);
});

test('the page cannot answer its own file dialog: only the test runner’s token can', async ({
  page,
  harness,
}) => {
  await page.goto(harness.url);
  await expect(page.getByTestId('connection-screen')).toBeVisible();
  // What a compromised page could do: read its own token and post a dialog answer with it,
  // under either header name (written as page source: the spec compiles without the DOM lib).
  const statuses = await page.evaluate<{
    hasToken: boolean;
    html: string;
    asPage: number;
    asRunner: number;
  }>(
    `(async () => {
      const meta = document.querySelector('meta[name="${HARNESS_TOKEN_META}"]');
      const token = meta ? meta.getAttribute('content') || '' : '';
      const post = (headers) =>
        fetch('/__harness/dialog', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ files: ['/etc/passwd'] }),
        }).then((response) => response.status);
      return {
        hasToken: token.length > 0,
        html: document.documentElement.outerHTML,
        asPage: await post({ 'x-harness-token': token }),
        asRunner: await post({ '${DIALOG_TOKEN_HEADER}': token }),
      };
    })()`,
  );
  expect(statuses.hasToken).toBe(true);
  expect(statuses.asPage).toBe(401);
  expect(statuses.asRunner).toBe(401);
  expect(statuses.html).not.toContain(harness.dialogToken);
  await expect(harness.platform.chooseFiles()).rejects.toMatchObject({ code: 'VALIDATION' });
  // The runner's token, which only this process has, is taken.
  await queueDialog(harness, { files: ['/tmp/chosen.bak'] });
  expect(await harness.platform.chooseFiles()).toEqual(['/tmp/chosen.bak']);
});

test('trying the local emulator connects and lists its three demo instances', async ({
  page,
  harness,
  consoleErrors,
}) => {
  await page.goto(harness.url);
  await page.getByTestId('try-emulator').first().click();
  for (const name of ['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01']) {
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  }
  await screenshotAs(page, 'emulator-instances');
  // The sign-in happened in main (the harness's services), not in the page.
  const [profile] = harness.services.profiles.list();
  expect(profile?.isEmulator).toBe(true);
  expect(harness.services.connections.state(profile?.id ?? '').status).toBe('signedIn');
  expect(consoleErrors).toEqual([]);
});
