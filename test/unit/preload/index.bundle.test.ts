import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/*
 * The sandboxed preload runs on every window load and bundles all it imports (electron-vite
 * builds it whole, as CommonJS). It needs channel names only; reaching the IPC contract pulls
 * in zod and every record schema (about 270 KB). This bundles it in memory, as the build does,
 * so the check needs no `npm run build`.
 */
const ENTRY = 'src/preload/index.ts';
const MAX_BYTES = 30 * 1024;

const isPackage = (file: string): boolean => file.includes('node_modules/');

/** The shortest import chain from the entry to a package, for a message that says where to cut. */
function chainToPackage(metafile: Metafile): string[] | undefined {
  const cameFrom = new Map<string, string>([[ENTRY, '']]);
  const queue = [ENTRY];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (isPackage(file)) {
      const chain: string[] = [];
      for (let step = file; step; step = cameFrom.get(step) ?? '') chain.unshift(step);
      return chain;
    }
    for (const { path } of metafile.inputs[file]?.imports ?? []) {
      if (cameFrom.has(path)) continue;
      cameFrom.set(path, file);
      queue.push(path);
    }
  }
  return undefined;
}

describe('the preload bundle', () => {
  it(`holds no package (no zod) and stays under ${MAX_BYTES / 1024} KB`, async () => {
    const result = await build({
      entryPoints: [ENTRY],
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'browser',
      external: ['electron'],
      metafile: true,
      logLevel: 'silent',
    });
    const chain = chainToPackage(result.metafile);
    expect(
      chain,
      'the preload must import zod-free modules only (src/shared/ipc/channel-names.ts, ' +
        `envelope-data.ts); it reaches a package by ${chain?.join(' → ')}`,
    ).toBeUndefined();
    expect(Object.keys(result.metafile.inputs).filter(isPackage)).toEqual([]);
    const bytes = result.outputFiles[0]?.contents.byteLength ?? Infinity;
    expect(bytes).toBeLessThan(MAX_BYTES);
  });
});
