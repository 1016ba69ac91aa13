import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Configuration } from 'electron-builder';

/*
 * electron-builder's own loader, schema validation and file matchers, so the rules are held
 * against what `npm run dist` reads and packs, not against a re-implementation of it. These
 * are app-builder-lib internals (out/...); an upgrade that moves them fails here loudly.
 */
const require = createRequire(import.meta.url);

/** The project root, where package.json and electron-builder.yml live. */
export const projectDir = resolve(import.meta.dirname, '../../..');

interface Stat {
  isDirectory(): boolean;
  moduleFullFilePath?: string;
}
type FileFilter = (file: string, stat: Stat) => boolean;
interface FileMatcher {
  createFilter(): FileFilter;
}
type Expand = (pattern: string) => string;

const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig: (dir: string, file: string | null, extra: null) => Promise<Configuration>;
  validateConfiguration: (config: Configuration, logger: unknown) => Promise<void>;
};
const { DebugLogger } = require('builder-util') as {
  DebugLogger: new (enabled: boolean) => unknown;
};
const fileMatcher = require('app-builder-lib/out/fileMatcher') as {
  getMainFileMatchers: (...args: unknown[]) => FileMatcher[];
  getNodeModuleFileMatcher: (...args: unknown[]) => FileMatcher;
  getFileMatchers: (...args: unknown[]) => FileMatcher[] | null;
};
const FpmTarget = (
  require('app-builder-lib/out/targets/FpmTarget') as {
    default: { prototype: { getDefaultDepends(target: string): string[] } };
  }
).default;
const { appimageChecksums } = require('app-builder-lib/out/toolsets/linux') as {
  appimageChecksums: Record<string, Record<string, string>>;
};

/** The directory where electron-builder keeps its templates (after-install, AppArmor, ...). */
export const builderTemplatesDir = join(
  require.resolve('app-builder-lib/package.json'),
  '..',
  'templates',
);

/** electron-builder.yml as electron-builder loads it, after its own schema validation. */
export async function loadBuilderConfig(): Promise<Configuration> {
  const config = await getConfig(projectDir, null, null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

const keepPattern: Expand = (pattern) => pattern;
const appOut = join(projectDir, 'dist', 'app');

function fileStat(relative?: string): Stat {
  return { isDirectory: () => false, moduleFullFilePath: relative };
}

/**
 * Whether a project file (relative path) goes into the app, as electron-builder decides it:
 * the `files` patterns with its own defaults (which leave out the build-resources folder).
 */
export function shipsProjectFile(config: Configuration, relative: string): boolean {
  const info = {
    projectDir,
    buildResourcesDir: join(projectDir, config.directories?.buildResources ?? 'build'),
    isPrepackedAppAsar: false,
    config,
    debugLogger: new DebugLogger(false),
  };
  const [matcher] = fileMatcher.getMainFileMatchers(
    projectDir,
    appOut,
    keepPattern,
    {},
    { info },
    join(projectDir, config.directories?.output ?? 'dist'),
    false,
  );
  if (matcher === undefined) throw new Error('electron-builder returned no file matcher');
  return matcher.createFilter()(join(projectDir, relative), fileStat());
}

/** Whether a file of an installed package (`node_modules/...`) goes into the app. */
export function shipsNodeModuleFile(config: Configuration, relative: string): boolean {
  const packager = { config, debugLogger: new DebugLogger(false) };
  const matcher = fileMatcher.getNodeModuleFileMatcher(
    projectDir,
    appOut,
    keepPattern,
    {},
    packager,
  );
  return matcher.createFilter()(join(projectDir, relative), fileStat(relative));
}

/** Whether a packed file (relative path in the app) is unpacked from the asar archive. */
export function unpacksFromAsar(config: Configuration, relative: string): boolean {
  const matchers = fileMatcher.getFileMatchers(config, 'asarUnpack', appOut, {
    macroExpander: keepPattern,
    customBuildOptions: {},
    globalOutDir: join(projectDir, 'dist'),
    defaultSrc: projectDir,
  });
  const matcher = matchers?.[0];
  return (
    matcher !== undefined && matcher.createFilter()(join(projectDir, relative), fileStat(relative))
  );
}

/** The Depends electron-builder gives a deb when the config names none. */
export function defaultDebDepends(): string[] {
  return FpmTarget.prototype.getDefaultDepends('deb');
}

/**
 * The archives electron-builder downloads for an AppImage toolset version. The legacy
 * toolset ("0.0.0", the default) is AppImageKit 12, whose runtime loads libfuse.so.2.
 */
export function appImageToolsetArchives(version: string): string[] {
  return Object.keys(appimageChecksums[version] ?? {});
}
