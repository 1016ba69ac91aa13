import { parseArgs } from 'node:util';
import { z } from 'zod';
import { UsageError } from './operation-args';
import { positionals } from './options';
import { CONNECTION_OPTIONS_TABLE, TOP_OPTIONS_TABLE } from './global-options';
import { optionsHelp, type OptionTable } from './option-spec';

/*
 * `databridge diagnostics --out FILE`: the command line of the diagnostics bundle, parsed
 * without the services (a refused command line answers before they load).
 */

/** True when the command line is `diagnostics` (no catalogue group is named so). */
export function isDiagnosticsCommand(argv: readonly string[]): boolean {
  return positionals(argv)[0] === 'diagnostics';
}

/** The options of `diagnostics`, each once: the parser, the help and completion read them. */
export const DIAGNOSTICS_OPTIONS = {
  out: {
    type: 'string',
    value: 'FILE',
    complete: 'path',
    help: 'the zip to write (refused if it exists, unless --force)',
  },
  force: { type: 'boolean', help: 'replace FILE if it exists' },
  'data-dir': CONNECTION_OPTIONS_TABLE['data-dir'],
  proxy: {
    type: 'string',
    value: 'URL',
    help: `the proxy to describe and check through (default: HTTPS_PROXY /
HTTP_PROXY, with NO_PROXY), as for every command`,
  },
  check: {
    type: 'string',
    multiple: true,
    value: 'URL',
    help: `a service URL to check instead of the regions' hosts (a private
deployment); repeat for more. Custom connections' URLs are always
checked`,
  },
  lines: {
    type: 'string',
    value: 'N',
    help: 'log lines to include, 1 to 10000 (default 200)',
  },
  timeout: {
    type: 'string',
    value: 'SECONDS',
    help: "time allowed to each step of a host's check, 1 to 60 (default 5)",
  },
  help: TOP_OPTIONS_TABLE.help,
} as const satisfies OptionTable;

/** `diagnostics --help`. */
export const DIAGNOSTICS_HELP = `usage: databridge diagnostics --out FILE [--force] [--data-dir DIR] [--proxy URL]
                             [--check URL ...] [--lines N] [--timeout SECONDS]

Writes one zip for support: the versions (app, Node, OS), the settings in force and where
each comes from, the saved connections without secrets (only whether one is stored), the
keychain's status, the last lines of the app's log, the transfer journals' summary, how the
proxy is chosen for each service host, how many CA certificates are trusted and from where,
and a check of each service host (DNS, TCP, TLS, one request without credentials).
API keys, passwords, tokens, pre-signed URLs and proxy passwords are never in it.

${optionsHelp(DIAGNOSTICS_OPTIONS)}`;

const OptionsSchema = z.object({
  out: z.string({ error: '--out FILE is required: where to write the zip.' }).min(1),
  force: z.boolean().default(false),
  'data-dir': z.string().min(1).optional(),
  proxy: z
    .url({ protocol: /^https?$/, error: '--proxy must be a URL such as http://proxy:3128' })
    .optional(),
  check: z
    .array(
      z.url({
        protocol: /^https?$/,
        error: '--check must be a URL such as https://host/databridge',
      }),
    )
    .optional(),
  lines: z.coerce
    .number({ error: '--lines must be a number' })
    .int({ error: '--lines must be a whole number' })
    .min(1, { error: '--lines must be at least 1' })
    .max(10_000, { error: '--lines must be at most 10000' })
    .default(200),
  timeout: z.coerce
    .number({ error: '--timeout must be a number of seconds' })
    .min(1, { error: '--timeout must be at least 1 second' })
    .max(60, { error: '--timeout must be at most 60 seconds' })
    .default(5),
});

/** A parsed `diagnostics` command line. */
export type DiagnosticsCommand =
  { readonly kind: 'help' } | ({ readonly kind: 'write' } & z.infer<typeof OptionsSchema>);

/** Parses `diagnostics ...` (the words after `databridge`). Throws {@link UsageError}. */
export function parseDiagnosticsArgs(argv: readonly string[]): DiagnosticsCommand {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    throw new UsageError(
      `${(error as Error).message.replace(/[.\s]+$/, '')}. See diagnostics --help.`,
    );
  }
  const { values, positionals: words } = parsed;
  if (values.help) return { kind: 'help' };
  if (words.length > 1)
    throw new UsageError('diagnostics takes no words, only options (see diagnostics --help).');
  const options = OptionsSchema.safeParse(values);
  if (!options.success)
    throw new UsageError(options.error.issues[0]?.message ?? 'Invalid options.');
  return { kind: 'write', ...options.data };
}

function parseOptions(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: DIAGNOSTICS_OPTIONS,
  });
}
