import { z } from 'zod';
import { saveDataFile } from '../common/atomic-file';
import { readTextIfPresent } from '../common/text-file';

/** The file's content: when the updater last checked. */
const LastCheckSchema = z.object({ lastCheckAt: z.iso.datetime() });

/**
 * When the updater last checked, kept in the data folder (`updates.json`, app-paths.ts) so
 * that the About box still says it after a restart (in manual mode no check runs at start).
 * A missing or damaged file means "never"; it holds nothing the next check cannot write again.
 */
export class LastCheckFile {
  readonly #file: string;

  constructor(file: string) {
    this.#file = file;
  }

  /** The time of the last check (ISO 8601), or undefined when none is recorded. */
  async read(): Promise<string | undefined> {
    const text = await readTextIfPresent(this.#file);
    if (text === undefined) return undefined;
    try {
      const parsed = LastCheckSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data.lastCheckAt : undefined;
    } catch {
      return undefined;
    }
  }

  /** Records the time of a check. */
  async write(lastCheckAt: string): Promise<void> {
    const text = JSON.stringify(LastCheckSchema.parse({ lastCheckAt }), null, 2) + '\n';
    await saveDataFile(this.#file, text, 'time of the last update check');
  }
}
