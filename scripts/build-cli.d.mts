/** The command's files, kept in one folder: the entry, the bundles it loads, and the PAC sandbox's wasm. */
export const CLI_FILES: readonly string[];
/** Where `npm run build` writes them (package.json's `bin` points at the entry). */
export const CLI_DIR: string;
/** esbuild's metafile: every input of the bundle and what it imports. */
export interface CliMetafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}
/**
 * Builds CLI_FILES into `outDir` (default out/cli), the entry executable: answers their
 * paths, and the main bundle's metafile when asked.
 */
export function buildCli(options?: { outDir?: string; metafile?: boolean }): Promise<{
  entry: string;
  main: string;
  run: string;
  deps: string;
  wasm: string;
  metafile?: CliMetafile;
}>;
