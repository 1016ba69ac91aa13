import { AppError } from '../../src/shared/errors';
import type { SettingsPatch } from '../../src/shared/model/settings';
import type { Harness } from '../harness/server';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { runCommand } from '../support/e2e/menus';
import { screenshotAs, screenshotThemes, settled } from '../support/e2e/screenshots';
import type { App } from '../support/e2e/pages/app';

/*
 * The settings view: opened from the top bar, the palette, the menu's "Settings…" and
 * Ctrl/Cmd+,; saved values kept across a reload; invalid values refused before anything is
 * sent; a failure of main shown with what was typed kept. One harness for the file (the
 * settings are the app's, so no sign-in is needed).
 */
test.describe.configure({ mode: 'serial' });
// The settings are the app's: no sign-in.
test.use({ open: 'loaded' });

const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

/**
 * Starts counting the CSS transitions that begin on the page outside `except` (a selector);
 * the answer reads what began since, one `tag.class property` each.
 */
async function countTransitionsStarted(
  page: Page,
  except: string,
): Promise<() => Promise<string[]>> {
  type Started = { started?: string[] };
  await page.evaluate((selector) => {
    const world = globalThis as unknown as Started & {
      document: {
        addEventListener(type: string, listener: (event: unknown) => void, capture: boolean): void;
      };
    };
    const started: string[] = [];
    world.started = started;
    world.document.addEventListener(
      'transitionstart',
      (event) => {
        const { target, propertyName } = event as {
          target: { closest(s: string): unknown; tagName: string; className: unknown };
          propertyName: string;
        };
        if (target.closest(selector)) return;
        started.push(`${target.tagName.toLowerCase()}.${String(target.className)} ${propertyName}`);
      },
      true,
    );
  }, except);
  return () => page.evaluate(() => [...((globalThis as unknown as Started).started ?? [])]);
}

async function showConnections(app: App): Promise<void> {
  await app.page.getByTestId('open-connections').click();
  await expect(app.settings.view).toHaveCount(0);
}

/** Counts the `settings:update` calls that reach main while `body` runs. */
async function countingUpdates(harness: Harness, body: () => Promise<void>): Promise<number> {
  const store = harness.services.settings;
  const original = store.update.bind(store);
  let calls = 0;
  store.update = (patch: SettingsPatch) => {
    calls += 1;
    return original(patch);
  };
  try {
    await body();
  } finally {
    store.update = original;
  }
  return calls;
}

test('Settings opens from the top bar, the command palette, the menu and Ctrl/Cmd+,', async ({
  app,
  page,
  harness,
}) => {
  await page.getByTestId('open-settings').click();
  await expect(app.settings.view).toBeVisible();
  for (const group of ['Appearance', 'Window', 'Transfers', 'Session monitor']) {
    await expect(
      app.settings.view.locator('.n-card-header').filter({ hasText: group }),
    ).toBeVisible();
  }
  // The theme applies at once, from here as from the top bar (the same setting), and at once
  // means no colour of the page animates on the way (use-instant-theme.ts): no transition
  // starts outside the switch that was clicked.
  // (Clicked without moving the mouse or the focus, once what the last click set moving has
  // settled: the button that opened the view fades its hover and focus out, as it should.)
  await page.mouse.move(0, 0);
  await page.getByTestId('open-settings').blur();
  await settled(page);
  const transitionsStarted = await countTransitionsStarted(page, '[data-testid$="theme-switch"]');
  await page.getByTestId('settings-theme-dark').dispatchEvent('click');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('theme-dark').locator('input')).toBeChecked();
  await page.getByTestId('settings-theme-light').dispatchEvent('click');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await transitionsStarted()).toEqual([]);
  await expect(page.getByTestId('settings-state')).toHaveText('All changes saved');
  await showConnections(app);
  await runCommand(page, 'Open settings');
  await expect(app.settings.view).toBeVisible();
  await showConnections(app);
  harness.services.bus.emit('app:onDidRequestCommand', { command: 'openSettings' });
  await expect(app.settings.view).toBeVisible();
  await showConnections(app);
  await page.keyboard.press(`${MOD}+Comma`);
  await expect(app.settings.view).toBeVisible();
});

