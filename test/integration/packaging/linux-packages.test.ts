import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import type { Configuration } from 'electron-builder';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI_FILES } from '../../../src/main/platform/cli-command-install';
import {
  defaultDebDepends,
  loadBuilderConfig,
  projectDir,
} from '../../support/packaging/builder-config';
import { buildLinuxPackages, type LinuxBuild } from '../../support/packaging/linux-build';
import {
  appImageFromFile,
  appImageFromRecord,
  debFromFile,
  debFromFpmRecord,
  desktopValue,
} from '../../support/packaging/linux-package-facts';

/*
 * The Linux packages as electron-builder makes them from this repository, built here against
 * a stand-in Electron (it cannot be downloaded on these machines): what is inside app.asar and
 * beside it, the fuses flipped in the binary, and what electron-builder hands fpm and
 * mksquashfs for the deb and the AppImage (or, where the machine has those tools, the deb and
 * AppImage themselves). Only starting the packaged app needs the real binary: the real-OS
 * workflow does that.
 */

interface PackageJson {
  version: string;
  homepage: string;
  author: { name: string; email: string };
  devDependencies: Record<string, string>;
}

const pkg = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as PackageJson;
const EXECUTABLE = 'databridge-desktop';
const linuxOnly = process.platform === 'linux';
const NOT_LINUX = 'it builds the Linux packages, which the Linux job of the real-OS workflow runs';

let build: LinuxBuild;
let config: Configuration;

beforeAll(async () => {
  if (!linuxOnly) return;
  config = await loadBuilderConfig();
  build = await buildLinuxPackages(pkg.devDependencies['electron'] ?? '');
}, 240_000);

beforeEach((context) => {
  if (!linuxOnly) context.skip(NOT_LINUX);
});

afterAll(async () => {
  await build?.remove();
});

function mimeTypes(): string[] {
  return (config.fileAssociations as { mimeType: string }[]).map((entry) => entry.mimeType);
}

