import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  endTree,
  parseArguments,
  runStaysUp,
  startProgram,
  staysUpVerdict,
  waitFor,
} from '../../../../scripts/ci/stays-up.mjs';

const SUID_LINE =
  "[4316:1005/203048.937854:FATAL:setuid_sandbox_host.cc(158)] The SUID sandbox helper binary was found, but is not configured correctly. Rather than run without sandboxing I'm aborting now.";

describe('the stays-up verdict', () => {
  it('passes a program that ran the whole hold and printed nothing fatal', () => {
    const run = { seconds: 30, readySeen: true, exit: null, output: 'starting electron app...\n' };
    expect(staysUpVerdict(run)).toEqual([]);
  });

  it('fails an early exit, a sandbox abort and a start that never got ready', () => {
    expect(
      staysUpVerdict({
        seconds: 30,
        readySeen: true,
        exit: { code: null, signal: 'SIGTRAP', afterSeconds: 1 },
        output: `${SUID_LINE}\n`,
      }),
    ).toEqual([
      'it exited (signal SIGTRAP) after 1 s, before the 30 s hold',
      `it printed a fatal or sandbox error: ${SUID_LINE}`,
    ]);
    expect(
      staysUpVerdict({
        seconds: 30,
        ready: 'starting electron app',
        readySeen: false,
        exit: null,
        output: '',
      }),
    ).toEqual(['it never printed "starting electron app"']);
    expect(
      staysUpVerdict({
        seconds: 20,
        readySeen: true,
        exit: null,
        output: 'FATAL:zygote_host_impl_linux.cc(128)] No usable sandbox!\n',
      }),
    ).toHaveLength(1);
  });

  it('reads its command line', () => {
    expect(parseArguments(['--seconds', '20', '--', './DataBridge.AppImage', '--x'])).toEqual({
      command: './DataBridge.AppImage',
      args: ['--x'],
      seconds: 20,
      ready: undefined,
    });
    expect(parseArguments(['--ready', 'up', '--', 'npm', 'start'])).toMatchObject({
      seconds: 20,
      ready: 'up',
    });
    expect(() => parseArguments(['--seconds', '20'])).toThrow(/usage/);
    expect(() => parseArguments(['--seconds', '-1', '--', 'x'])).toThrow(/usage/);
  });
});

describe('a real run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stays-up-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds a running program, then ends it and the processes it started', async (context) => {
    if (process.platform === 'win32') context.skip('the process-group check is POSIX only');
    const pidFile = join(dir, 'grandchild.pid');
    // The program starts a grandchild that would outlive it, as Electron's helpers do.
    const script = `
      const { spawn } = require('node:child_process');
      const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(grandchild.pid));
      console.log('ready');
      setInterval(() => {}, 1000);`;
    const problems = await runStaysUp({
      command: process.execPath,
      args: ['-e', script],
      seconds: 1,
      ready: 'ready',
      readyTimeoutSeconds: 20,
    });
    expect(problems).toEqual([]);
    expect(existsSync(pidFile)).toBe(true);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(await gone(grandchild)).toBe(true);
  });

  it('fails a program that aborts on its sandbox', async () => {
    const script = `console.error(${JSON.stringify(SUID_LINE)}); process.exit(133);`;
    const problems = await runStaysUp({
      command: process.execPath,
      args: ['-e', script],
      seconds: 5,
    });
    expect(problems[0]).toMatch(/^it exited \(code 133\) after \d+ s, before the 5 s hold$/);
    expect(problems[1]).toContain('The SUID sandbox helper binary was found');
  });

  it('waits for what the output shows, and stops waiting when the program ends', async () => {
    const printing = startProgram({
      command: process.execPath,
      args: ['-e', "console.log('port 4242'); setInterval(() => {}, 1000)"],
    });
    const port = () => /port (\d+)/.exec(printing.output)?.[1];
    expect(await waitFor(printing, port, 20)).toBe('4242');
    await endTree(printing.child);
    const ending = startProgram({ command: process.execPath, args: ['-e', 'process.exit(3)'] });
    // It answers at the exit: the test's 30 s limit is shorter than the 60 s it would wait.
    expect(await waitFor(ending, () => undefined, 60)).toBeUndefined();
    expect(ending.exit).toMatchObject({ code: 3, signal: null });
  });

  it('ends what a program left running after it exited, and answers once it is gone', async (context) => {
    if (process.platform === 'win32') context.skip('the process-group check is POSIX only');
    // As a wrapper script does (chromium-headless-shell, npm): the leader exits first, its
    // program lives on in the group and would still write into its profile.
    const script = `
      const { spawn } = require('node:child_process');
      const left = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      console.log('left ' + left.pid);
      process.exit(0);`;
    const wrapper = startProgram({ command: process.execPath, args: ['-e', script] });
    const left = Number(await waitFor(wrapper, () => /left (\d+)/.exec(wrapper.output)?.[1], 20));
    await wrapper.ended;
    expect(alive(left)).toBe(true);
    await endTree(wrapper.child);
    expect(alive(left)).toBe(false);
  });

  it('fails a command that cannot start', async () => {
    const problems = await runStaysUp({ command: join(dir, 'no-such-program'), seconds: 1 });
    expect(problems).toEqual([expect.stringMatching(/^it could not start: .*ENOENT/)]);
  });
});

/** Whether a process of that id is there (a zombie counts until it is reaped). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls until the process is gone (or a deadline passes): ending it is asynchronous. */
async function gone(pid: number): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await delay(100);
  }
  return false;
}
