// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import vueParser from 'vue-eslint-parser';
import prettier from 'eslint-config-prettier';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/**
 * The layers of ../shared/design/architecture.md, enforced: each folder lists the packages it
 * may import (every other bare import is refused) and the layer folders it must not reach
 * into (relative imports are caught by path pattern).
 * @param {string[]} packages allowed package names; `node:*` allows every Node built-in
 * @param {string[]} folders layer folder names that are forbidden
 * @param {string} why the message shown on a violation
 */
function layer(packages, folders, why) {
  const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const allowed = packages.map((name) =>
    name.endsWith(':*') ? `${escape(name.slice(0, -1))}` : `${escape(name)}(?:/|$)`,
  );
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          // A bare specifier (not relative, not absolute) that is not one of `packages`.
          { regex: `^(?!(?:${allowed.join('|')}))[^./]`, message: why },
          ...folders.map((folder) => ({
            group: [`**/${folder}/**`, `**/${folder}`],
            message: why,
          })),
        ],
      },
    ],
  };
}

// uplot: the time-series charts of the Monitor view (one wrapper, TimeSeriesChart.vue).
const uiLibs = ['vue', 'pinia', 'naive-ui', 'uplot'];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      '.tools/',
      'test-results/',
      'playwright-report/',
      'artifacts/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...pluginVue.configs['flat/recommended'],
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.vue'],
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.vue'],
    languageOptions: {
      parser: vueParser,
      parserOptions: {
        parser: tseslint.parser,
        projectService: true,
        extraFileExtensions: ['.vue'],
      },
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['scripts/**/*.mjs', '*.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['src/shared/**'],
    rules: layer(
      ['zod'],
      ['main', 'renderer', 'preload', 'emulator'],
      'src/shared holds contracts only: it may import zod and nothing else (it runs in the renderer too).',
    ),
  },
  {
    files: ['src/main/services/**'],
    rules: layer(
      // fflate: the zip of the diagnostics bundle (services/diagnostics); pac-resolver and
      // quickjs-wasi: PAC files, evaluated in a WebAssembly sandbox.
      ['zod', 'undici', 'node:*', 'fflate', 'pac-resolver', 'quickjs-wasi'],
      ['platform', 'app', 'cli', 'renderer', 'preload', 'emulator'],
      'Services are plain TypeScript with no Electron import: move Electron code to src/main/platform (and terminal code to src/main/cli).',
    ),
  },
  {
    files: ['src/main/app/**'],
    rules: layer(
      ['zod', 'undici', 'node:*'],
      ['platform', 'cli', 'renderer', 'preload'],
      'src/main/app composes the services for Electron main and the browser harness alike: no Electron import here.',
    ),
  },
  {
    // The command line is a way in beside platform/: it drives the same services and app, and
    // neither of them may reach back into it.
    files: ['src/main/cli/**'],
    rules: layer(
      // The JMESPath library: --query; prom-client: the headless monitor's /metrics.
      ['zod', 'undici', 'node:*', '@jmespath-community/jmespath', 'prom-client'],
      ['platform', 'renderer', 'preload', 'emulator'],
      'src/main/cli is the terminal shell over services, app and src/shared: no Electron, platform or renderer import.',
    ),
  },
  {
    // The command line's rooms (src/main/cli/README.md): args/ says what a command line means
    // and sits below every other room; only commands/ puts them together.
    files: ['src/main/cli/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname + '/src/main/cli',
          zones: [
            {
              target: './args',
              from: ['./commands', './connection', './help', './terminal', './monitor-serve'],
              message:
                'args/ is the bottom room of the command line: move what it needs into args/ (see src/main/cli/README.md).',
            },
            {
              target: ['./output', './help', './terminal', './connection', './completion'],
              from: ['./commands'],
              message:
                'Only commands/ puts the rooms together: move what this needs out of commands/ (see src/main/cli/README.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // Transfers by direction: upload/ and download/ build on the shared transfers/ files and
    // never on each other; of the shared files only the facade (transfer-service.ts) and the
    // dispatcher of runs (run-driver.ts) reach down into a direction.
    files: ['src/main/services/transfers/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname + '/src/main/services/transfers',
          zones: [
            {
              target: './upload',
              from: ['./download'],
              message: 'upload/ never imports download/: move what both use to transfers/ itself.',
            },
            {
              target: './download',
              from: ['./upload'],
              message: 'download/ never imports upload/: move what both use to transfers/ itself.',
            },
            {
              target: './!(transfer-service|run-driver).ts',
              from: ['./upload', './download'],
              message:
                'Shared transfer files never import upload/ or download/ (only transfer-service.ts and run-driver.ts do).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/platform/**'],
    rules: layer(
      ['electron', 'electron-updater', 'keytar', 'zod', 'undici', 'node:*'],
      ['renderer', 'preload', 'emulator'],
      'Platform adapters do not reach into the renderer or preload.',
    ),
  },
  {
    files: ['src/preload/**'],
    rules: layer(
      ['electron'],
      ['main', 'renderer', 'emulator'],
      'The preload is the generic bridge: electron and src/shared constants only.',
    ),
  },
  {
    files: ['src/renderer/**'],
    rules: layer(
      // @renderer and @shared: the aliases of tsconfig.web.json, not packages.
      [...uiLibs, 'zod', '@renderer', '@shared'],
      ['main', 'preload', 'emulator'],
      'The renderer talks to main only through api/client.ts and the IPC contract.',
    ),
  },
  {
    // The renderer's own floors, from the top: views, components, composables, stores, model,
    // api. Each zone names what its target must never import; paths are resolved (aliases
    // included, by the import-x settings further down) before they are matched, so
    // `@renderer/…` and `../` are caught alike.
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.vue'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname + '/src/renderer/src',
          zones: [
            {
              target: './stores',
              from: ['./components', './views'],
              message: 'Stores never import components or views: shared pure code goes in model/.',
            },
            {
              target: './composables',
              from: ['./components', './views'],
              message:
                'Composables never import components or views: shared pure code goes in model/.',
            },
            {
              target: './model',
              from: [
                './stores',
                './composables',
                './components',
                './views',
                './AppRoot.vue',
                './main.ts',
              ],
              message:
                'model/ is the pure floor under stores, composables, components and views: it imports none of them.',
            },
            {
              target: './components',
              from: ['./views'],
              message:
                'Components never import views: the app root hands the frame its views (ViewComponents).',
            },
            {
              target: './api',
              from: ['./model', './stores', './composables', './components', './views'],
              message: 'api/ is the ground floor: it imports src/shared only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/emulator/**'],
    rules: layer(
      ['zod', 'node:*'],
      ['main', 'renderer', 'preload'],
      'The emulator is built from src/shared and node:* only; it follows the interface, not the client.',
    ),
  },
  // Size (../shared/design/style.md, "Size and shape"). Blank lines and comments are not
  // counted: TSDoc and "why" comments are asked for, and must not push code into a split.
  {
    files: ['src/**/*.ts', 'src/**/*.vue'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A component is the whole .vue file: script, template and style (HTML and CSS comments
    // count, script comments do not). <script setup> is module code, not a function: it is
    // bounded here, its own functions by max-lines-per-function.
    files: ['src/**/*.vue'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The exceptions to max-lines-per-function, each still bounded by max-lines on its file:
    // - pinia setup stores: the function given to defineStore *is* the store (its state,
    //   getters and actions share one closure, as pinia's setup syntax has it); one store per
    //   resource is what keeps them small.
    // - table column lists: one object literal per column, data rather than logic.
    files: ['src/renderer/src/stores/*-store.ts', 'src/renderer/src/components/**/*-columns.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // No import cycles in src: a cycle makes module load order matter (a binding used before
    // its module has run) and ties modules that should stand apart. Type-only imports are
    // erased and do not count. Node resolution with .ts and .vue, and the renderer's aliases
    // read from tsconfig.web.json's `paths`.
    files: ['src/**/*.ts', 'src/**/*.vue'],
    plugins: { 'import-x': importX },
    // no-cycle parses a .ts file's .vue imports with the .ts file's options: name the
    // script parser vue-eslint-parser must use (typescript-eslint ignores the key).
    languageOptions: { parserOptions: { parser: tseslint.parser } },
    settings: {
      'import-x/extensions': ['.ts', '.vue', '.js'],
      'import-x/parsers': { 'vue-eslint-parser': ['.vue'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.vue', '.js'],
          tsconfig: { configFile: import.meta.dirname + '/tsconfig.web.json' },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  prettier,
);
