import type { z } from 'zod';

/**
 * A list kept in the renderer's localStorage across restarts (the finished transfers and jobs
 * of the activity panel, the kill log). Main keeps only this run's items and the unfinished
 * ones, so the history of what ended lives here. Entries are validated with their schema on
 * read, so an older or damaged entry is dropped instead of breaking the panel; storage that
 * is full or disabled only means the history is not kept.
 */
export class LocalHistory<T> {
  readonly #key: string;
  readonly #schema: z.ZodType<T>;
  readonly #limit: number;
  readonly #storage: Storage | undefined;

  constructor(options: { key: string; schema: z.ZodType<T>; limit: number; storage?: Storage }) {
    this.#key = options.key;
    this.#schema = options.schema;
    this.#limit = options.limit;
    this.#storage =
      options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  }

  /** The saved entries, newest first (those that no longer parse are left out). */
  read(): T[] {
    let raw: unknown;
    try {
      raw = JSON.parse(this.#storage?.getItem(this.#key) ?? '[]');
    } catch {
      return [];
    }
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((entry) => {
      const parsed = this.#schema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /** Saves `entries` (newest first), keeping at most the limit. */
  write(entries: readonly T[]): void {
    try {
      this.#storage?.setItem(this.#key, JSON.stringify(entries.slice(0, this.#limit)));
    } catch {
      // A history that is not kept is no reason to fail the action that produced it.
    }
  }
}
