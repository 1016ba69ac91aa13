import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// electron-builder's own loader and schema validation: what `npm run dist` would read first.
const require = createRequire(import.meta.url);
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig: (dir: string, file: string | null, extra: null) => Promise<Record<string, unknown>>;
  validateConfiguration: (config: unknown, logger: unknown) => Promise<void>;
};
const { DebugLogger } = require('builder-util') as {
  DebugLogger: new (enabled: boolean) => unknown;
};

describe('electron-builder.yml', () => {
  it('is valid and packages the app for Windows, macOS and Linux with keytar unpacked', async () => {
    const config = await getConfig(process.cwd(), null, null);
    await validateConfiguration(config, new DebugLogger(false));
    expect(config).toMatchObject({
      appId: 'com.databridge.desktop',
      productName: 'DataBridge Desktop',
      win: { target: ['nsis'] },
      mac: { target: ['dmg'] },
      linux: { target: ['AppImage', 'deb'] },
    });
    expect(config['asarUnpack']).toEqual(['**/node_modules/keytar/**/*.node']);
    expect(config['files']).not.toContain('test/**');
  });
});
