import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { PathProvenance } from '../../../../src/main/app/path-provenance';
import { createShellHandlers } from '../../../../src/main/app/shell-handlers';
import type { CallContext } from '../../../../src/main/services/ipc/ipc-router';
import { SettingsStore } from '../../../../src/main/services/settings/settings-store';
import { RecordingPlatform } from '../../../support/ipc/recording-platform';

describe('shell:openPath and files:startDrag', () => {
  it('open or drag out only paths the app chose or wrote, never any file of the machine', async () => {
    const platform = new RecordingPlatform();
    const provenance = new PathProvenance();
    const handlers = createShellHandlers({
      app: { name: 'DataBridge Desktop', version: '0', platform: 'linux' },
      platform,
      settings: new SettingsStore({ file: join(tmpdir(), 'databridge-unused-settings.json') }),
      provenance,
    });
    const context: CallContext = {
      sender: { url: 'app://databridge/index.html', isMainFrame: true },
      markRendererReady: () => undefined,
    };
    const exported = join(tmpdir(), 'exports', 'Sales_Q3.bak');
    provenance.add(exported);
    await handlers['shell:openPath']({ path: exported }, context);
    await handlers['files:startDrag']({ paths: [exported] }, context);
    expect(platform.opened).toEqual([exported]);
    expect(platform.dragged).toEqual([[exported]]);

    const foreign = [join(tmpdir(), 'exports', '..', '..', 'etc', 'passwd'), '/usr/bin/env'];
    for (const path of foreign) {
      await expect(handlers['shell:openPath']({ path }, context)).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    }
    // The router awaits whatever a handler throws or rejects with, as this does.
    const dragAll = async () =>
      handlers['files:startDrag']({ paths: [exported, ...foreign] }, context);
    await expect(dragAll()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(platform.opened).toHaveLength(1);
    expect(platform.dragged).toHaveLength(1);
  });
});
