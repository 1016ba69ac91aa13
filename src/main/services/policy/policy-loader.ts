import { readTextIfPresent } from '../common/text-file';
import { execFile } from 'node:child_process';
import { PolicySchema, TestPolicySchema, type PolicyState } from '../../../shared/model/policy';
import { POLICY_REGISTRY_KEY, seamPolicyFile, systemPolicyFile } from './policy-paths';
import { policyFromRegQuery } from './registry-policy';

/*
 * Which policy is in force, decided in this order:
 * 1. Windows: values under HKLM\Software\Policies\DataBridge. When the registry holds any,
 *    the registry is the policy and the file is not read (one source, never a blend of two an
 *    administrator would have to reconcile key by key).
 * 2. The system file (see `systemPolicyFile`).
 * 3. Only when neither holds a policy: DATABRIDGE_POLICY_DIR's `policy.json`. A user may set
 *    that variable, so it can only add a policy where the organisation has none (which
 *    restricts the user who set it); it can never replace or hide the organisation's.
 * A file or registry value that is not a valid policy is ignored as a whole (never half
 * applied) and reported with its problems; it does not fall through to the next source.
 * Only the test folder's file may name an update mirror on this machine over plain http
 * (TestPolicySchema): the system's file and the registry must name an https one.
 */

/** Reads a file's text; undefined when there is no file. */
type ReadText = (path: string) => Promise<string | undefined>;

/** What {@link loadPolicy} reads. */
export interface PolicySources {
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Default: the file system. */
  readonly readText?: ReadText;
  /** `reg query <key> /s` output; undefined when the key does not exist. Default: `reg.exe`. */
  readonly queryRegistry?: (key: string) => Promise<string | undefined>;
}

/** The policy in force on this machine (see the order above). */
export async function loadPolicy(sources: PolicySources): Promise<PolicyState> {
  const readText = sources.readText ?? readTextIfPresent;
  if (sources.platform === 'win32') {
    const output = await (sources.queryRegistry ?? queryRegistry)(POLICY_REGISTRY_KEY);
    const raw = output === undefined ? undefined : policyFromRegQuery(output);
    if (raw !== undefined) return validated(raw, POLICY_REGISTRY_KEY, PolicySchema);
  }
  const system = systemPolicyFile(sources.platform, sources.env);
  const fromSystem = await readPolicyFile(readText, system, PolicySchema);
  if (fromSystem) return fromSystem;
  const seam = seamPolicyFile(sources.env);
  const fromSeam =
    seam === undefined ? undefined : await readPolicyFile(readText, seam, TestPolicySchema);
  return fromSeam ?? { status: 'absent', path: system };
}

/** The state of the file at `path`; undefined when there is none. One unreadable is invalid. */
async function readPolicyFile(
  readText: ReadText,
  path: string,
  schema: PolicyFileSchema,
): Promise<PolicyState | undefined> {
  let text: string | undefined;
  try {
    text = await readText(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    return { status: 'invalid', path, problems: [`the file could not be read (${reason})`] };
  }
  return text === undefined ? undefined : parsePolicyText(text, path, schema);
}

/** The schema a policy source is held to: the system's, or the test folder's (the same shape). */
type PolicyFileSchema = typeof PolicySchema;

/** The state of a policy file's text: valid, or invalid with each problem. */
export function parsePolicyText(
  text: string,
  path: string,
  schema: PolicyFileSchema = PolicySchema,
): PolicyState {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { status: 'invalid', path, problems: [`not valid JSON: ${reason}`] };
  }
  return validated(raw, path, schema);
}

function validated(raw: unknown, path: string, schema: PolicyFileSchema): PolicyState {
  const result = schema.safeParse(raw);
  if (result.success) return { status: 'ok', path, policy: result.data };
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    return `${where}: ${issue.message}`;
  });
  return { status: 'invalid', path, problems };
}

/** `reg query KEY /s`; undefined when the key does not exist (reg exits 1). */
function queryRegistry(key: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('reg', ['query', key, '/s'], { windowsHide: true }, (error, stdout) => {
      resolve(error ? undefined : stdout);
    });
  });
}
