import { spawn, spawnSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { DownloadResult } from './download-engine-child';
import { GIB, MIB, loadAverage, mib, mibps } from './download-bench-kit';

/*
 * The downloaders an admin would pick instead of the app, on the engine's pre-signed URL in
 * the same rounds, each checking the file's MD5 as the engine does:
 * - `curl URL | tee FILE | md5sum`, the hash compared with the expected one: one pass, the
 *   bytes hashed as they arrive while tee writes the file (the engine hashes as it writes).
 *   `curl -o FILE && md5sum FILE` would read the file back, a second pass the engine does
 *   not make (that is the bench's "by hand" line, with sync).
 * - `aria2c -x4 --checksum=md5=HEX`: four connections, its own control file, the check after
 *   the download (aria2 reads the file back). Debian's aria2; skipped, saying why, where it
 *   cannot be run.
 * Their CPU is the kernel's count for every process of the line (curl, tee, md5sum; aria2c),
 * read by the shell that waited for them (bash's `times`, the getrusage of its children):
 * exact, where sampling /proc every 20 ms misses the last moments of a process.
 */

/** One run of a peer: its wall time and the CPU of all its processes. */
export interface PeerRun {
  seconds: number;
  cpuSeconds: number;
}

/** Why aria2c cannot be run here, or undefined when it can. */
export function aria2Missing(): string | undefined {
  const run = spawnSync('aria2c', ['--version'], { stdio: 'ignore' });
  const error: NodeJS.ErrnoException | undefined = run.error;
  const code = error?.code;
  if (code === 'ENOENT') return "aria2c is not on the PATH (Debian's aria2; .ci/run installs it)";
  if (run.error) return `aria2c could not be started (${code ?? run.error.message})`;
  return run.status === 0 ? undefined : `aria2c --version exited ${run.status}`;
}

/** Seconds in bash's `times` notation (`1m2.345s`). */
const seconds = (minutes: string, rest: string): number => Number(minutes) * 60 + Number(rest);

/** Runs `script` in bash (arguments $1...), then `times`; its wall time and children's CPU. */
async function timedShell(script: string, args: string[]): Promise<PeerRun> {
  const started = performance.now();
  const shell = spawn('bash', ['-c', `set -e -o pipefail\n${script}\ntimes`, 'bash', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  shell.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
  const code = await new Promise<number | null>((resolve) => shell.once('close', resolve));
  const elapsed = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`bash -c "${script.split('\n')[0]}..." exited ${code}`);
  // The last line of `times`: user and system time of the children the shell waited for.
  const last = out.trim().split('\n').at(-1) ?? '';
  const match = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(last);
  if (!match) throw new Error(`No "times" line in the shell's output: ${last}`);
  const [, um = '0', us = '0', sm = '0', ss = '0'] = match;
  return { seconds: elapsed, cpuSeconds: seconds(um, us) + seconds(sm, ss) };
}

/** `curl URL | tee FILE | md5sum`, failing unless the sum is `md5`. */
export function curlMd5Pipeline(url: string, file: string, md5: string): Promise<PeerRun> {
  return timedShell(
    [
      'sum=$(curl --silent --show-error --fail "$1" | tee "$2" | md5sum)',
      '[ "${sum%% *}" = "$3" ] || { echo "curl | md5sum: ${sum%% *}, expected $3" >&2; exit 4; }',
    ].join('\n'),
    [url, file, md5],
  );
}

/** `aria2c -x4 --checksum=md5=HEX` into `file` (its folder created); aria2c checks the MD5. */
export async function aria2Download(url: string, file: string, md5: string): Promise<PeerRun> {
  await mkdir(dirname(file), { recursive: true });
  const options = [
    // aria2c's own settings file, if any, would change what is measured.
    '--no-conf',
    '--allow-overwrite=true',
    '--auto-file-renaming=false',
    '--console-log-level=error',
    '--summary-interval=0',
    '--download-result=hide',
    '--show-console-readout=false',
  ];
  const run = await timedShell(
    `aria2c -x4 --checksum="md5=$3" --dir="$2" --out="$4" ${options.join(' ')} "$1"`,
    [url, dirname(file), md5, basename(file)],
  );
  await rm(`${file}.aria2`, { force: true });
  return run;
}

/** The peers' runs of one size, beside the engine's; `aria2` undefined where it was skipped. */
export interface PeerRounds {
  bytes: number;
  engine: readonly DownloadResult[];
  piped: readonly PeerRun[];
  aria2: readonly PeerRun[] | undefined;
}

const least = (values: readonly number[]): number => Math.min(...values);

/**
 * Prints the targets against the peers (best round of each; CPU the least of the rounds):
 * the engine's CPU per GiB at most 1.1x that of curl piped through md5sum, its throughput at
 * least aria2c's with its checksum, its peak RSS at most 48 MiB above its own baseline.
 * Answers the engine's peak above its baseline.
 */
export function peerTargets(rounds: PeerRounds, aria2Skipped: string | undefined): number {
  const { bytes, engine } = rounds;
  const gib = bytes / GIB;
  const size = mib(bytes);
  const engineCpu = least(engine.map((run) => run.downloadCpuSeconds)) / gib;
  const engineRate = bytes / (least(engine.map((run) => run.downloadMs)) / 1000);
  const pipedCpu = least(rounds.piped.map((run) => run.cpuSeconds)) / gib;
  const pipedRate = bytes / least(rounds.piped.map((run) => run.seconds));
  const cpuRatio = engineCpu / pipedCpu;
  console.log(
    `${size}: curl | tee | md5sum ${mibps(pipedRate)} best, CPU ${pipedCpu.toFixed(2)} s per ` +
      `GiB; engine ${engineCpu.toFixed(2)} s per GiB: CPU ratio engine/(curl+md5sum) ` +
      `${cpuRatio.toFixed(2)} (target <= 1.10: ${cpuRatio <= 1.1 ? 'met' : 'NOT met'}); ` +
      `load ${loadAverage()}`,
  );
  if (rounds.aria2 === undefined) {
    console.log(`${size}: aria2c -x4 --checksum skipped: ${aria2Skipped ?? 'not run'}`);
  } else {
    const ariaRate = bytes / least(rounds.aria2.map((run) => run.seconds));
    const ariaCpu = least(rounds.aria2.map((run) => run.cpuSeconds)) / gib;
    const rateRatio = engineRate / ariaRate;
    console.log(
      `${size}: aria2c -x4 --checksum=md5 ${mibps(ariaRate)} best (CPU ${ariaCpu.toFixed(2)} s ` +
        `per GiB); engine ${mibps(engineRate)}: throughput ratio engine/aria2c ` +
        `${rateRatio.toFixed(2)} (target >= 1.00: ${rateRatio >= 1 ? 'met' : 'NOT met'}); ` +
        `load ${loadAverage()}`,
    );
  }
  const above = Math.max(...engine.map((run) => run.peakRssBytes - run.baselineRssBytes));
  const baseline = Math.max(...engine.map((run) => run.baselineRssBytes));
  console.log(
    `${size}: engine peak RSS ${mib(above)} above its baseline before the first request ` +
      `(${mib(baseline)}; target <= 48 MiB: ${above <= 48 * MIB ? 'met' : 'NOT met'}); ` +
      `load ${loadAverage()}`,
  );
  return above;
}
