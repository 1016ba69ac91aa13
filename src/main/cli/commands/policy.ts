import {
  POLICY_ONLY_KEYS,
  type PolicySettings,
  type PolicyState,
} from '../../../shared/model/policy';
import { parsePolicyArgs, POLICY_HELP } from '../args/policy-args';
import { EXIT } from '../output/exit-codes';
import { loadCliPolicy } from '../connection/policy-rules';

/*
 * `databridge policy show`: the machine policy in force, as the app applies it. Exit codes:
 * 0 when there is no policy or a valid one, 1 (EXIT.failed) when the policy is not valid and so
 * ignored as a whole (its problems are printed), 2 for a bad command line.
 */

/** What `policy show` writes to. */
export interface PolicyCliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Runs `policy ...`; answers the exit code. */
export async function runPolicyCli(argv: readonly string[], io: PolicyCliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(POLICY_HELP + '\n');
    return EXIT.ok;
  }
  const { json } = parsePolicyArgs(argv);
  const state = await loadCliPolicy(io.env, () => undefined);
  io.stdout(json ? JSON.stringify(state, null, 2) + '\n' : policyText(state));
  return state.status === 'invalid' ? EXIT.failed : EXIT.ok;
}

/** The policy in words, one key a line. */
function policyText(state: PolicyState): string {
  if (state.status === 'absent') {
    return `No machine policy (none at ${state.path}): nothing is set or locked by an organisation.\n`;
  }
  if (state.status === 'invalid') {
    const problems = state.problems.map((problem) => `  - ${problem}\n`).join('');
    return `The machine policy ${state.path} is not valid and is ignored as a whole:\n${problems}Fix it (or ask your IT department to), then run "databridge policy show" again.\n`;
  }
  const { policy } = state;
  const organisation: Record<string, unknown> = {};
  for (const key of POLICY_ONLY_KEYS) {
    if (policy[key] !== undefined) organisation[key] = policy[key];
  }
  return [
    `Machine policy: ${state.path} (in force)\n`,
    section('Locked (cannot be changed in the app or the command line)', policy.locked),
    section('Defaults (the user may change them)', policy.defaults),
    section("The organisation's rules", organisation),
  ].join('');
}

function section(title: string, values: PolicySettings | Record<string, unknown>): string {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return `${title}: none\n`;
  const lines = entries.map(([key, value]) => `  ${key} = ${JSON.stringify(value)}\n`);
  return `${title}:\n${lines.join('')}`;
}
