import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';

/**
 * Native addons: they cannot be bundled, so main loads them from node_modules at run time and
 * electron-builder unpacks their binaries from the asar (`asarUnpack` in electron-builder.yml).
 */
const nativeModules: readonly string[] = ['keytar'];

const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
};

/**
 * Every other production dependency is bundled into out/main. Loading pure-JS ES modules from
 * inside app.asar is a path that has broken in Electron more than once (electron/electron
 * #40211, #41241, #45896), and only the packaged app takes it; bundled, they never do.
 */
const bundledDependencies: readonly string[] = Object.keys(pkg.dependencies ?? {}).filter(
  (name) => !nativeModules.includes(name),
);

/**
 * QuickJS's WebAssembly binary beside out/main/index.js, where services/proxy/pac-file-resolver.ts
 * reads it: the packaged app ships no node_modules but keytar.
 */
const quickJsWasm = {
  name: 'databridge-quickjs-wasm',
  generateBundle(this: { emitFile(file: object): string }) {
    this.emitFile({
      type: 'asset',
      fileName: 'quickjs.wasm',
      source: readFileSync(resolve('node_modules/quickjs-wasi/quickjs.wasm')),
    });
  },
};

/** `@renderer/…` and `@shared/…`: the renderer imports across its layers without `../../../`. */
const rendererAliases = {
  '@renderer': resolve('src/renderer/src'),
  '@shared': resolve('src/shared'),
};

export default defineConfig({
  main: {
    build: {
      externalizeDeps: { exclude: [...bundledDependencies] },
      rollupOptions: {
        input: { index: resolve('src/main/index.ts') },
        plugins: [quickJsWasm],
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot load ES modules or node_modules: bundle it
      // whole, as CommonJS.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    // The same aliases as tsconfig.web.json's `paths` (and vitest.config.ts).
    resolve: { alias: rendererAliases },
    build: {
      // Minified, as a shipped web app is: the window parses half the code at start (3.5 MB of
      // JavaScript down to 1.8 MB; about 0.4 s less of the renderer's processor a load, which
      // is within the noise of a whole e2e spec).
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
    plugins: [vue()],
  },
});
