import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';

/*
 * bench:upload's busy machine: a process that keeps one core busy (pinned nowhere) while the
 * engine and curl rounds run a second time. It spins in slices of 50 ms and exits by itself
 * when its stdin closes, so it cannot outlive a bench that dies without its finally.
 */

const SPIN = `
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
const spin = () => { const until = Date.now() + 50; while (Date.now() < until); setImmediate(spin); };
spin();
`;

/** A running burner; {@link stop} ends it and waits for its exit. */
interface Burner {
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

function startBurner(): Burner {
  const child: ChildProcess = spawn(process.execPath, ['-e', SPIN], {
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs `work` with the other core kept busy; the burner is stopped whatever happens. */
export async function whileBusy<T>(work: () => Promise<T>): Promise<T> {
  const burner = startBurner();
  try {
    return await work();
  } finally {
    await burner.stop();
  }
}

/** The machine's load averages (1, 5, 15 min), as printed beside the figures. */
export const loadLine = (): string =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
