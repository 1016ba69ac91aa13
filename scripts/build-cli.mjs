#!/usr/bin/env node
// The second step of `npm run build`: bundles the command line (src/main/cli.ts) into three
// files in out/cli (CLI_FILES), kept together. databridge.cjs is the entry that plain Node
// runs: package.json's `bin` for `npm link` and `npm install -g .`, and what the packaged
// app's `databridge` launcher runs (electron-builder.yml, extraResources). No tsx, TypeScript
// or node_modules at run time, except keytar, a native addon the CLI requires only when it
// opens the keychain.
//
// Answers are written into the bundle (see src/main/cli/build-info.ts): the version and
// Node range from package.json, which the packaged app keeps inside its asar archive where
// plain Node cannot read it, and the operations the top-level help lists and the model shell
// completion offers, so that `--help` and `completion` never build the catalogue's schemas.
import { chmod, copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { requiredNodeVersion } from './node-version.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The command's files, in one folder: the entry, the bundle of what every run loads (the
 * version, the help, completion), the bundle of the rest (the runner, the catalogue, the
 * services), which the first requires only for a command that needs it, and the packages the
 * services require only to talk to the service (undici, half of the whole). Reading and
 * compiling 2 MB is most of a short command's time: `--help` reads only the small one, and
 * input refused before any request does not read the packages.
 */
export const CLI_FILES = [
  'databridge.cjs',
  'databridge-main.cjs',
  'databridge-run.cjs',
  'databridge-deps.cjs',
  // The PAC files' sandbox (QuickJS in WebAssembly), read by services/proxy/pac-file-resolver.ts.
  'quickjs.wasm',
];
/** Where `npm run build` writes them. */
export const CLI_DIR = join(root, 'out', 'cli');
const [, MAIN_NAME, RUN_NAME, DEPS_NAME] = CLI_FILES;

// Node runs the bundles as CommonJS: in CommonJS esbuild turns the imports of a module that
// is loaded lazily (the services, and the Node built-ins they use, such as node:tls) into
// require() calls made when it is first needed, where an ES module would load every built-in
// at start-up. `import.meta.url` (keytar is required relative to it) becomes the bundle's own
// URL.
const BANNER = "const __databridgeUrl = require('node:url').pathToFileURL(__filename).href;";

/**
 * The entry turns on Node's module compile cache (V8 code cache kept on disk) before it
 * requires the bundles, so a run after the first skips most of their compiling. The cache is
 * the user's own (their cache folder: ~/.cache, ~/Library/Caches, %LOCALAPPDATA%), not Node's
 * default in the shared temporary folder, where another local user could create it first and
 * hand this user code to run; NODE_COMPILE_CACHE still chooses another folder. The call never throws by design; a cache
 * folder it cannot write only leaves the cache off. Runtimes without it (older Node) skip it,
 * and the try keeps a failure there from stopping the command.
 */
const ENTRY = [
  '#!/usr/bin/env node',
  "'use strict';",
  '// databridge: turns on the module compile cache, then runs the bundle beside this file.',
  'try {',
  "  const { enableCompileCache } = require('node:module');",
  '  if (enableCompileCache && !process.env.NODE_COMPILE_CACHE) {',
  "    const { homedir } = require('node:os');",
  "    const { join } = require('node:path');",
  "    const local = process.env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local');",
  "    const base = process.platform === 'win32' ? local",
  "      : process.platform === 'darwin' ? join(homedir(), 'Library', 'Caches')",
  "      : process.env.XDG_CACHE_HOME || join(homedir(), '.cache');",
  "    enableCompileCache(join(base, 'databridge', 'compile-cache'));",
  '  } else enableCompileCache?.();',
  '} catch {}',
  `require('./${MAIN_NAME}');`,
  '',
].join('\n');

/**
 * Serves every module that the main bundle imports lazily (`import()`) from the run bundle:
 * each becomes a small module that requires the run bundle when it is first needed and
 * answers that module's exports, which the run bundle loads through the function it exports
 * under the name `lazy` keeps.
 * @param {Map<string, string>} lazy module path (relative to the project) to export name
 */
function fromRunBundle(lazy) {
  return {
    name: 'databridge-run-bundle',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.namespace === RUN_NAME) return { path: args.path, external: true };
        if (args.kind !== 'dynamic-import' || args.pluginData === RUN_NAME) return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: RUN_NAME,
        });
        if (found.errors.length > 0 || found.external) return found;
        const path = relative(root, found.path).split(sep).join('/');
        if (!lazy.has(path)) lazy.set(path, `m${lazy.size}`);
        return { path, namespace: RUN_NAME };
      });
      build.onLoad({ filter: /.*/, namespace: RUN_NAME }, (args) => ({
        contents: `module.exports = require('./${RUN_NAME}').${lazy.get(args.path)}();`,
        loader: 'js',
      }));
    },
  };
}

