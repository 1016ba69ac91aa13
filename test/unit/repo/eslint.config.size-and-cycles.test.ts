import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The size rules and the import-cycle rule of eslint.config.js, checked on probe sources.
 * The size probes are placed (by path only) in a layer; the cycle probes stand in for a real
 * file of src and import a module that imports that file back, so the cycle runs through
 * the tree as it is on disk. Type-aware rules are off, as in eslint.config.layers.test.ts (see
 * there for the single-run inference that CI=true would turn on).
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [
    { files: ['**/*.ts', '**/*.vue'], ...tseslint.configs.disableTypeChecked },
    {
      files: ['**/*.ts', '**/*.vue'],
      languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } },
    },
  ],
});

async function messagesOf(filePath: string, code: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

/** A function of `statements` lines, each a statement (none blank, none a comment). */
function functionOf(statements: number): string {
  const body = Array.from({ length: statements }, (_, i) => `  total += ${i};`).join('\n');
  return `export function probe(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
}

describe('size rules', () => {
  it('reports a function over 60 lines in src/main, not one of 60', async () => {
    expect(
      await messagesOf('src/main/app/size-probe.ts', functionOf(56), 'max-lines-per-function'),
    ).toEqual([]);
    const long = await messagesOf(
      'src/main/app/size-probe.ts',
      functionOf(57),
      'max-lines-per-function',
    );
    expect(long.join('\n')).toMatch(/too many lines \(61\)/);
  });

  it('does not count comments and blank lines in a function', async () => {
    const commented = functionOf(56).replace(/\n {2}total/g, '\n\n  // why\n  total');
    expect(
      await messagesOf('src/main/app/size-probe.ts', commented, 'max-lines-per-function'),
    ).toEqual([]);
  });

  it('leaves pinia setup stores and column lists to max-lines', async () => {
    const code = functionOf(80);
    for (const path of [
      'src/renderer/src/stores/probe-store.ts',
      'src/renderer/src/components/probe/probe-columns.ts',
    ]) {
      expect(await messagesOf(path, code, 'max-lines-per-function')).toEqual([]);
    }
    expect(
      await messagesOf('src/renderer/src/composables/use-probe.ts', code, 'max-lines-per-function'),
    ).toHaveLength(1);
  });

  it('bounds a module at 300 lines and a component at 250', async () => {
    const lines = (n: number): string =>
      Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
    expect(await messagesOf('src/shared/size-probe.ts', lines(300), 'max-lines')).toEqual([]);
    expect(await messagesOf('src/shared/size-probe.ts', lines(301), 'max-lines')).toHaveLength(1);
    const component = (n: number): string => `<script setup lang="ts">\n${lines(n - 2)}</script>\n`;
    const vue = 'src/renderer/src/components/probe/SizeProbe.vue';
    expect(await messagesOf(vue, component(250), 'max-lines')).toEqual([]);
    expect(await messagesOf(vue, component(251), 'max-lines')).toHaveLength(1);
  });
});

describe('import cycles', () => {
  it('reports a cycle between two modules of src', async () => {
    // envelope.ts imports errors.ts; errors.ts importing envelope.ts closes the loop.
    expect(readFileSync('src/shared/ipc/envelope.ts', 'utf8')).toMatch(/from '\.\.\/errors'/);
    const messages = await messagesOf(
      'src/shared/errors.ts',
      "import './ipc/envelope';\nexport const probe = 1;\n",
      'import-x/no-cycle',
    );
    expect(messages.join('\n')).toMatch(/Dependency cycle/);
  });

  it('follows imports of .vue files, from a .ts module and from a component', async () => {
    // ArchivesView.vue (TypeScript inside) imports use-archive-commands.ts, and view-registry.ts
    // imports ConnectionsView.vue (the other views it loads on demand): importing each back
    // closes a loop.
    const view = 'src/renderer/src/views/ArchivesView.vue';
    expect(readFileSync(view, 'utf8')).toMatch(/from '\.\.\/composables\/use-archive-commands'/);
    const fromTs = await messagesOf(
      'src/renderer/src/composables/use-archive-commands.ts',
      "import '../views/ArchivesView.vue';\nexport const probe = 1;\n",
      'import-x/no-cycle',
    );
    expect(fromTs.join('\n')).toMatch(/Dependency cycle/);
    const registry = 'src/renderer/src/views/view-registry.ts';
    expect(readFileSync(registry, 'utf8')).toMatch(/from '\.\/ConnectionsView\.vue'/);
    const fromVue = await messagesOf(
      'src/renderer/src/views/ConnectionsView.vue',
      '<script setup lang="ts">\nimport \'./view-registry\';\n</script>\n\n<template><div /></template>\n',
      'import-x/no-cycle',
    );
    expect(fromVue.join('\n')).toMatch(/Dependency cycle/);
  });

  it('ignores type-only imports, which leave no edge at run time', async () => {
    const messages = await messagesOf(
      'src/shared/errors.ts',
      "import type { IpcEnvelope } from './ipc/envelope';\nexport type Probe = IpcEnvelope;\n",
      'import-x/no-cycle',
    );
    expect(messages).toEqual([]);
  });
});
