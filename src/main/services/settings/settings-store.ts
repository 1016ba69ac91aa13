import { Emitter, type Subscription } from '../common/emitter';
import { readFile } from 'node:fs/promises';
import { invalidInputError } from '../../../shared/contract/answers';
import { AppError } from '../../../shared/errors';
import {
  policyInForce,
  type PolicySettings,
  type PolicyState,
  type SettingKey,
  type SettingSource,
} from '../../../shared/model/policy';
import {
  SettingsPatchSchema,
  SettingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../shared/model/settings';
import { effectiveSettings, lockedKeysOf } from '../policy/settings-precedence';
import { silentLogger, type Logger } from '../log/logger';
import { saveDataFile } from '../common/atomic-file';

/** Options of {@link SettingsStore}. */
export interface SettingsStoreOptions {
  /** `<dataDir>/settings.json`. */
  readonly file: string;
  readonly logger?: Logger;
  /** The machine policy, read once at start (none: no policy). */
  readonly policy?: PolicyState;
}

/**
 * The app's settings, kept as JSON in the data folder. A missing file means defaults; a
 * file that is not valid settings is logged and replaced by defaults on the next change
 * (settings hold nothing the user cannot set again, unlike profiles). Writes are atomic.
 *
 * The file holds the user's choices only (the keys they set); the settings in force come
 * from the machine policy's locked values, those choices, the policy's defaults and the
 * built-in defaults, in that order (`settings-precedence.ts`). A locked key cannot be changed.
 */
export class SettingsStore {
  readonly #file: string;
  readonly #logger: Logger;
  readonly #policy: PolicyState;
  readonly #onDidChange = new Emitter<Settings>();
  #user: PolicySettings = {};
  #settings: Settings;
  #sources: Record<SettingKey, SettingSource>;

  constructor(options: SettingsStoreOptions) {
    this.#file = options.file;
    this.#logger = options.logger ?? silentLogger;
    this.#policy = options.policy ?? { status: 'absent', path: '' };
    ({ settings: this.#settings, sources: this.#sources } = this.#effective({}));
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
      this.#apply({});
      return this.get();
    }
    this.#apply(this.#parse(text));
    return this.get();
  }

  /** The settings in force. */
  get(): Settings {
    return structuredClone(this.#settings);
  }

  /** Where each setting in force comes from. */
  sources(): Record<SettingKey, SettingSource> {
    return { ...this.#sources };
  }

  /** The machine policy the settings follow (absent, in force, or invalid and ignored). */
  policy(): PolicyState {
    return structuredClone(this.#policy);
  }

  /** Applies a change, saves, tells the listeners and answers the new settings. */
  async update(patch: SettingsPatch): Promise<Settings> {
    const parsedPatch = SettingsPatchSchema.safeParse(patch);
    if (!parsedPatch.success) throw invalidInputError('settings.update', parsedPatch.error);
    const locked = lockedKeysOf(parsedPatch.data, policyInForce(this.#policy));
    if (locked.length > 0) throw lockedError(locked);
    const { proxyUrl, proxyPacUrl, ...rest } = parsedPatch.data;
    const next: PolicySettings = { ...this.#user, ...withoutUndefined(rest) };
    if (proxyUrl === null) delete next.proxyUrl;
    else if (proxyUrl !== undefined) next.proxyUrl = proxyUrl;
    if (proxyPacUrl === null) delete next.proxyPacUrl;
    else if (proxyPacUrl !== undefined) next.proxyPacUrl = proxyPacUrl;
    SettingsSchema.parse(next);
    await saveDataFile(this.#file, JSON.stringify(next, null, 2) + '\n', 'settings');
    this.#apply(next);
    this.#onDidChange.fire(this.get());
    return this.get();
  }

  /** Calls `listener` after every change; the answer stops it. */
  onDidChange(listener: (settings: Settings) => void): Subscription {
    return this.#onDidChange.event(listener);
  }

  #apply(user: PolicySettings): void {
    this.#user = user;
    ({ settings: this.#settings, sources: this.#sources } = this.#effective(user));
  }

  #effective(user: PolicySettings) {
    return effectiveSettings(user, policyInForce(this.#policy));
  }

  /** The user's choices in the file: the keys it holds, validated as settings. */
  #parse(text: string): PolicySettings {
    try {
      const raw: unknown = JSON.parse(text);
      const result = SettingsSchema.safeParse(raw);
      if (result.success) return chosenKeys(result.data, raw as Record<string, unknown>);
      this.#logger.warn('The settings file is not valid; using defaults', {
        issues: result.error.issues.map((issue) => issue.path.join('.')),
      });
    } catch {
      this.#logger.warn('The settings file is not JSON; using defaults');
    }
    return {};
  }
}

/** The settings of `parsed` whose keys the file itself held (not filled in by a default). */
function chosenKeys(parsed: Settings, raw: Record<string, unknown>): PolicySettings {
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => Object.hasOwn(raw, key)));
}

/** The refusal of a change to settings the organisation locked, naming them. */
function lockedError(keys: readonly SettingKey[]): AppError {
  const names = keys.join(', ');
  return new AppError({
    code: 'VALIDATION',
    message: `${names} ${keys.length > 1 ? 'are' : 'is'} set by your organisation and cannot be changed here. Ask your IT department to change the machine policy.`,
    operation: 'settings.update',
  });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
