import { catalogue, type Operation } from '../../../shared/contract/catalogue';
import { parameterNames } from './cli-args';

const USAGE = `Usage: npm run cli -- <group> <operation> [--param value ...] [connection options]
       npm run cli -- <group>.<operation> ...        (the catalogue operation id)
       npm run cli -- <group> <operation> --help     (the parameters of one operation)

Connection (one of):
  --profile NAME           a saved connection of the app; its secret comes from the keychain
    --data-dir DIR         the app's data folder (default: the platform's, as the app uses)
  --base-url URL           the service, e.g. http://127.0.0.1:7420/databridge (the emulator)
  --region EU|US           a region of the service instead of --base-url (default EU)
  and a sign-in:
    --api-key KEY          API key (or the environment variable DATABRIDGE_API_KEY)
    --tenant T --user U --password P
                           token sign-in (password also from DATABRIDGE_PASSWORD)
  --proxy URL              HTTP(S) proxy (default: HTTPS_PROXY / HTTP_PROXY, with NO_PROXY)
  --read-only              refuse every operation that changes something

Parameters:
  --<name> VALUE           a path parameter, query parameter or header of the operation, by
                           its name in the catalogue: --instanceName sql-eu-prod-01 --sort "name ASC"
  --body JSON | @FILE      the JSON body, inline or from a file
  --body-file FILE         the raw bytes of an upload part (uploads putPart)

Output:
  The answer is printed as JSON. --headers prints { status, headers, data } instead.
  --verbose logs requests to stderr (secrets redacted).
  Errors go to stderr as "error CODE: message"; the exit code is 1, or 2 for a bad command line.
  Prefer the environment variables to --api-key/--password: command lines are visible to
  other users of the machine.`;

/** The full help: usage and every operation of the catalogue with its summary. */
export function helpText(): string {
  const width = Math.max(...catalogue.map((op) => op.id.length)) + 2;
  const groups = new Map<string, Operation[]>();
  for (const op of catalogue) groups.set(op.group, [...(groups.get(op.group) ?? []), op]);
  const lines = [USAGE, '', `Operations (${catalogue.length}):`];
  for (const [group, ops] of groups) {
    lines.push('', `  ${group}`);
    for (const op of ops) lines.push(`    ${op.id.padEnd(width)}${op.summary}`);
  }
  return lines.join('\n');
}

/** Help of one operation: method, path, parameters and body. */
export function operationHelp(op: Operation): string {
  const names = parameterNames(op);
  const lines = [`${op.id}: ${op.summary}`, `  ${op.method} ${op.path}`, ''];
  const list = (title: string, items: string[]): void => {
    if (items.length) lines.push(`  ${title}: ${items.map((n) => `--${n}`).join(' ')}`);
  };
  list('path', names.path);
  list('query', names.query);
  list('headers', names.headers);
  if (op.body?.contentType === 'json') {
    lines.push(`  body: --body JSON (${op.body.required ? 'required' : 'optional'})`);
  } else if (op.body?.contentType === 'bytes') lines.push('  body: --body-file FILE (required)');
  lines.push(`  roles: ${op.roles.join(', ')}`);
  if (op.startsJob) lines.push('  starts a background job: follow it with "jobs getByInstance"');
  return lines.join('\n');
}
