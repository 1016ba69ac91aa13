import { describe, expect, it } from 'vitest';
import { cannotBuildServer, SERVER_EXEC_ARGV, seaConfig } from '../../../scripts/build-server.mjs';
import { serveRelaunchArgs } from '../../../src/main/cli/monitor-serve/serve-relaunch';

/*
 * The pure parts of `npm run build:server`; the executable itself is built, installed and
 * scraped in test/integration/monitor/monitor-systemd-readme.test.ts.
 */

describe('build-server', () => {
  it('builds on Linux x64 only, and says why not elsewhere', () => {
    expect(cannotBuildServer('linux', 'x64')).toBeUndefined();
    expect(cannotBuildServer('darwin', 'arm64')).toBe(
      'the server executable is built for Linux x64 only, and this is darwin arm64',
    );
    expect(cannotBuildServer('linux', 'arm64')).toMatch(/Linux x64 only/);
  });

  it('starts the executable with the small young generation, so monitor serve does not start itself again', () => {
    const config = seaConfig('/w/main.cjs', '/w/blob');
    expect(config).toMatchObject({ main: '/w/main.cjs', output: '/w/blob' });
    expect(config.execArgv).toEqual(['--max-semi-space-size=2']);
    expect(config.disableExperimentalSEAWarning).toBe(true);
    // Inside the executable process.execArgv is the blob's execArgv: no relaunch, which would
    // hand Node's flags to the executable as the command's own arguments.
    const inside = {
      platform: 'linux' as const,
      execArgv: SERVER_EXEC_ARGV,
      script: '/usr/local/bin/databridge-monitor',
      env: {},
    };
    expect(serveRelaunchArgs(inside, ['monitor', 'serve'])).toBeUndefined();
    expect(serveRelaunchArgs({ ...inside, execArgv: [] }, ['monitor', 'serve'])).toBeDefined();
  });
});
