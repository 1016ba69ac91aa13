import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js, checked on probe sources placed (by
 * path only, nothing is written) in each layer. Type-aware rules are turned off
 * for the probes because the files do not exist in the TypeScript project.
 *
 * typescript-eslint infers a "single run" from CI=true (set by CI machines) and
 * then builds a TypeScript program even for these probes, which crashes
 * vue/no-ref-as-operand on a file the program does not hold. The probes must
 * lint the same way everywhere, so that inference is turned off.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [
    { files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked },
    {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } },
    },
  ],
});

async function restrictedMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('layer import rules', () => {
  it('forbids electron in src/main/services', async () => {
    const messages = await restrictedMessages(
      'src/main/services/layer-probe.ts',
      "import { app } from 'electron';\nexport const name = app.name;\n",
    );
    expect(messages.join('\n')).toMatch(/no Electron import/);
  });

  it('forbids keytar in src/main/services', async () => {
    const messages = await restrictedMessages(
      'src/main/services/layer-probe.ts',
      "import keytar from 'keytar';\nexport const k = keytar;\n",
    );
    expect(messages).toHaveLength(1);
  });

  it('allows node:* and zod in src/main/services', async () => {
    const messages = await restrictedMessages(
      'src/main/services/layer-probe.ts',
      "import { join } from 'node:path';\nimport { z } from 'zod';\nexport const a = join('a', z.string().parse('b'));\n",
    );
    expect(messages).toEqual([]);
  });

  it('forbids any package the layer does not list, and the emulator, in src/main/services', async () => {
    const messages = await restrictedMessages(
      'src/main/services/layer-probe.ts',
      "import { WebSocket } from 'ws';\nimport { startEmulator } from '../../emulator/server';\nexport const a = [WebSocket, startEmulator];\n",
    );
    expect(messages).toHaveLength(2);
  });

  it('allows undici and node:* sub-paths in src/main/services, not look-alike names', async () => {
    const allowed = await restrictedMessages(
      'src/main/services/layer-probe.ts',
      "import { request } from 'undici';\nimport { pipeline } from 'node:stream/promises';\nexport const a = [request, pipeline];\n",
    );
    expect(allowed).toEqual([]);
    const lookAlike = await restrictedMessages(
      'src/main/services/layer-probe.ts',
      "import x from 'undici-extra';\nimport y from 'zodiac';\nexport const a = [x, y];\n",
    );
    expect(lookAlike).toHaveLength(2);
  });

  it('forbids electron in src/main/app (the harness runs it under Node)', async () => {
    const messages = await restrictedMessages(
      'src/main/app/layer-probe.ts',
      "import { app } from 'electron';\nexport const name = app.name;\n",
    );
    expect(messages).toHaveLength(1);
  });

  it('allows vue, pinia, naive-ui and zod in the renderer', async () => {
    const messages = await restrictedMessages(
      'src/renderer/src/layer-probe.ts',
      "import { ref } from 'vue';\nimport { defineStore } from 'pinia';\nimport { NButton } from 'naive-ui';\nimport { z } from 'zod';\nexport const a = [ref, defineStore, NButton, z];\n",
    );
    expect(messages).toEqual([]);
  });

  it('forbids node:* and main in src/shared', async () => {
    const messages = await restrictedMessages(
      'src/shared/layer-probe.ts',
      "import { join } from 'node:path';\nimport { x } from '../main/services/x';\nexport const a = join(String(x));\n",
    );
    expect(messages).toHaveLength(2);
  });

  it('forbids electron and main services in the renderer', async () => {
    const messages = await restrictedMessages(
      'src/renderer/src/layer-probe.ts',
      "import { ipcRenderer } from 'electron';\nimport { y } from '../../main/services/y';\nexport const a = [ipcRenderer, y];\n",
    );
    expect(messages).toHaveLength(2);
  });

  it('forbids the main process in the emulator', async () => {
    const messages = await restrictedMessages(
      'src/emulator/layer-probe.ts',
      "import { z } from '../main/services/z';\nexport const a = z;\n",
    );
    expect(messages).toHaveLength(1);
  });
});
