import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  binaryFuseProblems,
  configuredFuses,
  FUSE_OPTION_OF_KEY,
  fuseProblems,
  fusesModule,
  linuxExecutableName,
} from '../../../../scripts/ci/app-fuses.mjs';

const { FuseV1Options } = fusesModule();
const ON = 49; // '1'
const OFF = 48; // '0'
const REMOVED = 114; // 'r'

/** The wire a correct build of electron-builder.yml gives: each fuse as configured. */
function wireAsConfigured(
  configured: Record<string, boolean>,
): { version: string } & Record<number, number> {
  const wire: { version: string } & Record<number, number> = { version: '1' };
  for (let index = 0; index < 8; index += 1) wire[index] = OFF;
  for (const [key, on] of Object.entries(configured)) {
    const name = FUSE_OPTION_OF_KEY[key];
    if (name !== undefined) wire[FuseV1Options[name] as number] = on ? ON : OFF;
  }
  return wire;
}

describe('the fuses of electron-builder.yml against a fuse wire', () => {
  const configured = configuredFuses();

  it('reads the config the packaging rules hold, and passes a wire flipped as it says', () => {
    expect(configured).toMatchObject({ runAsNode: false, onlyLoadAppFromAsar: true });
    expect(
      fuseProblems({ configured, wire: wireAsConfigured(configured), options: FuseV1Options }),
    ).toEqual([]);
  });

  it('names every fuse that is not as configured, removed or missing', () => {
    const wire = wireAsConfigured(configured);
    wire[FuseV1Options['RunAsNode'] as number] = ON;
    wire[FuseV1Options['OnlyLoadAppFromAsar'] as number] = REMOVED;
    delete wire[FuseV1Options['GrantFileProtocolExtraPrivileges'] as number];
    expect(fuseProblems({ configured, wire, options: FuseV1Options })).toEqual([
      'runAsNode (RunAsNode) is enabled in the binary, but disabled in the config',
      'onlyLoadAppFromAsar (OnlyLoadAppFromAsar) is removed in the binary, but enabled in the config',
      "grantFileProtocolExtraPrivileges (GrantFileProtocolExtraPrivileges) is not in the binary's fuse wire; it should be disabled",
    ]);
  });

  it('skips the flipping options, refuses a key it does not know and a wire of another version', () => {
    const wire = wireAsConfigured({});
    expect(
      fuseProblems({
        configured: { resetAdHocDarwinSignature: true, enableTelepathy: true },
        wire,
        options: FuseV1Options,
      }),
    ).toEqual(['electronFuses.enableTelepathy names no fuse this check knows']);
    expect(
      fuseProblems({ configured, wire: { ...wire, version: '2' }, options: FuseV1Options }),
    ).toEqual(["the binary's fuse wire is version 2; this check reads version 1"]);
  });

  it('pairs each key with the fuse electron-builder flips for it', () => {
    // app-builder-lib's platformPackager.js: config[FuseV1Options.X] = fuses.key
    const require = createRequire(import.meta.url);
    const packager = join(dirname(require.resolve('app-builder-lib')), 'platformPackager.js');
    const pairs = [
      ...readFileSync(packager, 'utf8').matchAll(/config\[FuseV1Options\.(\w+)\] = fuses\.(\w+);/g),
    ].map(([, option, key]) => [key, option]);
    expect(pairs.length).toBeGreaterThanOrEqual(8);
    expect(FUSE_OPTION_OF_KEY).toEqual(Object.fromEntries(pairs));
  });
});

describe('the fuses of a binary', () => {
  const dir = mkdtempSync(join(tmpdir(), 'app-fuses-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the wire @electron/fuses finds after its sentinel, and fails a file without one', async () => {
    // A file with a fuse wire where Electron keeps it: sentinel, version 1, 8 fuses, the bytes.
    const configured = configuredFuses();
    const wire = wireAsConfigured(configured);
    const bytes = Array.from({ length: 8 }, (_, index) => wire[index] as number);
    const binary = join(dir, 'databridge-desktop');
    writeFileSync(
      binary,
      Buffer.concat([
        Buffer.from('ELF…'),
        Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'),
        Buffer.from([1, 8, ...bytes]),
        Buffer.from('…rest of the binary'),
      ]),
    );
    expect(await binaryFuseProblems(binary, configured)).toEqual([]);
    expect(await binaryFuseProblems(binary, { ...configured, runAsNode: true })).toEqual([
      'runAsNode (RunAsNode) is disabled in the binary, but enabled in the config',
    ]);
    const plain = join(dir, 'not-electron');
    writeFileSync(plain, 'no fuses here');
    expect(await binaryFuseProblems(plain, configured)).toEqual([
      expect.stringMatching(
        /^the fuses of .*not-electron could not be read: Could not find sentinel/,
      ),
    ]);
  });
});

describe('the fuses of an AppImage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'app-fuses-appimage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are read from the executable its --appimage-extract leaves in squashfs-root', async (context) => {
    if (process.platform === 'win32') context.skip('an AppImage is a Linux program');
    const configured = configuredFuses();
    const wire = wireAsConfigured({ ...configured, runAsNode: true });
    const bytes = Array.from({ length: 8 }, (_, index) => wire[index] as number);
    const inside = join(dir, 'inside');
    writeFileSync(
      inside,
      Buffer.concat([
        Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'),
        Buffer.from([1, 8, ...bytes]),
      ]),
    );
    // A stand-in for the AppImage runtime: --appimage-extract writes squashfs-root/ in the
    // current folder, with the executable named as electron-builder names it.
    const appImage = join(dir, 'DataBridge Desktop-0.1.0.AppImage');
    writeFileSync(
      appImage,
      `#!/bin/sh\n[ "$1" = --appimage-extract ] || exit 2\nmkdir -p squashfs-root && cp '${inside}' squashfs-root/databridge-desktop\n`,
      { mode: 0o755 },
    );
    expect(await binaryFuseProblems(appImage, configured)).toEqual([
      'runAsNode (RunAsNode) is enabled in the binary, but disabled in the config',
    ]);
    const broken = join(dir, 'Broken.AppImage');
    writeFileSync(broken, '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    expect(await binaryFuseProblems(broken, configured)).toEqual([
      `${broken} --appimage-extract failed (exit 1)`,
    ]);
  });
});

describe('the Linux executable name', () => {
  it("is electron-builder's: linux.executableName, executableName, else the package name", () => {
    expect(linuxExecutableName({}, { name: 'databridge-desktop' })).toBe('databridge-desktop');
    expect(linuxExecutableName({}, { name: 'DataBridge' })).toBe('databridge');
    expect(linuxExecutableName({ executableName: 'db' }, { name: 'x' })).toBe('db');
    expect(
      linuxExecutableName(
        { executableName: 'db', linux: { executableName: 'dbl' } },
        { name: 'x' },
      ),
    ).toBe('dbl');
  });
});
