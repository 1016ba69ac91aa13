// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import vueParser from 'vue-eslint-parser';
import prettier from 'eslint-config-prettier';

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
    rules: layer(
      ['zod'],
      ['main', 'renderer', 'preload', 'emulator'],
      'src/shared holds contracts only: it may import zod and nothing else (it runs in the renderer too).',
    ),
  },
  {
    files: ['src/main/services/**'],
    rules: layer(
      ['zod', 'undici', 'node:*'],
      ['platform', 'app', 'renderer', 'preload', 'emulator'],
      'Services are plain TypeScript with no Electron import: move Electron code to src/main/platform.',
    ),
  },
  {
    files: ['src/main/app/**'],
    rules: layer(
      ['zod', 'undici', 'node:*'],
      ['platform', 'renderer', 'preload'],
      'src/main/app composes the services for Electron main and the browser harness alike: no Electron import here.',
    ),
  },
  {
    files: ['src/main/platform/**'],
    rules: layer(
      ['electron', 'keytar', 'zod', 'undici', 'node:*'],
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
      [...uiLibs, 'zod'],
      ['main', 'preload', 'emulator'],
      'The renderer talks to main only through api/client.ts and the IPC contract.',
    ),
  },
  {
    files: ['src/emulator/**'],
    rules: layer(
      ['zod', 'node:*'],
      ['main', 'renderer', 'preload'],
      'The emulator is built from src/shared and node:* only; it follows the interface, not the client.',
    ),
  },
  prettier,
);
