import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, resolve } from 'node:path';
import type { Configuration, FileAssociation } from 'electron-builder';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appImageToolsetArchives,
  builderTemplatesDir,
  defaultDebDepends,
  loadBuilderConfig,
  projectDir,
  shipsNodeModuleFile,
  shipsProjectFile,
  unpacksFromAsar,
} from '../../support/packaging/builder-config';
import { buildMainInMemory, loadedSpecifiers } from '../../support/packaging/main-bundle-imports';
import {
  CLI_BUILD_DIR,
  CLI_FILES,
  CLI_RESOURCE_DIR,
} from '../../../src/main/platform/cli-command-install';
import { readRgbaPng } from '../../support/packaging/png-image';

/*
 * The rules that make the installers install and start, held against electron-builder's own
 * reading of electron-builder.yml and package.json (its loader, schema and file matchers).
 */

interface PackageJson {
  name: string;
  desktopName?: string;
  homepage?: string;
  repository?: string | { url?: string };
  author?: string | { name?: string; email?: string };
  dependencies?: Record<string, string>;
  bin?: Record<string, string>;
}

/** Options of one Linux target as electron-builder merges them: linux, then the target's. */
interface LinuxTargetOptions {
  depends?: string | string[] | null;
  maintainer?: string | null;
  afterInstall?: string | null;
  appArmorProfile?: string | null;
  executableArgs?: string[] | null;
}

const pkg = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as PackageJson;
let config: Configuration;

beforeAll(async () => {
  config = await loadBuilderConfig();
});

function linuxTarget(name: 'deb' | 'appImage'): LinuxTargetOptions {
  return { ...(config.linux as LinuxTargetOptions), ...(config[name] as LinuxTargetOptions) };
}

/** A production dependency is native when it builds or ships a compiled addon. */
function isNativePackage(name: string): boolean {
  const folder = join(projectDir, 'node_modules', name);
  return existsSync(join(folder, 'binding.gyp')) || addonFiles(name).length > 0;
}

/** The compiled addons (`*.node`) of an installed package, relative to the project. */
function addonFiles(name: string): string[] {
  const folder = join('node_modules', name);
  const entries = readdirSync(join(projectDir, folder), { recursive: true, encoding: 'utf8' });
  return entries.filter((entry) => entry.endsWith('.node')).map((entry) => join(folder, entry));
}

const dependencies = Object.keys(pkg.dependencies ?? {});
const nativeDependencies = dependencies.filter(isNativePackage);

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

function fileAssociations(): FileAssociation[] {
  const value = config.fileAssociations;
  return value === undefined || value === null ? [] : [value].flat();
}

