/** Where `npm run build` writes the bundle (package.json's `bin` points at it). */
export const CLI_BUNDLE: string;
/** esbuild's metafile: every input of the bundle and what it imports. */
export interface CliMetafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}
/** Builds the bundle into `outFile` (default out/cli/databridge.cjs), executable. */
export function buildCli(options?: {
  outFile?: string;
  metafile?: boolean;
}): Promise<{ outFile: string; metafile?: CliMetafile }>;
