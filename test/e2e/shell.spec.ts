import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { serveFolder } from './static-server';

test('the built renderer opens in Chromium and shows the shell', async ({ page }) => {
  const server = await serveFolder(resolve('out/renderer'));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(server.url);
    await expect(page.getByText('DataBridge Desktop')).toBeVisible();
    await expect(page.getByTestId('shell-empty')).toBeVisible();
    await page.screenshot({ path: 'artifacts/screenshots/shell.png' });
    expect(errors).toEqual([]);
  } finally {
    await server.close();
  }
});