test('saved settings are kept after a reload and answered by main', async ({
  app,
  page,
  harness,
}) => {
  await expect(page.getByTestId('settings-state')).toHaveText('All changes saved');
  await app.settings.input('settings-parts-in-flight').fill('8');
  await app.settings.input('settings-ranges-in-flight').fill('6');
  await app.settings.input('settings-min-speed').fill('8');
  await app.settings.input('settings-min-speed-window').fill('30');
  await page.getByTestId('settings-close-to-tray').click();
  await page.getByTestId('settings-audit-continue').click();
  await expect(page.getByTestId('settings-state')).toHaveText('Unsaved changes');
  await app.settings.save.click();
  await expect(page.locator('.n-message').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expect(page.getByTestId('settings-state')).toHaveText('All changes saved');
  // What settings:get answers.
  expect(harness.services.settings.get()).toMatchObject({
    partsInFlight: 8,
    rangesInFlight: 6,
    closeToTray: true,
    auditOnFailure: 'continue',
    minSpeedKiBps: 8,
    minSpeedWindowSeconds: 30,
  });

  await page.reload();
  await page.getByTestId('open-settings').click();
  await expect(app.settings.input('settings-parts-in-flight')).toHaveValue('8');
  await expect(app.settings.input('settings-ranges-in-flight')).toHaveValue('6');
  await expect(page.getByLabel('Minimum speed in KiB/s', { exact: true })).toHaveValue('8');
  // Labelled for assistive technology by the name the row shows.
  await expect(page.getByLabel('Connections per download', { exact: true })).toHaveValue('6');
  await expect(page.getByTestId('settings-close-to-tray')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('settings-audit-continue').locator('input')).toBeChecked();
  await screenshotThemes(page, 'settings');
});

test('Start with the session is a named switch reached with the keyboard, with its explanation', async ({
  app,
  page,
  harness,
}) => {
  if ((await app.settings.view.count()) === 0) await page.getByTestId('open-settings').click();
  const toggle = page.getByRole('switch', { name: 'Start with the session' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(app.settings.view).toContainText(
    'Starts DataBridge hidden in the tray when you sign in to the computer, with the monitor running.',
  );
  // The next stop after the close-to-tray switch, and Space turns it on.
  await page.getByTestId('settings-close-to-tray').focus();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await app.settings.save.click();
  await expect(page.getByTestId('settings-state')).toHaveText('All changes saved');
  expect(harness.services.settings.get().startAtLogin).toBe(true);
  await toggle.click();
  await app.settings.save.click();
  await expect(page.getByTestId('settings-state')).toHaveText('All changes saved');
  expect(harness.services.settings.get().startAtLogin).toBe(false);
});

test("invalid values show the contract's message and nothing is sent", async ({
  app,
  page,
  harness,
}) => {
  const before = harness.services.settings.get();
  const parts = app.settings.input('settings-parts-in-flight');
  const calls = await countingUpdates(harness, async () => {
    await parts.fill('0');
    await expect(app.settings.view).toContainText('Parts in flight must be at least 1');
    await app.settings.save.click();
    await parts.fill('17');
    await expect(app.settings.view).toContainText('Parts in flight must be at most 16');
    await app.settings.input('settings-proxy-url').fill('http://proxy.corp:3128');
    await app.settings.save.click();
    await parts.fill('8');
    await expect(app.settings.view).not.toContainText('Parts in flight must');
    const connections = app.settings.input('settings-ranges-in-flight');
    await connections.fill('0');
    await expect(app.settings.view).toContainText('Connections per download must be at least 1');
    await app.settings.save.click();
    await connections.fill('17');
    await expect(app.settings.view).toContainText('Connections per download must be at most 16');
    await connections.fill('');
    await expect(app.settings.view).toContainText('Type the number of connections, from 1 to 16');
    await app.settings.save.click();
    await connections.fill('1');
    await expect(app.settings.view).not.toContainText('Connections per download must');
    await expect(app.settings.view).not.toContainText('Type the number of connections');
    const minSpeed = app.settings.input('settings-min-speed');
    await minSpeed.fill('2000');
    await expect(app.settings.view).toContainText('Minimum speed must be at most 1024 KiB/s');
    await minSpeed.fill('1');
    await app.settings.input('settings-min-speed-window').fill('5');
    await expect(app.settings.view).toContainText(
      'Minimum speed window must be at least 10 seconds',
    );
    await app.settings.input('settings-min-speed-window').fill('60');
    await app.settings.input('settings-proxy-url').fill('ftp://x');
    await expect(app.settings.view).toContainText('Proxy must look like http://proxy.example:3128');
    await app.settings.input('settings-proxy-pac-url').fill('file:///etc/proxy.pac');
    await expect(app.settings.view).toContainText(
      'PAC URL must look like http://wpad.corp.example/proxy.pac',
    );
    await app.settings.save.click();
    await expect(page.getByTestId('settings-state')).toHaveText('Unsaved changes');
  });
  expect(calls).toBe(0);
  expect(harness.services.settings.get()).toEqual(before);
  await screenshotThemes(page, 'settings-invalid');

  await page.getByTestId('settings-revert').click();
  await expect(app.settings.input('settings-proxy-url')).toHaveValue('');
  await expect(app.settings.input('settings-proxy-pac-url')).toHaveValue('');
  await expect(app.settings.view).not.toContainText('Proxy must look like');
  await expect(app.settings.view).not.toContainText('PAC URL must look like');
  await expect(page.getByTestId('settings-state')).toHaveText('All changes saved');
});

test('a failure of main names the operation and keeps what was typed', async ({
  app,
  page,
  harness,
  consoleErrors,
}) => {
  const store = harness.services.settings;
  const original = store.update.bind(store);
  store.update = () =>
    Promise.reject(
      new AppError({
        code: 'UNAVAILABLE',
        message: 'The settings file could not be written. Free some disk space and try again.',
      }),
    );
  try {
    await app.settings.input('settings-parts-in-flight').fill('5');
    await app.settings.save.click();
    const error = page.getByTestId('error-state');
    await expect(error).toContainText('Save settings failed');
    await expect(error).toContainText('could not be written');
    // Beside Save, in sight however far down the form the field was.
    await expect(error).toBeInViewport();
    await expect(app.settings.input('settings-parts-in-flight')).toHaveValue('5');
    await expect(page.getByTestId('settings-state')).toHaveText('Unsaved changes');
    expect(store.get().partsInFlight).toBe(8);
    await page.mouse.move(0, 0);
    await page.getByTestId('settings-blocking-alert').scrollIntoViewIfNeeded();
    await screenshotAs(page, 'settings-error-light');
  } finally {
    store.update = original;
  }
  await app.settings.save.click();
  await expect(page.getByTestId('error-state')).toHaveCount(0);
  await expect(page.getByTestId('settings-state')).toHaveText('All changes saved');
  expect(store.get().partsInFlight).toBe(5);
  expect(consoleErrors).toEqual([]);
});
