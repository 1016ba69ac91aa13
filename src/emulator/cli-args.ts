import { parseArgs } from 'node:util';
import { ONE_SHOT_FAULTS, type FaultConfig, type OneShotFault } from './faults';
import type { EmulatorOptions } from './server';
import { SEED_NAMES, type SeedName } from './seed/seed';

const isSeedName = (value: string): value is SeedName =>
  (SEED_NAMES as readonly string[]).includes(value);

/** The CLI's default port (in-process the default is 0, a free port). */
export const DEFAULT_CLI_PORT = 7420;

/** `--help` text. */
export const USAGE = `Usage: npm run emulator -- [options]

  --port <n>             port to listen on (default ${DEFAULT_CLI_PORT}; 0 picks a free port)
  --host <address>       address to listen on (default 127.0.0.1)
  --seed <name>          starting data: demo (default), empty, large (demo with
                         5,000 archives and 2,000 sessions on sql-eu-prod-01), or
                         monitor (demo plus sql-eu-mon-04 … 10: ten instances, each
                         with live sessions and a blocking chain)
  --data-dir <folder>    where uploads and exports go (default: a temporary folder)
  --job-ms <ms>          typical job duration (default 3000)
  --token-ttl <s>        access-token lifetime in seconds (default 3600)
  --url-ttl <s>          pre-signed URL lifetime in seconds (default 900)
  --min-part-size <b>    smallest upload part but the last, bytes (default 5242880)
Faults:
  --latency-ms <ms>      added to every request
  --rate-500 <f>         fraction 0..1 of API requests answering 500
  --rate-503 <f>         fraction answering 503 with Retry-After
  --rate-429 <f>         fraction answering 429 with Retry-After
  --retry-after <s>      Retry-After of those answers (default 1)
  --reset-part-rate <f>  fraction of part uploads whose connection is reset mid-way
  --download-connection-mibps <n>
                         MiB/s each download GET of an export is paced to, per
                         connection (parallel range GETs add up); 0: no limit
  --once <fault>[:<n>]   arm a one-shot fault n times (default 1); repeatable. Faults:
                         partPut (next part upload reset), partPut500, tokenRefresh
                         (next refresh refused), request500, request503, request429,
                         jobFail (next job started fails)
  --quiet                do not log requests
  --help                 show this text`;

const NUMBER_FLAGS = {
  port: 'port',
  'job-ms': 'jobMs',
  'token-ttl': 'tokenTtlSec',
  'url-ttl': 'urlTtlSec',
  'min-part-size': 'minPartSize',
} as const;

const FAULT_FLAGS = {
  'latency-ms': 'latencyMs',
  'rate-500': 'rate500',
  'rate-503': 'rate503',
  'rate-429': 'rate429',
  'retry-after': 'retryAfterSec',
  'reset-part-rate': 'resetPartRate',
  'download-connection-mibps': 'downloadConnectionMiBps',
} as const satisfies Record<string, keyof FaultConfig>;

/** What the command line asks for. */
export interface CliRequest {
  readonly help: boolean;
  readonly quiet: boolean;
  readonly options: EmulatorOptions;
  /** One-shot faults to arm once the emulator runs (`--once`). */
  readonly once: readonly { readonly fault: OneShotFault; readonly count: number }[];
}

const isOneShotFault = (value: string): value is OneShotFault =>
  (ONE_SHOT_FAULTS as readonly string[]).includes(value);

/** `jobFail` or `partPut:2`: a one-shot fault and how many times to arm it. */
function parseOnce(text: string): CliRequest['once'][number] {
  const [fault = '', countText] = text.split(':');
  if (!isOneShotFault(fault)) {
    throw new Error(`--once must name one of ${ONE_SHOT_FAULTS.join(', ')} (got "${text}")`);
  }
  const count = countText === undefined ? 1 : Number(countText);
  if (!Number.isInteger(count) || count < 1) {
    throw new Error(`--once ${fault}:<n> needs a whole number of 1 or more (got "${text}")`);
  }
  return { fault, count };
}

function toNumber(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) {
    throw new Error(`--${flag} must be a number of 0 or more (got "${text}")`);
  }
  return value;
}

/** Parses the CLI's arguments; throws an Error with a readable message for bad input. */
export function parseCliArgs(args: readonly string[]): CliRequest {
  const stringFlags = [
    ...Object.keys(NUMBER_FLAGS),
    ...Object.keys(FAULT_FLAGS),
    'host',
    'seed',
    'data-dir',
  ];
  const { values } = parseArgs({
    args: [...args],
    options: {
      ...Object.fromEntries(stringFlags.map((name) => [name, { type: 'string' as const }])),
      once: { type: 'string', multiple: true },
      help: { type: 'boolean' },
      quiet: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  const text = (name: string): string | undefined => {
    const value = (values as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  };
  const seed = text('seed');
  if (seed !== undefined && !isSeedName(seed)) {
    throw new Error(`--seed must be demo, empty, large or monitor (got "${seed}")`);
  }
  const options: EmulatorOptions = { port: DEFAULT_CLI_PORT };
  for (const [flag, key] of Object.entries(NUMBER_FLAGS)) {
    const value = text(flag);
    if (value !== undefined) options[key] = toNumber(flag, value);
  }
  const faults: Partial<FaultConfig> = {};
  for (const [flag, key] of Object.entries(FAULT_FLAGS)) {
    const value = text(flag);
    if (value !== undefined) faults[key] = toNumber(flag, value);
  }
  if (Object.keys(faults).length > 0) options.faults = faults;
  const host = text('host');
  const dataDir = text('data-dir');
  if (host !== undefined) options.host = host;
  if (seed !== undefined) options.seed = seed;
  if (dataDir !== undefined) options.dataDir = dataDir;
  const once = ((values as { once?: string[] }).once ?? []).map(parseOnce);
  return { help: values.help === true, quiet: values.quiet === true, options, once };
}
