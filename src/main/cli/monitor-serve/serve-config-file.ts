import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { UsageError } from '../args/operation-args';

/*
 * The configuration file of `databridge monitor serve --config FILE`: what a service manager
 * starts it with on a machine where the app has no saved connections. JSON, checked here, so
 * a typo is refused at start with the field's name. Command-line options win over it.
 */

const SecondsSchema = z.number().int().min(1).max(3600);

/**
 * One connection to watch: a saved connection of the app (`profile`, its secret from the
 * keychain), or a service given here (`baseUrl` or `region`) with its secret from the
 * environment (`apiKeyEnv`, `passwordEnv`) or a file (`apiKeyFile`, e.g. a systemd credential).
 */
const ConnectionSchema = z
  .strictObject({
    /** The `profile` label of its metrics and its name in the JSON API. */
    name: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, {
      error: 'name: 1 to 64 letters, digits, dots, dashes or underscores',
    }),
    profile: z.string().min(1).optional(),
    baseUrl: z.url().optional(),
    region: z.enum(['EU', 'US']).optional(),
    apiKeyEnv: z.string().min(1).optional(),
    apiKeyFile: z.string().min(1).optional(),
    tenant: z.string().min(1).optional(),
    user: z.string().min(1).optional(),
    passwordEnv: z.string().min(1).optional(),
    /** Instances of this connection not to watch. */
    exclude: z.array(z.string().min(1)).max(1000).optional(),
    /**
     * Instances the team expects this connection to have: each is reported down
     * (`databridge_instance_up 0`) while it is not watched, e.g. while the key is refused.
     */
    instances: z.array(z.string().min(1)).max(1000).optional(),
  })
  .refine((c) => c.profile === undefined || (c.baseUrl === undefined && c.region === undefined), {
    // A saved connection has its own service: a baseUrl or region beside it would be ignored,
    // or carry the profile's stored secret elsewhere. Said once, as on the command line.
    error:
      'give "profile" or "baseUrl"/"region", not both: the saved connection has its own service',
    path: ['profile'],
  });
export type ServeConnectionConfig = z.infer<typeof ConnectionSchema>;

const ServeConfigSchema = z.strictObject({
  listen: z.string().optional(),
  intervalSeconds: SecondsSchema.optional(),
  blockingAlertSeconds: z.number().int().min(1).max(86_400).optional(),
  maxConnections: z.number().int().min(1).max(100_000).optional(),
  historyDir: z.string().min(1).optional(),
  dataDir: z.string().min(1).optional(),
  tokenFile: z.string().min(1).optional(),
  tokenEnv: z.string().min(1).optional(),
  tlsCert: z.string().min(1).optional(),
  tlsKey: z.string().min(1).optional(),
  proxy: z.string().min(1).optional(),
  proxyPac: z.url({ protocol: /^https?$/ }).optional(),
  connections: z.array(ConnectionSchema).max(100).default([]),
});
export type ServeConfigFile = z.infer<typeof ServeConfigSchema>;

/** Reads and checks a configuration file; a problem is a usage error naming the field. */
export async function readServeConfig(file: string): Promise<ServeConfigFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--config ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`--config ${file} is not valid JSON.`);
  }
  const parsed = ServeConfigSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || '(top level)';
  throw new UsageError(`--config ${file}: ${where}: ${issue?.message ?? 'invalid'}.`);
}
