import { Emitter, type Subscription } from '../common/emitter';
import { readFile } from 'node:fs/promises';
import { invalidInputError } from '../../../shared/contract/answers';
import {
  defaultSettings,
  SettingsPatchSchema,
  SettingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../shared/model/settings';
import { silentLogger, type Logger } from '../log/logger';
import { saveDataFile } from '../common/atomic-file';

/** Options of {@link SettingsStore}. */
export interface SettingsStoreOptions {
  /** `<dataDir>/settings.json`. */
  readonly file: string;
  readonly logger?: Logger;
}

/**
 * The app's settings, kept as JSON in the data folder. A missing file means defaults; a
 * file that is not valid settings is logged and replaced by defaults on the next change
 * (settings hold nothing the user cannot set again, unlike profiles). Writes are atomic.
 */
export class SettingsStore {
  readonly #file: string;
  readonly #logger: Logger;
  readonly #onDidChange = new Emitter<Settings>();
  #settings: Settings = defaultSettings();

  constructor(options: SettingsStoreOptions) {
    this.#file = options.file;
    this.#logger = options.logger ?? silentLogger;
  }

  /** Reads the file (defaults when missing or damaged) and answers the settings. */
  async load(): Promise<Settings> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.#logger.warn('Could not read the settings file; using defaults', { error });
      }
      this.#settings = defaultSettings();
      return this.get();
    }
    this.#settings = this.#parse(text);
    return this.get();
  }

  /** The current settings. */
  get(): Settings {
    return structuredClone(this.#settings);
  }

  /** Applies a change, saves, tells the listeners and answers the new settings. */
  async update(patch: SettingsPatch): Promise<Settings> {
    const parsedPatch = SettingsPatchSchema.safeParse(patch);
    if (!parsedPatch.success) throw invalidInputError('settings.update', parsedPatch.error);
    const { proxyUrl, proxyPacUrl, ...rest } = parsedPatch.data;
    const next: Settings = { ...this.#settings };
    Object.assign(next, withoutUndefined(rest));
    if (proxyUrl === null) delete next.proxyUrl;
    else if (proxyUrl !== undefined) next.proxyUrl = proxyUrl;
    if (proxyPacUrl === null) delete next.proxyPacUrl;
    else if (proxyPacUrl !== undefined) next.proxyPacUrl = proxyPacUrl;
    const settings = SettingsSchema.parse(next);
    await saveDataFile(this.#file, JSON.stringify(settings, null, 2) + '\n', 'settings');
    this.#settings = settings;
    this.#onDidChange.fire(this.get());
    return this.get();
  }

  /** Calls `listener` after every change; the answer stops it. */
  onDidChange(listener: (settings: Settings) => void): Subscription {
    return this.#onDidChange.event(listener);
  }

  #parse(text: string): Settings {
    try {
      const result = SettingsSchema.safeParse(JSON.parse(text));
      if (result.success) return result.data;
      this.#logger.warn('The settings file is not valid; using defaults', {
        issues: result.error.issues.map((issue) => issue.path.join('.')),
      });
    } catch {
      this.#logger.warn('The settings file is not JSON; using defaults');
    }
    return defaultSettings();
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
