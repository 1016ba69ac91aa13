#!/usr/bin/env node
// The second step of `npm run build`: bundles the command line (src/main/cli.ts) into one
// file, out/cli/databridge.cjs, that plain Node runs: package.json's `bin` for `npm link` and
// `npm install -g .`, and the file the packaged app ships for its `databridge` launcher
// (electron-builder.yml, extraResources). No tsx, TypeScript or node_modules at run time,
// except keytar, a native addon the CLI requires only when it opens the keychain.
//
// Answers are written into the bundle (see src/main/cli/cli-build-info.ts): the version and
// Node range from package.json, which the packaged app keeps inside its asar archive where
// plain Node cannot read it, and the operations the top-level help lists and the model shell
// completion offers, so that `--help` and `completion` never build the catalogue's schemas.
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { requiredNodeVersion } from './node-version.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where `npm run build` writes the bundle (package.json's `bin` points at it). */
export const CLI_BUNDLE = join(root, 'out', 'cli', 'databridge.cjs');

// Node runs the file directly (the shebang), as CommonJS: in CommonJS esbuild turns the
// imports of a module that is loaded lazily (the catalogue, the services, and the Node
// built-ins they use, such as node:tls) into require() calls made when it is first needed,
// where an ES module would load every built-in at start-up. `import.meta.url` (keytar is
// required relative to it) becomes the bundle's own URL.
const BANNER = [
  '#!/usr/bin/env node',
  "const __databridgeUrl = require('node:url').pathToFileURL(__filename).href;",
].join('\n');

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
          "import { summariesOf } from './src/main/cli/cli-usage';",
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

/**
 * Builds the bundle into `outFile` (default out/cli/databridge.cjs), executable. Answers
 * esbuild's metafile when asked for it (the tests read which modules start-up loads).
 * @param {{ outFile?: string, metafile?: boolean }} [options]
 */
export async function buildCli(options = {}) {
  const outFile = options.outFile ?? CLI_BUNDLE;
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  const info = {
    version: pkg.version,
    node: requiredNodeVersion(),
    ...(await catalogueAnswers()),
  };
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/main/cli.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${info.node}`,
    outfile: outFile,
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
    metafile: options.metafile === true,
    logLevel: 'warning',
  });
  await chmod(outFile, 0o755);
  return { outFile, metafile: result.metafile };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { outFile } = await buildCli();
  const { size } = await stat(outFile);
  console.log(`${relative(root, outFile)}  ${(size / 1024).toFixed(0)} KiB`);
}
