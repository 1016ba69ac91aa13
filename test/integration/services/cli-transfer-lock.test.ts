import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/shared/errors';
import {
  lockText,
  parseLockText,
  parseProcStat,
  type LockHolder,
} from '../../../src/main/cli/commands/lock-holder';
import {
  lockTransfer,
  type TransferIdentity,
} from '../../../src/main/cli/commands/transfer-resume';

/*
 * The transfer lock against real processes: a zombie (killed, not yet reaped) still answers
 * kill(pid, 0), so only reading its state tells that it no longer runs.
 */

const IDENTITY: TransferIdentity = {
  kind: 'import',
  profileId: 'p',
  instanceName: 'sql-eu-dev-01',
  databaseName: 'Sales',
  fileType: 'bak',
  path: '/data/Sales.bak',
};

/**
 * A parent that forks a child which exits at once, prints the child's pid, and then sleeps
 * without waiting for it: the child stays a zombie while the parent runs. SIGCHLD keeps its
 * default disposition (Node resets signals in the processes it spawns), so the kernel does not
 * reap the child on the parent's behalf. On SIGTERM the parent reaps it and exits: the test
 * leaves no zombie behind, even where init is slow to reap orphans.
 */
const ZOMBIE_MAKER =
  '$| = 1; my $child = fork(); die "fork: $!" unless defined $child; ' +
  'if ($child == 0) { POSIX::_exit(0); } ' +
  '$SIG{TERM} = sub { waitpid($child, 0); exit 0; }; ' +
  'print "$child\\n"; sleep 120 while 1;';

const canMakeZombies =
  process.platform === 'linux' && spawnSync('perl', ['-e', '1']).status === 0
    ? undefined
    : 'zombies are made with perl and read from /proc: Linux with perl only';

let folder: string;
const started: ChildProcess[] = [];

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cli-lock-'));
});

afterEach(async () => {
  for (const child of started.splice(0)) await stop(child);
  await rm(folder, { recursive: true, force: true });
});

/** Ends a zombie maker politely (it reaps its zombie), by force after 10 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the zombie maker; answers the parent (running) and the zombie child's pid. */
async function startZombieMaker(): Promise<{ parent: ChildProcess; zombie: number }> {
  const parent = spawn('perl', ['-MPOSIX', '-e', ZOMBIE_MAKER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(parent);
  const lines = createInterface({ input: parent.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  return { parent, zombie: Number(line) };
}

async function procStat(pid: number): Promise<{ state: string; startTime: string } | undefined> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return parseProcStat(text);
}

/** Polls until `pid` is a zombie (the child exits right after the fork), for up to 10 s. */
async function untilZombie(pid: number): Promise<{ state: string; startTime: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const stat = await procStat(pid);
    if (stat?.state === 'Z') return stat;
    if (Date.now() > deadline) throw new Error(`process ${pid} is ${stat?.state ?? 'gone'}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The lock file of {@link IDENTITY}: its name is learnt by taking the lock once per test. */
async function lockFile(): Promise<string> {
  const locks = join(folder, 'locks');
  let [name] = await readdir(locks).catch(() => []);
  if (name === undefined) {
    const release = await lockTransfer(folder, IDENTITY);
    [name] = await readdir(locks);
    await release();
  }
  return join(locks, name!);
}

/** Leaves the lock as a run held by `holder` would have (a bare pid: as older runs wrote it). */
async function lockHeldBy(holder: LockHolder | string): Promise<string> {
  const file = await lockFile();
  await writeFile(file, typeof holder === 'string' ? holder : lockText(holder));
  return file;
}

async function conflictOf(): Promise<AppError | undefined> {
  try {
    const release = await lockTransfer(folder, IDENTITY);
    await release();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('the transfer lock', () => {
  it('is taken over from a zombie, which still answers kill(pid, 0)', async (context) => {
    if (canMakeZombies) context.skip(canMakeZombies);
    const { parent, zombie } = await startZombieMaker();
    const stat = await untilZombie(zombie);
    // What the lock used to rely on: the zombie still "exists" for the signal probe.
    expect(() => process.kill(zombie, 0)).not.toThrow();

    for (const holder of [{ pid: zombie, startTime: stat.startTime }, String(zombie)]) {
      const file = await lockHeldBy(holder);
      const release = await lockTransfer(folder, IDENTITY);
      expect(parseLockText(await readFile(file, 'utf8'))?.pid).toBe(process.pid);
      await release();
    }
    // Still a zombie: the lock was taken over because of its state, not because it vanished.
    expect((await procStat(zombie))?.state).toBe('Z');
    await stop(parent);
    expect(await procStat(zombie)).toBeUndefined();
  });

  it('is refused while its holder runs, and taken over once its pid is reused', async (context) => {
    if (canMakeZombies) context.skip(canMakeZombies);
    const { parent } = await startZombieMaker();
    const stat = await procStat(parent.pid!);
    expect(stat).toBeDefined();

    await lockHeldBy({ pid: parent.pid!, startTime: stat!.startTime });
    const refused = await conflictOf();
    expect(refused?.code).toBe('CONFLICT');
    expect(refused?.message).toContain(`process ${parent.pid}`);
    await lockHeldBy(String(parent.pid));
    expect((await conflictOf())?.code).toBe('CONFLICT');

    // The same pid with another start time: the holder ended and the pid went to a stranger.
    const other = String(BigInt(stat!.startTime) + 1n);
    await lockHeldBy({ pid: parent.pid!, startTime: other });
    expect(await conflictOf()).toBeUndefined();
  });

  it('is taken over from a process that exited and was reaped', async () => {
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await once(gone, 'exit');
    await lockHeldBy({ pid: gone.pid! });
    expect(await conflictOf()).toBeUndefined();
  });
});
