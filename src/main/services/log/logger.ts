import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIN_SECRET_LENGTH, redactText, redactValue } from './redact';

/** Severity of a log line, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/** One log line as a sink receives it, already redacted. */
export interface LogEntry {
  readonly time: string;
  readonly level: LogLevel;
  readonly message: string;
  readonly fields?: Record<string, unknown>;
}

/** Where log lines go: a file, the console, an array in a test. */
export type LogSink = (entry: LogEntry) => void;

/**
 * The logger every service takes. `addSecret` registers a value (an API key, a token) that
 * must never appear in a line; loggers that do not redact may ignore it.
 */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  addSecret?(secret: string): void;
}

/** A logger that drops everything (the default of services given none). */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Options of {@link RedactingLogger}. */
export interface RedactingLoggerOptions {
  readonly sink: LogSink;
  /** Lines below this level are dropped (default `info`). */
  readonly level?: LogLevel;
  readonly now?: () => Date;
}

/**
 * The app's logger: redacts every registered secret, Authorization and Bearer values, and the
 * signatures of pre-signed URLs from the message and the fields before the sink sees them.
 */
export class RedactingLogger implements Logger {
  readonly #secrets = new Set<string>();
  readonly #sink: LogSink;
  readonly #minLevel: number;
  readonly #now: () => Date;

  constructor(options: RedactingLoggerOptions) {
    this.#sink = options.sink;
    this.#minLevel = LEVELS.indexOf(options.level ?? 'info');
    this.#now = options.now ?? (() => new Date());
  }

  /** Registers a secret; it is replaced by `[redacted]` wherever it appears from now on. */
  addSecret(secret: string): void {
    if (secret.length >= MIN_SECRET_LENGTH) this.#secrets.add(secret);
  }

  /** The text with every known secret and secret pattern redacted. */
  redact(text: string): string {
    return redactText(text, this.#secrets);
  }

  debug(message: string, fields?: Record<string, unknown>): void {
    this.#write('debug', message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.#write('info', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.#write('warn', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.#write('error', message, fields);
  }

  #write(level: LogLevel, message: string, fields?: Record<string, unknown>): void {
    if (LEVELS.indexOf(level) < this.#minLevel) return;
    const entry: LogEntry = {
      time: this.#now().toISOString(),
      level,
      message: redactText(message, this.#secrets),
      ...(fields ? { fields: redactValue(fields, this.#secrets) as Record<string, unknown> } : {}),
    };
    this.#sink(entry);
  }
}

/** Formats an entry as one JSON line. */
function formatEntry(entry: LogEntry): string {
  return JSON.stringify(entry);
}

/** A sink that writes JSON lines to stderr (the CLI, development). */
export function consoleSink(): LogSink {
  return (entry) => process.stderr.write(formatEntry(entry) + '\n');
}

/** A sink that appends JSON lines to `file` (the app's log); `close()` flushes it. */
export function fileSink(file: string): LogSink & { close(): Promise<void> } {
  mkdirSync(dirname(file), { recursive: true });
  const stream = createWriteStream(file, { flags: 'a', mode: 0o600 });
  const sink = (entry: LogEntry): void => {
    stream.write(formatEntry(entry) + '\n');
  };
  return Object.assign(sink, {
    close: () => new Promise<void>((resolve) => stream.end(resolve)),
  });
}
