import { describe, expect, it } from 'vitest';
import {
  SERVE_PARENT_ENV,
  serveChildEnv,
  serveRelaunchArgs,
  type ServeProcess,
} from '../../../../../src/main/cli/monitor-serve/serve-relaunch';

/* When `monitor serve` starts itself again with a small young generation, and how. */
const LINUX: ServeProcess = {
  platform: 'linux',
  execArgv: [],
  script: '/usr/lib/databridge/databridge.cjs',
  env: {},
};
const COMMAND = ['monitor', 'serve', '--profile', 'prod'];

describe('serveRelaunchArgs', () => {
  it('runs the same script and command line with the flag, after the runtime options', () => {
    expect(serveRelaunchArgs({ ...LINUX, execArgv: ['--import', 'tsx'] }, COMMAND)).toEqual([
      '--import',
      'tsx',
      '--max-semi-space-size=2',
      '/usr/lib/databridge/databridge.cjs',
      ...COMMAND,
    ]);
    expect(serveRelaunchArgs({ ...LINUX, platform: 'darwin' }, COMMAND)).toHaveLength(6);
  });

  it('runs in this process when the flag is set, in the server itself, and on Windows', () => {
    const given = [
      { ...LINUX, execArgv: ['--max-semi-space-size=8'] },
      { ...LINUX, env: { NODE_OPTIONS: '--enable-source-maps --max-semi-space-size=2' } },
      { ...LINUX, env: { [SERVE_PARENT_ENV]: '4242' } },
      { ...LINUX, platform: 'win32' as const },
    ];
    for (const facts of given) expect(serveRelaunchArgs(facts, COMMAND)).toBeUndefined();
  });
});

describe('serveChildEnv', () => {
  it('names the parent and caps malloc arenas at two, unless the environment says otherwise', () => {
    expect(serveChildEnv({ PATH: '/bin' }, 42)).toEqual({
      PATH: '/bin',
      MALLOC_ARENA_MAX: '2',
      [SERVE_PARENT_ENV]: '42',
    });
    expect(serveChildEnv({ MALLOC_ARENA_MAX: '8' }, 42)['MALLOC_ARENA_MAX']).toBe('8');
  });
});
