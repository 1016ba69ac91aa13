import { catalogue, type Operation } from '../../../shared/contract/catalogue';
import { SERVICE_BASE_PATHS } from '../../../shared/contract/paths';
import type { ErrorCode } from '../../../shared/errors';
import type { Adviser, FailedCall, SignInKind } from '../../services/http/http-errors';

/*
 * The "what to do" of service errors for someone at a terminal: the flags to check, the
 * command that shows what exists, and the request that was tried. The app's advice
 * (guiAdvice) speaks of windows and lists to refresh, which a terminal does not have.
 */

const CONNECTION = '--base-url (or the saved --profile)';
const SIGN_IN = '--api-key or DATABRIDGE_API_KEY, or --tenant/--user/--password';

/**
 * The CLI's adviser for a connection that signs in with `kind` (unknown for the token
 * service's own calls): what to check, in flags and commands, then `  tried: METHOD URL`.
 * A refused sign-in names the flags of that kind only.
 */
export function cliAdviceFor(kind?: SignInKind): Adviser {
  return (code, call, retryAfterMs) => {
    const op = catalogue.find((candidate) => candidate.id === call.operation);
    const sentence = advise(code, call, op, retryAfterMs, kind);
    return call.url === undefined
      ? sentence
      : `${sentence}\n  tried: ${call.method ?? 'GET'} ${call.url}`;
  };
}

/** {@link cliAdviceFor} when the kind of sign-in is not known: both kinds' flags are named. */
export const cliAdvice: Adviser = cliAdviceFor();

/** What to check when the service refused the sign-in of `kind`. */
function signInAdvice(op: Operation | undefined, kind: SignInKind | undefined): string {
  if (op?.service === 'auth') return 'Check the tenant, user name and password in --body.';
  const tenant = `and that ${CONNECTION} is the service of that tenant`;
  if (kind === 'apiKey') {
    return `The service did not accept the API key: check --api-key or DATABRIDGE_API_KEY (or the key saved for --profile), ${tenant}.`;
  }
  if (kind === 'token') {
    return `The service did not accept the user's sign-in, even with a renewed access token: check --tenant, --user and --password (or DATABRIDGE_PASSWORD), that the password has not changed, ${tenant}.`;
  }
  return `The service did not accept the sign-in: check ${SIGN_IN}, ${tenant}.`;
}

function advise(
  code: ErrorCode,
  call: FailedCall,
  op: Operation | undefined,
  retryAfterMs: number | undefined,
  kind: SignInKind | undefined,
): string {
  const help = op ? `databridge ${command(op)} --help` : 'databridge --help';
  switch (code) {
    case 'VALIDATION':
      return `Check the parameters and --body; \`${help}\` lists them.`;
    case 'AUTH_REQUIRED':
    case 'AUTH_EXPIRED':
      return signInAdvice(op, kind);
    case 'FORBIDDEN':
      return `Use an API key or user whose role may do this (\`${help}\` lists the roles), or ask a tenant administrator.`;
    case 'NOT_FOUND':
      return notFound(call, op);
    case 'CONFLICT':
      return 'It already exists or is busy with another job; choose another name, or wait for the job and run the command again.';
    case 'GONE':
      return typeof call.params['jobId'] === 'string'
        ? `The service no longer knows job ${call.params['jobId']}; finished jobs are cleaned up after a while.`
        : 'The service no longer knows it.';
    case 'RATE_LIMITED':
      return retryAfterMs === undefined
        ? 'The service is busy; run the command again in a moment.'
        : `The service is busy; run the command again in ${Math.ceil(retryAfterMs / 1000)} s.`;
    case 'UNAVAILABLE':
      return 'The service is unavailable right now; run the command again later.';
    case 'NETWORK':
      return `Check that the host and port of ${CONNECTION} are right and reachable (for the emulator: that \`npm run emulator\` is running on that port), and the proxy: --proxy, or HTTPS_PROXY and NO_PROXY. On a slow link, allow more time with --timeout SECONDS (default 30).`;
    default:
      return 'Run the command again with --verbose to see the requests (secrets redacted).';
  }
}

/**
 * Operations whose path names the database they create (an import and its upload): their
 * 404 can only be the instance's, so the advice names the instances, not the databases of
 * an instance that does not exist.
 */
const CREATES_NAMED_DATABASE: ReadonlySet<string> = new Set([
  'databases.prepareImport',
  'databases.import',
  'uploads.init',
]);

/**
 * A 404. An operation without path parameters (a list) always exists on the service, so its
 * 404 means the request went somewhere else: the base URL is wrong, typically without the
 * base path. With path parameters, what they name does not exist, unless the URL lacks the
 * base path too.
 */
function notFound(call: FailedCall, op: Operation | undefined): string {
  if (op?.service === 'auth') {
    return `Nothing answers at the URL tried: the token service is expected at ${SERVICE_BASE_PATHS.auth} on the host of ${CONNECTION}; check its host and port.`;
  }
  const names = Object.keys(call.params);
  if (names.length === 0 || !hasBasePath(call.url)) {
    const path = SERVICE_BASE_PATHS.api;
    const origin = originOf(call.url);
    const example = origin ? `, e.g. --base-url ${origin}${path}` : '';
    return `Nothing answers at the URL tried, so the base URL is wrong: it must include the service's base path ${path}${example} (as \`npm run emulator\` prints it).`;
  }
  const instance = call.params['instanceName'];
  if (op && CREATES_NAMED_DATABASE.has(op.id) && typeof instance === 'string') {
    return `Check --instanceName ${instance}: the database is the one being created, so it is the instance that was not found; \`databridge instances list\` (with the same connection options) lists the instances.`;
  }
  const given = names.map((name) => `--${name} ${String(call.params[name])}`).join(' ');
  const list = listCommand(op, call);
  return list
    ? `Check ${given}; \`databridge ${list}\` (with the same connection options) lists what exists.`
    : `Check ${given}.`;
}

function hasBasePath(url: string | undefined): boolean {
  if (url === undefined) return true;
  try {
    return new URL(url).pathname.startsWith(`${SERVICE_BASE_PATHS.api}/`);
  } catch {
    return true;
  }
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The list that shows what a not-found parameter may be: the group's list that needs fewer
 * of the call's path parameters (archives get -> archives list --instanceName X), else the
 * instances when the call names one.
 */
function listCommand(op: Operation | undefined, call: FailedCall): string | undefined {
  const given = Object.keys(call.params);
  const lists = catalogue.filter(
    (candidate) =>
      candidate.group === op?.group &&
      candidate.method === 'GET' &&
      /\.list/.test(candidate.id) &&
      pathNames(candidate).length < given.length &&
      pathNames(candidate).every((name) => given.includes(name)),
  );
  const best = lists.sort((a, b) => pathNames(b).length - pathNames(a).length)[0];
  if (best) {
    const flags = pathNames(best).map((name) => ` --${name} ${String(call.params[name])}`);
    return command(best) + flags.join('');
  }
  return given.includes('instanceName') ? 'instances list' : undefined;
}

function pathNames(op: Operation): string[] {
  return Object.keys(op.pathParams.shape);
}

/** `databases.list` -> `databases list`, as the CLI takes it. */
function command(op: Operation): string {
  return op.id.replace('.', ' ');
}
