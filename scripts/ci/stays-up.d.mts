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
/** Runs the program, holds it, ends its process tree, and returns the problems found. */
export function runStaysUp(options: StaysUpOptions): Promise<string[]>;
/** Runs the check and returns the exit code. */
export function main(options: StaysUpOptions): Promise<number>;
