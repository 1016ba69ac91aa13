import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * What a Linux package says about itself, read the same way from what electron-builder handed
 * the stand-in fpm or mksquashfs (stand-in-tools.ts) and from a real deb or AppImage, so that
 * one test checks both.
 */

/** The control fields and files of a deb that the test holds. */
export interface DebFacts {
  readonly depends: readonly string[];
  readonly maintainer: string;
  readonly homepage: string;
  readonly afterInstall: string;
  readonly desktopEntry: string;
}

/** The launcher and desktop entry of an AppImage, and the names at the top of its AppDir. */
export interface AppImageFacts {
  readonly names: readonly string[];
  readonly appRun: string;
  readonly desktopEntry: string;
}

interface FpmRecord {
  readonly args: readonly string[];
  readonly files: Readonly<Record<string, string>>;
}

function valuesOf(args: readonly string[], flag: string): string[] {
  return args.flatMap((arg, at) => (arg === flag ? [args[at + 1] ?? ''] : []));
}

function fileMappedTo(record: FpmRecord, target: RegExp): string {
  const entry = Object.entries(record.files).find(([arg]) => target.test(arg.split('=')[1] ?? ''));
  if (!entry) throw new Error(`fpm was given no file for ${target}`);
  return entry[1];
}

/** The deb as electron-builder asked fpm to build it. */
export function debFromFpmRecord(path: string): DebFacts {
  const record = JSON.parse(readFileSync(path, 'utf8')) as FpmRecord;
  const afterInstall = valuesOf(record.args, '--after-install')[0] ?? '';
  return {
    depends: valuesOf(record.args, '-d'),
    maintainer: valuesOf(record.args, '--maintainer')[0] ?? '',
    homepage: valuesOf(record.args, '--url')[0] ?? '',
    afterInstall: record.files[afterInstall] ?? '',
    desktopEntry: fileMappedTo(record, /^\/usr\/share\/applications\/.*\.desktop$/),
  };
}

function dpkgField(deb: string, field: string): string {
  return execFileSync('dpkg-deb', ['-f', deb, field], { encoding: 'utf8' }).trim();
}

function debMember(deb: string, tarFlag: '--ctrl-tarfile' | '--fsys-tarfile', name: string) {
  const tar = execFileSync('dpkg-deb', [tarFlag, deb], { maxBuffer: 2 ** 30 });
  return execFileSync('tar', ['-xO', name], { input: tar, encoding: 'utf8' });
}

/** A real deb, read with dpkg-deb. */
export function debFromFile(deb: string, desktopFile: string): DebFacts {
  return {
    depends: dpkgField(deb, 'Depends')
      .split(',')
      .map((name) => name.trim()),
    maintainer: dpkgField(deb, 'Maintainer'),
    homepage: dpkgField(deb, 'Homepage'),
    afterInstall: debMember(deb, '--ctrl-tarfile', './postinst'),
    desktopEntry: debMember(deb, '--fsys-tarfile', `./usr/share/applications/${desktopFile}`),
  };
}

/** The AppImage as electron-builder staged it for mksquashfs. */
export function appImageFromRecord(path: string): AppImageFacts {
  const record = JSON.parse(readFileSync(path, 'utf8')) as {
    names: string[];
    appRun: string;
    desktop: string[];
  };
  return { names: record.names, appRun: record.appRun, desktopEntry: record.desktop[0] ?? '' };
}

/** A real AppImage, unpacked with its own `--appimage-extract` into `workDir`. */
export function appImageFromFile(appImage: string, workDir: string): AppImageFacts {
  execFileSync(appImage, ['--appimage-extract'], { cwd: workDir, stdio: 'ignore' });
  const root = join(workDir, 'squashfs-root');
  const names = readdirSync(root);
  const desktop = names.find((name) => name.endsWith('.desktop'));
  return {
    names,
    appRun: readFileSync(join(root, 'AppRun'), 'utf8'),
    desktopEntry: desktop ? readFileSync(join(root, desktop), 'utf8') : '',
  };
}

/** The value of `key=` in a desktop entry's main group. */
export function desktopValue(entry: string, key: string): string | undefined {
  const line = entry.split(/\r?\n/).find((text) => text.startsWith(`${key}=`));
  return line?.slice(key.length + 1);
}