describe('the linux-unpacked app (target dir)', () => {
  it('packs out/ and only keytar from node_modules into app.asar, with keytar.node unpacked', () => {
    const asar = join(build.unpacked, 'resources', 'app.asar');
    const files = listPackage(asar, { isPack: false }).map((file) => file.replaceAll('\\', '/'));
    expect(files).toEqual(
      expect.arrayContaining([
        '/package.json',
        '/out/main/index.js',
        '/out/preload/index.cjs',
        '/out/renderer/index.html',
        '/resources/icon.png',
        '/node_modules/keytar/package.json',
      ]),
    );
    const modules = new Set(
      files.flatMap((file) => /^\/node_modules\/([^/]+)\//.exec(file)?.[1] ?? []),
    );
    expect([...modules]).toEqual(['keytar']);
    expect(
      files.filter((file) => /\.map$|^\/(src|test|scripts)\/|^\/out\/cli\//.test(file)),
    ).toEqual([]);
    const trays = files.filter((file) => file.startsWith('/resources/tray/'));
    expect(trays.length).toBeGreaterThan(0);
    for (const tray of trays.filter((file) => !file.includes('@2x'))) {
      expect(trays).toContain(tray.replace(/\.png$/, '@2x.png'));
    }
    const unpacked = join(build.unpacked, 'resources', 'app.asar.unpacked');
    const loose = readdirSync(unpacked, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(unpacked.length + 1));
    // electron-builder's smart unpack moves the whole package of a native module out, so
    // keytar's own few files sit beside its .node: nothing else may.
    expect(loose).toContain('node_modules/keytar/build/Release/keytar.node');
    expect(loose.filter((file) => !file.startsWith('node_modules/keytar/'))).toEqual([]);
  });

  it('puts the databridge command beside the archive, its four files together', () => {
    const cli = readdirSync(join(build.unpacked, 'resources', 'cli')).sort();
    expect(cli).toEqual([...CLI_FILES].sort());
  });

  it('flips every fuse electron-builder.yml names in the binary it renamed', async () => {
    const binary = join(build.unpacked, EXECUTABLE);
    expect(existsSync(join(build.unpacked, 'electron'))).toBe(false);
    const wire = await getCurrentFuseWire(binary);
    const fuses = config.electronFuses as Record<string, boolean | undefined>;
    const index: Record<string, FuseV1Options> = {
      runAsNode: FuseV1Options.RunAsNode,
      enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
      enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
      enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
      enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
      onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
      grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
    };
    const set = Object.keys(fuses).filter((key) => key in index);
    expect(set.length).toBe(Object.keys(index).length);
    for (const key of set) {
      const state = String.fromCharCode(wire[index[key]!] as number);
      expect({ key, state }).toEqual({ key, state: fuses[key] ? '1' : '0' });
    }
  });
});

describe('the deb', () => {
  const facts = () =>
    build.fpmRecord
      ? debFromFpmRecord(build.fpmRecord)
      : debFromFile(
          join(
            build.output,
            readdirSync(build.output).find((name) => name.endsWith('.deb'))!,
          ),
          `${EXECUTABLE}.desktop`,
        );

  it('depends on electron-builder default list, keychain included; names its maintainer and home', () => {
    const deb = facts();
    expect(deb.depends.map((entry) => entry.split(/[\s(]/)[0])).toEqual(defaultDebDepends());
    expect(deb.depends.join(',')).toContain('libsecret-1-0');
    expect(deb.maintainer).toBe(`${pkg.author.name} <${pkg.author.email}>`);
    expect(deb.homepage).toBe(pkg.homepage);
  });

  it('registers every MIME type of the file associations and starts with the sandbox on', () => {
    const entry = facts().desktopEntry;
    expect(desktopValue(entry, 'MimeType')?.split(';').filter(Boolean)).toEqual(mimeTypes());
    expect(desktopValue(entry, 'Exec')).toBe(`"/opt/DataBridge Desktop/${EXECUTABLE}" %U`);
    expect(entry).not.toContain('--no-sandbox');
  });

  it('installs the AppArmor profile that lets the sandbox use user namespaces', () => {
    const script = facts().afterInstall;
    expect(script).toContain("APPARMOR_PROFILE_TARGET='/etc/apparmor.d/databridge-desktop'");
    expect(script).toContain('apparmor_parser --replace');
    const profile = readFileSync(join(build.unpacked, 'resources', 'apparmor-profile'), 'utf8');
    expect(profile).toContain(
      'profile "databridge-desktop" "/opt/DataBridge Desktop/databridge-desktop"',
    );
    expect(profile).toContain('userns,');
  });
});

describe('the AppImage', () => {
  const facts = async () =>
    build.appImageRecord
      ? appImageFromRecord(build.appImageRecord)
      : appImageFromFile(
          join(
            build.output,
            readdirSync(build.output).find((name) => name.endsWith('.AppImage'))!,
          ),
          await mkdtemp(join(build.root, 'extract-')),
        );

  it('holds the app and a desktop entry with every MIME type, with no --no-sandbox of its own', async () => {
    const image = await facts();
    expect(image.names).toEqual(expect.arrayContaining(['AppRun', EXECUTABLE, 'resources']));
    expect(desktopValue(image.desktopEntry, 'MimeType')?.split(';').filter(Boolean)).toEqual(
      mimeTypes(),
    );
    expect(desktopValue(image.desktopEntry, 'Exec')).toBe('AppRun %U');
  });

  it("carries the updater's app-update.yml for the GitHub Releases, and its feed", () => {
    // electron-updater reads resources/app-update.yml. (The deb target writes package-type
    // there too; the app builds the AppImage updater itself, so it never reads that file.)
    const resources = join(build.unpacked, 'resources');
    const appUpdate = parse(readFileSync(join(resources, 'app-update.yml'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(appUpdate).toMatchObject({
      provider: 'github',
      owner: 'databridge-desktop',
      repo: 'databridge-desktop',
      updaterCacheDirName: `${EXECUTABLE}-updater`,
    });
    // latest-linux.yml, the feed the release attaches, names the AppImage with its SHA-512.
    const feed = parse(readFileSync(join(build.output, 'latest-linux.yml'), 'utf8')) as {
      version: string;
      path: string;
      sha512: string;
    };
    expect(feed.version).toBe(pkg.version);
    expect(feed.path).toMatch(/\.AppImage$/);
    // The file itself, under the very name the feed gives (GitHub would rename one with a space).
    expect(readdirSync(build.output)).toContain(feed.path);
    expect(feed.sha512).toMatch(/^[A-Za-z0-9+/]{86}==$/);
  });

  it("starts without Chromium's sandbox where user namespaces are refused (a known behaviour, README)", async () => {
    const appRun = (await facts()).appRun;
    // electron-builder's AppRun adds --no-sandbox when `unshare -Ur true` fails: Ubuntu 23.10+
    // without an AppArmor profile naming the AppImage. The README says so and how to avoid it.
    expect(appRun).toMatch(/if \[ \$HAVE_NO_SANDBOX -eq 0 \] && ! unshare -Ur true/);
    expect(appRun).toContain('NO_SANDBOX=(--no-sandbox)');
    const readme = readFileSync(join(projectDir, 'README.md'), 'utf8');
    expect(readme).toMatch(/AppImage[^]*unshare -Ur true[^]*--no-sandbox/);
  });
});
