import { failureLine, type Failure } from './exit-codes';
import { ProgressReporter, type ProgressMode } from './progress';
import type { OutputSettings } from './output-args';
import { renderAnswer } from './output-render';

/*
 * What a transfer command prints: progress (see ProgressReporter), then one result on stdout
 * (formatted by --query and --output like every other command's answer, or one
 * `{"event":"result"}` line with --json), or one error on stderr (`error CODE: message`, plus
 * an `{"event":"error"}` line with --json). Everything passes through the CLI's redaction.
 */

/** Options of {@link CliOutput}. */
export interface CliOutputOptions {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** stderr is a terminal: progress is one line redrawn in place. */
  readonly isTty: boolean;
  /** --json: progress and the result as JSON lines on stdout. */
  readonly json: boolean;
  readonly redact: (text: string) => string;
  /** How the result is printed (--output, --query); indented JSON when absent. */
  readonly output?: OutputSettings;
  /** The command line that resumes the transfer, said when it stops in its journal. */
  readonly resume?: string;
}

/** The output of one transfer command. */
export class CliOutput {
  readonly progress: ProgressReporter;
  readonly #options: CliOutputOptions;
  #failed: Failure | undefined;

  constructor(options: CliOutputOptions) {
    this.#options = options;
    const mode: ProgressMode = options.json ? 'json' : options.isTty ? 'tty' : 'plain';
    this.progress = new ProgressReporter({
      mode,
      write: mode === 'json' ? options.stdout : options.stderr,
      redact: options.redact,
    });
  }

  /** A line for the person at the terminal (stderr), e.g. that a transfer resumes. */
  note(text: string): void {
    this.progress.finish();
    this.#options.stderr(this.#options.redact(text) + '\n');
  }

  /** The command line that resumes the transfer, when the command has one. */
  get resumeLine(): string | undefined {
    return this.#options.resume;
  }

  /** The command's answer. Throws a QueryFailedError when --query fails on it. */
  result(data: Record<string, unknown>): void {
    this.progress.finish();
    const { redact } = this.#options;
    if (this.#options.json) {
      this.#options.stdout(redact(JSON.stringify({ event: 'result', ...data })) + '\n');
      return;
    }
    const rendered = renderAnswer(data, this.#options.output);
    this.#options.stdout(redact(rendered.stdout));
    if (rendered.stderr !== undefined) this.#options.stderr(redact(rendered.stderr));
  }

  /**
   * The command failed: `error CODE: message` on stderr, then (with `resume`) the command line
   * that resumes the transfer; answers `exitCode`.
   */
  error(code: string, message: string, exitCode: number, resume = false): number {
    return this.failure({ code, message, exitCode }, false, resume);
  }

  /** The failure the command reported, if any. */
  get failed(): Failure | undefined {
    return this.#failed;
  }

  /**
   * The command failed (see {@link failureLine}); answers its exit code. A failure that says
   * to run the command again (`resume`) is followed by the line that does, indented.
   */
  failure(failure: Failure, verbose = false, resume = false): number {
    this.#failed = failure;
    this.progress.finish();
    const { redact } = this.#options;
    this.#options.stderr(failureLine(failure, redact));
    const line = this.#options.resume;
    if (resume && line !== undefined) this.#options.stderr(`  ${redact(line)}\n`);
    if (verbose && failure.details) this.#options.stderr(redact(failure.details) + '\n');
    if (this.#options.json) {
      const { code, message, exitCode } = failure;
      this.#options.stdout(
        redact(JSON.stringify({ event: 'error', code, message, exitCode })) + '\n',
      );
    }
    return failure.exitCode;
  }
}
