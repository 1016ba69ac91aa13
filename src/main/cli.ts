import { KeytarSecretStore } from './platform/keytar-secret-store';
import { runCli } from './services/cli/cli-runner';

/*
 * The command line over the app's services: `npm run cli -- <group> <operation> [--param v]`.
 * A composition root like src/main/index.ts, so it may hand the keytar adapter to the services.
 */
const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  secretStore: () => new KeytarSecretStore(),
});
process.exitCode = code;
