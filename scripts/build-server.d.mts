/** Where `npm run build:server` writes the executable, and its name. */
export const SERVER_DIR: string;
export const SERVER_NAME: string;
/** The node options the executable starts with (the blob's execArgv). */
export const SERVER_EXEC_ARGV: readonly string[];
/** Why this machine cannot build the executable, or undefined when it can. */
export function cannotBuildServer(platform?: string, arch?: string): string | undefined;
/** The single-executable configuration for `node --experimental-sea-config`. */
export function seaConfig(
  main: string,
  output: string,
): {
  main: string;
  output: string;
  disableExperimentalSEAWarning: boolean;
  useSnapshot: boolean;
  useCodeCache: boolean;
  execArgv: readonly string[];
};
/** Builds the executable into `outDir` (default out/server) and answers its path. */
export function buildServer(options?: { outDir?: string }): Promise<string>;
