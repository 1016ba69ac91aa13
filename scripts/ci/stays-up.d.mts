import type { ChildProcess } from 'node:child_process';

/** Lines that mean the program aborted or is about to. */
export const FAILURE_LINE: RegExp;
/** How a program ended before its hold was over. */
export interface EarlyExit {
  code: number | null;
  signal: string | null;
  afterSeconds: number;
}
/** What went wrong in a run, in words; empty when it stayed up. */
export function staysUpVerdict(run: {
  seconds: number;
  ready?: string;
  readySeen: boolean;
  exit: EarlyExit | null;
  output: string;
}): string[];
/** What to run and for how long. */
export interface StaysUpOptions {
  command: string;
  args?: string[];
  seconds: number;
  ready?: string;
  readyTimeoutSeconds?: number;
  env?: NodeJS.ProcessEnv;
}
/** Reads `--seconds N [--ready TEXT] -- COMMAND ARGS...`. */
export function parseArguments(argv: string[]): StaysUpOptions;
/** A started program; `output`, `exit` and `error` fill in as it runs. */
export interface RunningProgram {
  readonly child: ChildProcess;
  readonly output: string;
  readonly exit: EarlyExit | null;
  readonly error: Error | null;
  /** Settles when it exits or could not start. */
  readonly ended: Promise<void>;
  readonly onOutput: Set<() => void>;
}
/** Starts a program in its own process group, its output shown and kept. */
export function startProgram(options: {
  command: string;
  args?: string[];
  env?: NodeJS.ProcessEnv;
}): RunningProgram;
/** What `find` answers once it answers; undefined when the program ends or time runs out. */
export function waitFor<T>(
  program: RunningProgram,
  find: () => T | undefined,
  seconds: number,
): Promise<T | undefined>;
/** Holds the program `seconds`, or less when it ends first. */
export function hold(program: RunningProgram, seconds: number): Promise<void>;
/** Ends the program and every process it started. */
export function endTree(child: ChildProcess): Promise<void>;
/** Runs the program, holds it, ends its process tree, and returns the problems found. */
export function runStaysUp(options: StaysUpOptions): Promise<string[]>;
/** Runs the check and returns the exit code. */
export function main(options: StaysUpOptions): Promise<number>;
