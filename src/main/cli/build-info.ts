import { readFileSync } from 'node:fs';
import { summariesOf, type OperationSummary } from './help/usage';
import type { CompletionModel } from './completion/completion-model';

/** What the bundle's build writes in: see scripts/build-cli.mjs. */
interface CliBuildInfo {
  /** package.json's version. */
  readonly version: string;
  /** The lowest Node version package.json's `engines` allows, e.g. `22.19`. */
  readonly node: string;
  /** Every catalogue operation, as the top-level help lists them. */
  readonly operations: readonly OperationSummary[];
  /** What shell completion offers (`databridge completion`), read from the catalogue. */
  readonly completion?: CompletionModel;
}

/*
 * Replaced by a literal when the bundle is built (esbuild's `define`); a free name that is not
 * defined anywhere when the CLI runs from source (`npm run cli`), where the answers are read
 * from package.json and the catalogue instead. The bundle has to carry them: in the packaged
 * app package.json is inside the asar archive, which plain Node cannot read, and reading the
 * catalogue means building all of its schemas, the largest part of a run's start-up.
 */
declare const DATABRIDGE_CLI_BUILD: CliBuildInfo | undefined;

function built(): CliBuildInfo | undefined {
  return typeof DATABRIDGE_CLI_BUILD === 'undefined' ? undefined : DATABRIDGE_CLI_BUILD;
}

function packageJson(): { version: string; engines: { node: string } } {
  const file = new URL('../../../package.json', import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as { version: string; engines: { node: string } };
}

/** The version of the CLI (the app's). */
export function cliVersion(): string {
  return built()?.version ?? packageJson().version;
}

/** The lowest Node version the bundle runs on; undefined from source (npm run cli checks it). */
export function requiredNode(): string | undefined {
  return built()?.node;
}

/** Every operation of the catalogue with its summary, in the catalogue's order. */
export async function operationSummaries(): Promise<readonly OperationSummary[]> {
  const info = built();
  if (info) return info.operations;
  const { catalogue } = await import('../../shared/contract/catalogue');
  return summariesOf(catalogue);
}

/** What shell completion offers: the groups, commands, options and their values. */
export async function completionModel(): Promise<CompletionModel> {
  const model = built()?.completion;
  if (model) return model;
  const [{ catalogue }, { completionModelOf }] = await Promise.all([
    import('../../shared/contract/catalogue'),
    import('./completion/completion-catalogue'),
  ]);
  return completionModelOf(catalogue);
}