describe('electron-builder.yml and package.json', () => {
  it('are valid and build NSIS, dmg, AppImage and deb installers', () => {
    expect(config).toMatchObject({
      appId: 'com.databridge.desktop',
      productName: 'DataBridge Desktop',
      win: { target: ['nsis'] },
      mac: { target: ['dmg'] },
      linux: { target: ['AppImage', 'deb'] },
    });
  });

  it("publish updates to the GitHub Releases of package.json's repository, not for mac", () => {
    const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    const [, owner, repo] =
      /github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(repository ?? '') ?? [];
    // app-update.yml, which electron-updater reads, is written from this provider.
    expect(config.publish).toEqual({ provider: 'github', owner, repo });
    // No updates on macOS yet (Squirrel.Mac needs a Developer ID signature).
    expect(config.mac?.publish).toBeNull();
  });

  it('name the updated installers without spaces, as their feeds (latest*.yml) name them', () => {
    // A feed gives a file's "safe" name (spaces made dashes); GitHub makes an uploaded file's
    // spaces dots, and a mirror serves it as named: a space anywhere and the update 404s.
    for (const name of [config.nsis?.artifactName, config.appImage?.artifactName]) {
      expect(name).toEqual(expect.stringMatching(/^[\w.${}-]+$/));
    }
    // An AppImage named with a version is updated under a new name (launchers then point at a
    // deleted file); without one, in place.
    expect(config.appImage?.artifactName).not.toMatch(/\$\{version\}|\d+\.\d+\.\d+/);
  });

  it('name the homepage and repository (the deb target refuses to build without a URL)', () => {
    expect(pkg.homepage).toMatch(/^https:\/\/\S+$/);
    const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    expect(repository).toMatch(/github\.com\/[\w.-]+\/[\w.-]+/);
  });

  it("give the deb a maintainer with an email (from package.json's author when unset)", () => {
    const author = typeof pkg.author === 'string' ? undefined : pkg.author;
    const fromAuthor = author?.email ? `${author.name} <${author.email}>` : undefined;
    const maintainer = linuxTarget('deb').maintainer ?? fromAuthor;
    expect(maintainer).toMatch(/^[^<>]+ <[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>$/);
  });

  it('name the desktop entry the Linux installers write, so the launcher matches the window', () => {
    // Electron reads desktopName for the launcher's badge and progress (Unity, KDE), and
    // electron-builder names the entry after the executable (the package name by default).
    const executable = (config.linux as { executableName?: string }).executableName ?? pkg.name;
    expect(pkg.desktopName).toBe(`${executable}.desktop`);
  });

  it("keep the deb's default dependencies (a depends list would replace them)", () => {
    const defaults = defaultDebDepends();
    expect(defaults).toEqual(expect.arrayContaining(['libgtk-3-0', 'libnss3', 'libsecret-1-0']));
    const depends = linuxTarget('deb').depends;
    const effective = depends == null ? defaults : [depends].flat();
    expect(effective).toEqual(expect.arrayContaining(defaults));
  });

  it('build the AppImage with the static runtime, which needs no libfuse.so.2', () => {
    const toolset = config.toolsets?.appimage;
    // Unset and "0.0.0" select AppImageKit 12, whose runtime loads libfuse.so.2.
    expect(toolset ?? '0.0.0').not.toBe('0.0.0');
    const archives = appImageToolsetArchives(String(toolset));
    expect(archives).not.toEqual([]);
    expect(archives.filter((archive) => !archive.startsWith('appimage-tools-runtime'))).toEqual([]);
  });

  it('sign the mac app ad hoc when there is no certificate, and after the fuses flip', () => {
    expect(config.mac?.identity).toBe('-');
    expect(config.electronFuses?.resetAdHocDarwinSignature).toBe(true);
  });

  it('give the hardened runtime the entitlements Electron and an ad-hoc signature need', () => {
    expect(config.mac?.hardenedRuntime).not.toBe(false);
    for (const file of [config.mac?.entitlements, config.mac?.entitlementsInherit]) {
      expect(file, 'mac.entitlements and mac.entitlementsInherit').toEqual(expect.any(String));
      const plist = readFileSync(resolve(projectDir, String(file)), 'utf8');
      for (const key of ['allow-jit', 'disable-library-validation']) {
        expect(plist).toMatch(
          new RegExp(`<key>com\\.apple\\.security\\.cs\\.${key}</key>\\s*<true/>`),
        );
      }
    }
  });

  it(
    'bundle every pure-JS dependency: main loads only Node built-ins, electron and native modules',
    { timeout: 180_000 },
    async () => {
      const chunks = await buildMainInMemory();
      expect(chunks).not.toEqual([]);
      const loaded = new Set(chunks.flatMap((code) => [...loadedSpecifiers(code)]));
      const outside = [...loaded].filter(
        (specifier) =>
          !isBuiltin(specifier) &&
          specifier !== 'electron' &&
          !nativeDependencies.includes(packageOf(specifier)),
      );
      expect(outside, 'bare imports left in out/main that are not native modules').toEqual([]);
    },
  );

  it('ship only native modules in node_modules, their addons unpacked from the asar', () => {
    expect(nativeDependencies).toContain('keytar');
    for (const name of dependencies) {
      const shipped = shipsNodeModuleFile(config, `node_modules/${name}/package.json`);
      expect(shipped, `node_modules/${name} shipped`).toBe(nativeDependencies.includes(name));
    }
    for (const name of nativeDependencies) {
      const addons = [...addonFiles(name), `node_modules/${name}/build/Release/${name}.node`];
      for (const addon of addons) {
        expect(shipsNodeModuleFile(config, addon), `${addon} shipped`).toBe(true);
        expect(unpacksFromAsar(config, addon), `${addon} unpacked`).toBe(true);
      }
      // Install-time helpers (prebuild-install for keytar) are not needed at run time.
      const own = readFileSync(join(projectDir, 'node_modules', name, 'package.json'), 'utf8');
      for (const helper of Object.keys((JSON.parse(own) as PackageJson).dependencies ?? {})) {
        expect(shipsNodeModuleFile(config, `node_modules/${helper}/index.js`), helper).toBe(false);
      }
    }
  });

  it('ship the databridge command beside the asar, where the Node.js of the PATH reads it', () => {
    expect(pkg.bin).toEqual({ databridge: `${CLI_BUILD_DIR}/${CLI_FILES[0]}` });
    // The entry requires the bundles from its own folder: all ship, side by side.
    for (const name of CLI_FILES) {
      const built = `${CLI_BUILD_DIR}/${name}`;
      expect(config.extraResources).toEqual(
        expect.arrayContaining([{ from: built, to: `${CLI_RESOURCE_DIR}/${name}` }]),
      );
      expect(shipsProjectFile(config, built), `${name} inside the asar`).toBe(false);
    }
    expect(shipsProjectFile(config, 'out/main/index.js')).toBe(true);
    // The launcher runs Node, not the app's binary: with this fuse off, ELECTRON_RUN_AS_NODE
    // starts the app instead (cli-launcher-scripts.ts).
    expect(config.electronFuses?.runAsNode).toBe(false);
  });

  it('give each file association one extension and a MIME type (Linux skips the others)', () => {
    const associations = fileAssociations();
    expect(associations).not.toEqual([]);
    for (const association of associations) {
      // The deb writes one `*.${ext}` glob per entry: a list would become one broken glob.
      expect([association.ext].flat(), JSON.stringify(association)).toHaveLength(1);
      expect(association.mimeType).toMatch(/^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/);
    }
  });

  it('install per user on Windows, where electron-builder registers the associations too', () => {
    expect(fileAssociations()).not.toEqual([]);
    // Per user: no administrator rights; IT installs per machine with /allusers.
    expect(config.nsis?.perMachine).toBe(false);
    expect(config.nsis?.oneClick).toBe(false);
    // APP_ASSOCIATE writes under SHELL_CONTEXT (HKCU per user, HKLM per machine), and the
    // install section registers the associations whatever the mode.
    const nsis = join(builderTemplatesDir, 'nsis');
    const associate = readFileSync(join(nsis, 'include', 'FileAssociation.nsh'), 'utf8');
    expect(associate).toMatch(
      /!macro APP_ASSOCIATE EXT[^\n]*\r?\n\s+WriteRegStr SHELL_CONTEXT "Software\\Classes\\\.\$\{EXT\}"/,
    );
    const install = readFileSync(join(nsis, 'installSection.nsh'), 'utf8');
    expect(install).toMatch(
      /!ifmacrodef registerFileAssociations\r?\n\s+!insertmacro registerFileAssociations/,
    );
    const multiUser = readFileSync(join(nsis, 'multiUser.nsh'), 'utf8');
    expect(multiUser).toMatch(/!macro setInstallModePerUser[\s\S]*?SetShellVarContext current/);
  });

  it("install the deb's AppArmor profile, so Chromium's sandbox starts on Ubuntu 23.10+", () => {
    const deb = linuxTarget('deb');
    // Unset, electron-builder uses its own templates (FpmTarget.createScripts).
    const afterInstall =
      deb.afterInstall == null
        ? join(builderTemplatesDir, 'linux', 'after-install.tpl')
        : resolve(projectDir, deb.afterInstall);
    const script = readFileSync(afterInstall, 'utf8');
    expect(script).toContain('/etc/apparmor.d/');
    expect(script).toMatch(/apparmor_parser --replace/);
    const profile =
      deb.appArmorProfile == null
        ? join(builderTemplatesDir, 'linux', 'apparmor-profile.tpl')
        : resolve(projectDir, deb.appArmorProfile);
    expect(readFileSync(profile, 'utf8')).toMatch(/^\s*userns,\s*$/m);
  });

  it('package tray images at 16 and 32 px, with a black-and-alpha Template pair for macOS', () => {
    for (const base of ['tray', 'trayTemplate']) {
      for (const [suffix, size] of [['', 16] as const, ['@2x', 32] as const]) {
        const file = `resources/tray/${base}${suffix}.png`;
        expect(shipsProjectFile(config, file), `${file} packaged`).toBe(true);
        const image = readRgbaPng(join(projectDir, file));
        expect([image.width, image.height], file).toEqual([size, size]);
        let visible = 0;
        let coloured = 0;
        for (let at = 0; at < image.pixels.length; at += 4) {
          if ((image.pixels[at + 3] ?? 0) === 0) continue;
          visible += 1;
          if (image.pixels.subarray(at, at + 3).some((channel) => channel !== 0)) coloured += 1;
        }
        expect(visible, `${file} is not empty`).toBeGreaterThan(size);
        if (base.endsWith('Template')) expect(coloured, `${file}: black and alpha only`).toBe(0);
      }
    }
  });

  // The AppImage's AppRun has a --no-sandbox fallback of its own where user namespaces are
  // refused: a known behaviour, held in test/integration/packaging/linux-packages.test.ts.
  it('never turn off the Chromium sandbox in the configuration or a desktop entry', () => {
    expect(JSON.stringify(config)).not.toContain('--no-sandbox');
    expect(JSON.stringify(pkg)).not.toContain('--no-sandbox');
    // The legacy AppImage toolset writes --no-sandbox into the desktop entry when the config
    // gives no executableArgs (AppImageTarget); the static-runtime toolsets do not.
    const legacy = (config.toolsets?.appimage ?? '0.0.0') === '0.0.0';
    const args = linuxTarget('appImage').executableArgs ?? (legacy ? ['--no-sandbox'] : []);
    expect([args].flat()).not.toContain('--no-sandbox');
  });
});
