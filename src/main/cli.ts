import { KeytarSecretStore } from './platform/keytar-secret-store';
import { runCli } from './cli/cli-runner';

/*
 * The command line over the app's services: `npm run cli -- <group> <operation> [--param v]`.
 * A composition root like src/main/index.ts, so it may hand the keytar adapter to the services.
 */

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  secretStore: () => new KeytarSecretStore(),
  isTty: process.stderr.isTTY,
  // Only a transfer traps Ctrl+C: the first asks it to pause in its journal (the same command
  // resumes it); a second ends the process at once, as Node does by default.
  interrupts: () => {
    const interrupt = new AbortController();
    process.once('SIGINT', () => interrupt.abort());
    return interrupt.signal;
  },
});
process.exitCode = code;
