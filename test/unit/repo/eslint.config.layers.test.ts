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
 *
 * Only the two rules under test run: the others (import-x/no-cycle above all, which reads every
 * module a probe imports, transitively) took 15 s of the unit project for nothing checked here.
 */
const LAYER_RULES = new Set(['no-restricted-imports', 'import-x/no-restricted-paths']);
const eslint = new ESLint({
  cwd: process.cwd(),
  ruleFilter: ({ ruleId }) => LAYER_RULES.has(ruleId),
  overrideConfig: [
    { files: ['**/*.ts', '**/*.vue'], ...tseslint.configs.disableTypeChecked },
    {
      files: ['**/*.ts', '**/*.vue'],
      languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } },
    },
  ],
});

async function restrictedMessages(
  filePath: string,
  code: string,
  ruleId = 'no-restricted-imports',
): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

/** The renderer's floor rule (import-x/no-restricted-paths) on a probe at `filePath`. */
async function zoneMessages(filePath: string, code: string): Promise<string[]> {
  return restrictedMessages(filePath, code, 'import-x/no-restricted-paths');
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

  it('forbids src/main/services and src/main/app to import the command line', async () => {
    const service = await restrictedMessages(
      'src/main/services/layer-probe.ts',
      "import { parseCliArgs } from '../cli/args/operation-args';\nexport const a = parseCliArgs;\n",
    );
    expect(service.join('\n')).toMatch(/terminal code to src\/main\/cli/);
    const app = await restrictedMessages(
      'src/main/app/layer-probe.ts',
      "import { runCli } from '../cli/commands/runner';\nexport const a = runCli;\n",
    );
    expect(app).toHaveLength(1);
  });

  it('allows src/main/cli to import services, app and src/shared, not platform or electron', async () => {
    const allowed = await restrictedMessages(
      'src/main/cli/layer-probe.ts',
      [
        "import { parse } from 'node:path';",
        "import { z } from 'zod';",
        "import { TransferService } from '../services/transfers/transfer-service';",
        "import { createAppServices } from '../app/create-app-services';",
        "import { AppError } from '../../shared/errors';",
        'export const a = [parse, z, TransferService, createAppServices, AppError];',
        '',
      ].join('\n'),
    );
    expect(allowed).toEqual([]);
    const refused = await restrictedMessages(
      'src/main/cli/layer-probe.ts',
      "import { app } from 'electron';\nimport { KeytarSecretStore } from '../platform/keytar-secret-store';\nexport const a = [app, KeytarSecretStore];\n",
    );
    expect(refused).toHaveLength(2);
  });

  it('keeps upload/ and download/ apart, and shared transfer files above neither', async () => {
    const rule = 'import-x/no-restricted-paths';
    const base = 'src/main/services/transfers';
    const upload = await restrictedMessages(
      `${base}/upload/layer-probe.ts`,
      "import { directGet } from '../download/direct-get';\nimport { bareEtag } from '../presigned-http';\nexport const a = [directGet, bareEtag];\n",
      rule,
    );
    expect(upload.join('\n')).toMatch(/upload\/ never imports download\//);
    expect(upload).toHaveLength(1);
    const download = await restrictedMessages(
      `${base}/download/layer-probe.ts`,
      "import { partBody } from '../upload/part-body';\nexport const a = partBody;\n",
      rule,
    );
    expect(download).toHaveLength(1);
    const shared = await restrictedMessages(
      `${base}/layer-probe.ts`,
      "import { runImport } from './upload/import-runner';\nexport const a = runImport;\n",
      rule,
    );
    expect(shared.join('\n')).toMatch(/Shared transfer files never import/);
    const facade = await restrictedMessages(
      `${base}/run-driver.ts`,
      "import { runImport } from './upload/import-runner';\nexport const a = runImport;\n",
      rule,
    );
    expect(facade).toEqual([]);
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

  it('allows the @renderer and @shared aliases in the renderer, not in main', async () => {
    const code =
      "import { formatMb } from '@renderer/model/display/format';\nimport { ErrorCodeSchema } from '@shared/errors';\nexport const a = [formatMb, ErrorCodeSchema];\n";
    expect(await restrictedMessages('src/renderer/src/layer-probe.ts', code)).toEqual([]);
    expect(await restrictedMessages('src/main/services/layer-probe.ts', code)).toHaveLength(2);
  });
});

/*
 * The renderer's floors (eslint.config.js, import-x/no-restricted-paths): the probes import
 * real modules of src/renderer/src, by alias and by relative path, because the rule matches
 * the resolved file.
 */
describe('renderer floor rules', () => {
  it('forbids stores to import components or views', async () => {
    const messages = await zoneMessages(
      'src/renderer/src/stores/layer-probe.ts',
      "import { viewComponents } from '../views/view-registry';\nimport ErrorState from '@renderer/components/common/ErrorState.vue';\nexport const a = [viewComponents, ErrorState];\n",
    );
    expect(messages).toHaveLength(2);
    expect(messages.join('\n')).toMatch(/Stores never import components or views/);
  });

  it('forbids composables to import components or views', async () => {
    const messages = await zoneMessages(
      'src/renderer/src/composables/use-layer-probe.ts',
      "import { viewComponents } from '@renderer/views/view-registry';\nimport { ROW_MENU_WIDTH } from '../components/common/row-menu-column';\nexport const a = [viewComponents, ROW_MENU_WIDTH];\n",
    );
    expect(messages).toHaveLength(2);
    expect(messages.join('\n')).toMatch(/Composables never import components or views/);
  });

  it('forbids model/ to import stores, composables, components, views or the app root', async () => {
    const messages = await zoneMessages(
      'src/renderer/src/model/display/layer-probe.ts',
      [
        "import { useSettingsStore } from '../../stores/settings-store';",
        "import { useSharedNow } from '@renderer/composables/use-shared-now';",
        "import ErrorState from '@renderer/components/common/ErrorState.vue';",
        "import { viewComponents } from '@renderer/views/view-registry';",
        "import AppRoot from '@renderer/AppRoot.vue';",
        'export const a = [useSettingsStore, useSharedNow, ErrorState, viewComponents, AppRoot];',
        '',
      ].join('\n'),
    );
    expect(messages).toHaveLength(5);
    expect(messages.join('\n')).toMatch(/model\/ is the pure floor/);
  });

  it('forbids components to import views, from a .ts module and from a component', async () => {
    const messages = await zoneMessages(
      'src/renderer/src/components/frame/layer-probe.ts',
      "import { viewComponents } from '@renderer/views/view-registry';\nexport const a = viewComponents;\n",
    );
    expect(messages.join('\n')).toMatch(/Components never import views/);
    expect(messages).toHaveLength(1);
    const fromVue = await zoneMessages(
      'src/renderer/src/components/frame/LayerProbe.vue',
      '<script setup lang="ts">\nimport JobsView from \'../../views/JobsView.vue\';\n</script>\n\n<template><jobs-view /></template>\n',
    );
    expect(fromVue.join('\n')).toMatch(/Components never import views/);
    expect(fromVue).toHaveLength(1);
  });

  it('forbids api/ to import anything of the renderer above it', async () => {
    const messages = await zoneMessages(
      'src/renderer/src/api/layer-probe.ts',
      "import { formatMb } from '../model/display/format';\nimport { useSettingsStore } from '@renderer/stores/settings-store';\nexport const a = [formatMb, useSettingsStore];\n",
    );
    expect(messages).toHaveLength(2);
  });

  it('allows every import that points down a floor', async () => {
    const view = await zoneMessages(
      'src/renderer/src/views/layer-probe.ts',
      [
        "import ErrorState from '@renderer/components/common/ErrorState.vue';",
        "import { useSharedNow } from '../composables/use-shared-now';",
        "import { useSettingsStore } from '@renderer/stores/settings-store';",
        "import { formatMb } from '@renderer/model/display/format';",
        "import { asAppError } from '../api/app-error';",
        'export const a = [ErrorState, useSharedNow, useSettingsStore, formatMb, asAppError];',
        '',
      ].join('\n'),
    );
    expect(view).toEqual([]);
    const store = await zoneMessages(
      'src/renderer/src/stores/layer-probe.ts',
      "import { createListCache } from '../model/lists/list-cache';\nimport { useIpcClient } from '@renderer/api/client';\nexport const a = [createListCache, useIpcClient];\n",
    );
    expect(store).toEqual([]);
  });
});

describe("the command line's rooms", () => {
  it('forbids args/ to import the rooms above it', async () => {
    const messages = await zoneMessages(
      'src/main/cli/args/layer-probe.ts',
      "import { runCli } from '../commands/runner';\nexport const a = runCli;\n",
    );
    expect(messages.join('\n')).toMatch(/args\/ is the bottom room/);
  });

  it('forbids the rooms other than commands/ to import commands/', async () => {
    const messages = await zoneMessages(
      'src/main/cli/output/layer-probe.ts',
      "import { runCli } from '../commands/runner';\nexport const a = runCli;\n",
    );
    expect(messages.join('\n')).toMatch(/Only commands\/ puts the rooms together/);
  });

  it('allows commands/ to import every room, and every room to import args/', async () => {
    const commands = await zoneMessages(
      'src/main/cli/commands/layer-probe.ts',
      "import { EXIT } from '../output/exit-codes';\nimport { parseCliArgs } from '../args/operation-args';\nexport const a = [EXIT, parseCliArgs];\n",
    );
    const help = await zoneMessages(
      'src/main/cli/help/layer-probe.ts',
      "import { parseCliArgs } from '../args/operation-args';\nexport const a = parseCliArgs;\n",
    );
    expect([...commands, ...help]).toEqual([]);
  });
});
