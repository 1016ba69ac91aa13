import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type Emulator } from '../../src/emulator/server';
import { parseServeArgs, type ServeSettings } from '../../src/main/cli/monitor-serve/serve-args';
import { startServe, type RunningServe } from '../../src/main/cli/monitor-serve/serve-monitor';
import { RedactingLogger } from '../../src/main/services/log/logger';
import { MemorySecretStore } from '../../src/main/services/secrets/secret-store';
import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';

/*
 * A connection that reads a team monitor: the editor's labelled fields (reached by keyboard,
 * with help text and the plain-http warning), the token kept in main, and the Monitor view
 * naming the team monitor while the app's own service sees no session read. The team monitor
 * is a real `monitor serve` over a second emulator, both started by this file.
 */
test.describe.configure({ mode: 'serial' });
test.use({ open: 'blank' });

const TOKEN = 'e2e-team-token-4b7f-stays-in-main';
const PROD = 'sql-eu-prod-01';

let teamService: Emulator;
let appService: Emulator;
let serve: RunningServe;
let dir: string;
const appServiceLines: string[] = [];

test.beforeAll(async () => {
  teamService = await startEmulator({ seed: 'demo' });
  appService = await startEmulator({ seed: 'demo', log: (line) => appServiceLines.push(line) });
  dir = await mkdtemp(join(tmpdir(), 'databridge-team-e2e-'));
  const env = { DATABRIDGE_API_KEY: 'demo-admin-key', TEAM_TOKEN: TOKEN };
  const argv = ['monitor', 'serve', '--base-url', teamService.baseUrl, '--listen', '127.0.0.1:0'];
  argv.push('--interval', '1', '--token-env', 'TEAM_TOKEN', '--history-dir', join(dir, 'h'));
  serve = await startServe((await parseServeArgs(argv, env)) as ServeSettings, {
    env,
    logger: new RedactingLogger({ sink: () => undefined, level: 'error' }),
    secretStore: () => new MemorySecretStore(),
  });
});

test.afterAll(async () => {
  await serve.close();
  await appService.close();
  await teamService.close();
  await rm(dir, { recursive: true, force: true });
});

test('a connection reads the team monitor, and the Monitor view says so', async ({
  app,
  page,
  consoleErrors,
}) => {
  await app.load();
  const { form } = app.connections;
  await app.connections.fillApiKeyProfile({
    name: 'Team',
    baseUrl: appService.baseUrl,
    apiKey: 'demo-admin-key',
  });

  // Reached from the field before it with Tab, and named by its label.
  await form.getByTestId('profile-read-only').focus();
  await page.keyboard.press('Tab');
  const url = page.getByLabel('Use the team monitor at URL');
  await expect(url).toBeFocused();
  await expect(url).toHaveAccessibleDescription(/no session reads of its own/);

  await url.fill('http://10.20.30.40:9464');
  await page.getByLabel('Team monitor token').fill(TOKEN);
  await expect(form.getByTestId('profile-team-monitor-warn')).toContainText('unencrypted');
  await expectAccessible(page, 'the team monitor fields', ['[data-testid="profile-form"]']);
  await url.fill(serve.url);
  await expect(form.getByTestId('profile-team-monitor-warn')).toHaveCount(0);
  await page.getByTestId('profile-save-connect').click();
  await expect(app.instanceTable.locator('tbody tr')).toHaveCount(3);

  await app.runCommand('Open monitor');
  const prod = app.monitor.row(PROD);
  await expect(prod.getByTestId('health')).toHaveText('Blocking');
  await prod.click();
  await expect(page.getByTestId('monitor-via')).toHaveText(`Via team monitor ${serve.url}`);
  expect(appServiceLines.filter((line) => /\/sessions /.test(line))).toEqual([]);
  expect(await page.content()).not.toContain(TOKEN);
  expect(consoleErrors).toEqual([]);
});
