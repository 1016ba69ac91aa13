import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { KnownPaths } from '../../../src/main/app/known-paths';
import {
  BLOCKING_NOTIFY_INTERVAL_MS,
  createShellHandlers,
} from '../../../src/main/app/shell-handlers';
import type { CallContext } from '../../../src/main/services/ipc/ipc-router';
import { SettingsStore } from '../../../src/main/services/settings/settings-store';
import { HarnessPlatform } from '../../harness/harness-platform';

function setup() {
  let now = 1_000_000;
  const platform = new HarnessPlatform();
  const handlers = createShellHandlers({
    app: { name: 'DataBridge Desktop', version: '0', platform: 'linux' },
    platform,
    settings: new SettingsStore({ file: join(tmpdir(), 'databridge-unused-settings.json') }),
    knownPaths: new KnownPaths(),
    now: () => now,
  });
  const context: CallContext = {
    sender: { url: 'app://databridge/index.html', isMainFrame: true },
    markRendererReady: () => undefined,
  };
  const notify = (instanceName: string, sessionIds: number[]) =>
    handlers['sessions:notifyBlocking'](
      { instanceName, sessionIds, thresholdSeconds: 30 },
      context,
    );
  return { platform, notify, advance: (ms: number) => (now += ms) };
}

describe('sessions:notifyBlocking', () => {
  it('shows a native notification written by main, naming the instance and the head blockers', async () => {
    const { platform, notify } = setup();
    await notify('sql-eu-dev-01', [52, 57]);
    expect(platform.notifications).toEqual([
      {
        title: 'Blocking for more than 30 s on sql-eu-dev-01',
        body: 'Sessions 52, 57 block other sessions. Open the session monitor to see the chain.',
      },
    ]);
  });

  it('shows at most one per instance per interval, so a page cannot flood the desktop', async () => {
    const { platform, notify, advance } = setup();
    for (let i = 0; i < 20; i += 1) await notify('sql-eu-dev-01', [52]);
    await notify('sql-eu-prod-01', [61]);
    expect(platform.notifications).toHaveLength(2);
    advance(BLOCKING_NOTIFY_INTERVAL_MS);
    await notify('sql-eu-dev-01', [52]);
    expect(platform.notifications).toHaveLength(3);
  });
});