/**
 * Serves the npm packages that the run bundle requires from the deps bundle, through a small
 * module each, like fromRunBundle: all but zod, whose schemas the catalogue and the services
 * share (one copy of it only), and keytar, a native addon required from node_modules.
 * @param {Set<string>} packages the package names served
 */
function fromDepsBundle(packages) {
  return {
    name: 'databridge-deps-bundle',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.namespace === DEPS_NAME) return { path: args.path, external: true };
        if (/^[./]/.test(args.path) || isBuiltin(args.path)) return undefined;
        if (/^(zod|keytar)(\/|$)/.test(args.path)) return undefined;
        packages.add(args.path);
        return { path: args.path, namespace: DEPS_NAME };
      });
      build.onLoad({ filter: /.*/, namespace: DEPS_NAME }, (args) => ({
        contents: `module.exports = require('./${DEPS_NAME}')[${JSON.stringify(args.path)}]();`,
        loader: 'js',
      }));
    },
  };
}

/**
 * zod's `locales` namespace (`z.locales`) re-exports the messages of every language it
 * knows, some 350 KiB: a bundle reads them all, and builds them all when zod is first loaded,
 * about 7% of the CPU time of a refused call as measured. The command only speaks English,
 * zod's default (zod/v4/classic/schemas.js imports en.js itself), so the namespace keeps `en`
 * alone. Should zod move its locales, the filter matches nothing and every language is bundled
 * again.
 */
const englishOnly = {
  name: 'databridge-zod-english',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(args.resolveDir, '..', 'locales', 'en-only.js'), namespace: 'zod-en' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-en' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * Every catalogue operation with its summary, and what shell completion offers, read from the
 * catalogue itself.
 */
async function catalogueAnswers() {
  const folder = await mkdtemp(join(tmpdir(), 'databridge-cli-build-'));
  try {
    const file = join(folder, 'summaries.mjs');
    await build({
      stdin: {
        contents: [
          "import { catalogue } from './src/shared/contract/catalogue';",
          "import { summariesOf } from './src/main/cli/help/usage';",
          "import { completionModelOf } from './src/main/cli/completion/completion-catalogue';",
          'export const operations = summariesOf(catalogue);',
          'export const completion = completionModelOf(catalogue);',
        ].join('\n'),
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: file,
      logLevel: 'warning',
    });
    const { operations, completion } = await import(pathToFileURL(file).href);
    return { operations, completion };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** esbuild's options common to both bundles. */
function bundleOptions(info, outfile, metafile) {
  return {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${info.node}`,
    outfile,
    banner: { js: BANNER },
    define: {
      DATABRIDGE_CLI_BUILD: JSON.stringify(info),
      'import.meta.url': '__databridgeUrl',
    },
    external: ['keytar'],
    // Less to parse on every start; names are kept for error messages.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    metafile,
    logLevel: 'warning',
    plugins: [englishOnly],
  };
}

/**
 * Builds CLI_FILES into `outDir` (default out/cli), the entry executable. Answers their paths
 * and, when asked, esbuild's metafile of the main bundle (the tests read which modules
 * start-up loads).
 * @param {{ outDir?: string, metafile?: boolean }} [options]
 */
export async function buildCli(options = {}) {
  const [entry, main, run, deps, wasm] = CLI_FILES.map((name) =>
    join(options.outDir ?? CLI_DIR, name),
  );
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  const info = {
    version: pkg.version,
    node: requiredNodeVersion(),
    ...(await catalogueAnswers()),
  };
  const lazy = new Map();
  const result = await build({
    ...bundleOptions(info, main, options.metafile === true),
    entryPoints: ['src/main/cli.ts'],
    plugins: [englishOnly, fromRunBundle(lazy)],
  });
  const packages = new Set();
  await build({
    ...bundleOptions(info, run, false),
    plugins: [englishOnly, fromDepsBundle(packages)],
    stdin: {
      // Functions, so that each module is still loaded only when first asked for.
      contents: [...lazy]
        .map(([path, name]) => `exports.${name} = () => require('./${path}');`)
        .join('\n'),
      resolveDir: root,
      sourcefile: RUN_NAME,
      loader: 'js',
    },
  });
  await build({
    ...bundleOptions(info, deps, false),
    stdin: {
      contents: [...packages]
        .map((name) => `exports[${JSON.stringify(name)}] = () => require(${JSON.stringify(name)});`)
        .join('\n'),
      resolveDir: root,
      sourcefile: DEPS_NAME,
      loader: 'js',
    },
  });
  await copyFile(join(root, 'node_modules', 'quickjs-wasi', 'quickjs.wasm'), wasm);
  await writeFile(entry, ENTRY);
  await chmod(entry, 0o755);
  return { entry, main, run, deps, wasm, metafile: result.metafile };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { entry, main, run, deps, wasm } = await buildCli();
  for (const file of [entry, main, run, deps, wasm]) {
    const { size } = await stat(file);
    console.log(`${relative(root, file)}  ${(size / 1024).toFixed(0)} KiB`);
  }
}
