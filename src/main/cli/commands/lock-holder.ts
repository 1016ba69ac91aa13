import { readFile } from 'node:fs/promises';

/*
 * Who holds a transfer lock, and whether that holder still runs. `process.kill(pid, 0)` alone
 * is not enough: a process that was killed but not yet reaped by its parent (a zombie) still
 * answers it, so a run started right after a killed one would be refused; and a pid can be
 * handed to an unrelated process once the holder is gone, which would keep the lock forever.
 */

/** What a lock file records about the run that holds it. */
export interface LockHolder {
  readonly pid: number;
  /**
   * The holder's start time as the kernel counts it (field 22 of `/proc/PID/stat`, clock ticks
   * since boot); absent where there is no `/proc` or in a lock written without it.
   */
  readonly startTime?: string;
}

/** What could be learned about a process id. */
export type ProcessProbe =
  | { readonly exists: false }
  | {
      readonly exists: true;
      /** The state letter of `/proc/PID/stat`, when it could be read (`R`, `S`, `Z`...). */
      readonly state?: string;
      /** Field 22 of `/proc/PID/stat`, when it could be read. */
      readonly startTime?: string;
    };

/** Why a holder is or is not taken to be running (only `running` keeps the lock). */
export type HolderState = 'running' | 'exited' | 'zombie' | 'pid-reused';

/**
 * Linux's states of a process that has ended: `Z` zombie (exited, not reaped yet), `X` dead
 * (being reaped; `x` on kernels 2.6.33 to 3.13).
 */
const ENDED_STATES = new Set(['Z', 'X', 'x']);

/** Decides from what is known of the holder's pid whether the holder still runs. */
export function holderState(holder: LockHolder, probe: ProcessProbe): HolderState {
  if (!probe.exists) return 'exited';
  if (probe.state !== undefined && ENDED_STATES.has(probe.state)) return 'zombie';
  if (
    holder.startTime !== undefined &&
    probe.startTime !== undefined &&
    holder.startTime !== probe.startTime
  ) {
    return 'pid-reused';
  }
  return 'running';
}

/** The text a lock file holds for `holder`. */
export function lockText(holder: LockHolder): string {
  return JSON.stringify(holder);
}

/**
 * Reads a lock file's text: the JSON of {@link lockText}, or a bare pid (locks written before
 * the start time was recorded). Undefined when it names no valid pid (empty, torn, edited).
 */
export function parseLockText(text: string): LockHolder | undefined {
  const trimmed = text.trim();
  let pid: unknown = Number(trimmed);
  let startTime: unknown;
  if (trimmed.startsWith('{')) {
    try {
      ({ pid, startTime } = JSON.parse(trimmed) as { pid?: unknown; startTime?: unknown });
    } catch {
      return undefined;
    }
  }
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
  return typeof startTime === 'string' && /^\d+$/.test(startTime) ? { pid, startTime } : { pid };
}

/**
 * The state letter and start time from the text of `/proc/PID/stat`. The command name (field
 * 2) is in parentheses and may itself hold spaces and parentheses, so the fields are counted
 * from the last `)`.
 */
export function parseProcStat(text: string): { state: string; startTime: string } | undefined {
  const end = text.lastIndexOf(')');
  if (end < 0) return undefined;
  const fields = text.slice(end + 2).split(' ');
  // fields[0] is field 3 (state), so field 22 (starttime) is fields[19].
  const [state] = fields;
  const startTime = fields[19];
  if (!state || !startTime || !/^\d+$/.test(startTime)) return undefined;
  return { state, startTime };
}

async function readProcStat(
  pid: number,
): Promise<{ state: string; startTime: string } | undefined> {
  try {
    return parseProcStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

function signalProbe(pid: number): ProcessProbe {
  try {
    process.kill(pid, 0);
    return { exists: true };
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return { exists: (error as NodeJS.ErrnoException).code === 'EPERM' };
  }
}

/**
 * Probes a pid. On Linux the state and start time come from `/proc`. Where `/proc/PID` cannot
 * be read (the process is gone, `/proc` is not mounted, or `hidepid` hides other users'
 * processes) and on other systems, the signal probe decides. On Windows that probe is exact:
 * Node's `kill(pid, 0)` answers "no such process" once the process has exited, whoever still
 * holds a handle to it. On macOS a zombie still answers it, and its state could only be read
 * through `sysctl` (not reachable from Node) or by running `ps`; there the window is short,
 * since the shell that ran the killed command reaps it at once, and the refusal tells the user
 * to run the command again.
 */
export async function probeProcess(
  pid: number,
  platform: NodeJS.Platform = process.platform,
): Promise<ProcessProbe> {
  if (platform === 'linux') {
    const stat = await readProcStat(pid);
    if (stat) return { exists: true, ...stat };
  }
  return signalProbe(pid);
}

/** This process as a lock holder: its pid, and on Linux its start time. */
export async function currentHolder(
  platform: NodeJS.Platform = process.platform,
): Promise<LockHolder> {
  const stat = platform === 'linux' ? await readProcStat(process.pid) : undefined;
  return stat ? { pid: process.pid, startTime: stat.startTime } : { pid: process.pid };
}
