import { DEMO_API_KEYS, DEMO_PASSWORD, DEMO_TENANT, DEMO_USERS } from './auth';
import { USAGE, parseCliArgs, type CliRequest } from './cli-args';
import { startEmulator } from './server';

/*
 * `npm run emulator`: the emulator as a process. The first line it prints is exactly
 * `Emulator listening on http://HOST:PORT` (tests and scripts wait for it), then the base URL
 * and auth URL clients use, the demo credentials and CLI commands to paste. Ctrl-C (SIGINT)
 * or SIGTERM closes it cleanly and exits 0.
 */

/** What follows the listening line: where clients connect, and how to sign in. */
function banner(baseUrl: string, authUrl: string): string[] {
  const adminKey =
    Object.entries(DEMO_API_KEYS).find(([, role]) => role === 'Admin')?.[0] ?? 'demo-admin-key';
  return [
    `Base URL: ${baseUrl}  (a connection's base URL; the CLI's --base-url)`,
    `Auth URL: ${authUrl}  (the token service, found from the base URL's host)`,
    'Demo credentials:',
    ...Object.entries(DEMO_API_KEYS).map(([key, role]) => `  API key ${key} (${role})`),
    `  Token login: tenant "${DEMO_TENANT}", users ${Object.keys(DEMO_USERS).join(', ')}, password "${DEMO_PASSWORD}"`,
    // The key goes in the environment, never on the command line: a demo key is no secret,
    // but what is pasted from here is what people do with real keys too.
    'Try the CLI (npm run build && npm run link-cli put databridge on the PATH):',
    `  export DATABRIDGE_API_KEY=${adminKey}`,
    `  databridge instances list --base-url ${baseUrl}`,
    "A real key: databridge ... --api-key-stdin < key-file, or --profile NAME (the app's keychain).",
  ];
}

async function main(): Promise<void> {
  let request: CliRequest;
  try {
    request = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (request.help) {
    console.log(USAGE);
    return;
  }
  const emulator = await startEmulator({
    ...request.options,
    ...(request.quiet ? {} : { log: (line: string) => console.log(line) }),
  });
  for (const { fault, count } of request.once) emulator.faults.once(fault, count);
  console.log(`Emulator listening on ${emulator.url}`);
  for (const line of banner(emulator.baseUrl, emulator.authUrl)) console.log(line);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Emulator did not close cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(
    `Emulator failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});
