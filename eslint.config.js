// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import vueParser from 'vue-eslint-parser';
import prettier from 'eslint-config-prettier';

/**
 * The layers of ../shared/design/architecture.md, enforced: each folder lists
 * what it must not import. Relative imports are caught by path pattern.
 * @param {string[]} packages bare module names or prefixes that are forbidden
 * @param {string[]} folders layer folder names that are forbidden
 * @param {string} why the message shown on a violation
 */
function forbid(packages, folders, why) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...packages.map((name) => ({ group: [name, `${name}/*`], message: why })),
          ...folders.map((folder) => ({
            group: [`**/${folder}/**`, `**/${folder}`],
            message: why,
          })),
        ],
      },
    ],
  };
}

const uiLibs = ['vue', 'pinia', 'naive-ui'];

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
    rules: forbid(
      ['electron', 'keytar', 'undici', 'node:*', ...uiLibs],
      ['main', 'renderer', 'preload', 'emulator'],
      'src/shared holds contracts only: it may import zod and nothing else (it runs in the renderer too).',
    ),
  },
  {
    files: ['src/main/services/**'],
    rules: forbid(
      ['electron', 'keytar', ...uiLibs],
      ['platform', 'renderer', 'preload'],
      'Services are plain TypeScript with no Electron import: move Electron code to src/main/platform.',
    ),
  },
  {
    files: ['src/main/platform/**'],
    rules: forbid(
      uiLibs,
      ['renderer', 'preload'],
      'Platform adapters do not reach into the renderer or preload.',
    ),
  },
  {
    files: ['src/preload/**'],
    rules: forbid(
      ['node:*', 'keytar', 'undici', ...uiLibs],
      ['main', 'renderer', 'emulator'],
      'The preload is the generic bridge: electron and src/shared constants only.',
    ),
  },
  {
    files: ['src/renderer/**'],
    rules: forbid(
      ['electron', 'keytar', 'undici', 'node:*'],
      ['main', 'preload', 'emulator'],
      'The renderer talks to main only through api/client.ts and the IPC contract.',
    ),
  },
  {
    files: ['src/emulator/**'],
    rules: forbid(
      ['electron', 'keytar', ...uiLibs],
      ['main', 'renderer', 'preload'],
      'The emulator is built from src/shared and node:* only; it follows the interface, not the client.',
    ),
  },
  prettier,
);
