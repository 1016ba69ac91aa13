import { randomUUID } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import { describeIssues, invalidInputError } from '../../../shared/contract/answers';
import { AppError } from '../../../shared/errors';
import {
  ProfileInputSchema,
  ProfilesFileSchema,
  type Profile,
  type ProfileInput,
  type ProfilesFile,
} from '../../../shared/model/profile';
import { saveDataFile } from '../common/atomic-file';
import { silentLogger, type Logger } from '../log/logger';

/** Options of {@link ProfileStore}. */
export interface ProfileStoreOptions {
  /** `<dataDir>/profiles.json`. */
  readonly file: string;
  readonly now?: () => Date;
  readonly idFactory?: () => string;
  readonly logger?: Logger;
}

/** What {@link ProfileStore.load} found. `damaged` is set when the file was set aside. */
export interface ProfilesLoadResult {
  readonly profiles: Profile[];
  readonly damaged?: { readonly movedTo: string; readonly reason: string };
}

/** Address and port of the built-in emulator connection (the emulator CLI's default port). */
const EMULATOR_PROFILE_BASE_URL = 'http://127.0.0.1:7420/databridge';

/**
 * Connection profiles, kept as JSON in the app's data folder. The file is validated on load;
 * a damaged one (bad JSON or schema) is renamed to `profiles.json.damaged-<time>` and reported,
 * never silently overwritten, so the user can recover it. Writes are atomic. A profile never
 * holds a secret (see SecretVault).
 */
export class ProfileStore {
  readonly #file: string;
  readonly #now: () => Date;
  readonly #newId: () => string;
  readonly #logger: Logger;
  #profiles: Profile[] = [];

  constructor(options: ProfileStoreOptions) {
    this.#file = options.file;
    this.#now = options.now ?? (() => new Date());
    this.#newId = options.idFactory ?? randomUUID;
    this.#logger = options.logger ?? silentLogger;
  }

  /** Reads the file; a missing file is an empty list. */
  async load(): Promise<ProfilesLoadResult> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.#profiles = [];
        return { profiles: [] };
      }
      throw error;
    }
    const reason = parseProblem(text);
    if (typeof reason !== 'string') {
      this.#profiles = reason.profiles;
      return { profiles: this.list() };
    }
    const movedTo = `${this.#file}.damaged-${this.#now().toISOString().replace(/[:.]/g, '-')}`;
    await rename(this.#file, movedTo);
    this.#logger.warn('The profiles file was damaged and has been set aside', { movedTo, reason });
    this.#profiles = [];
    return { profiles: [], damaged: { movedTo, reason } };
  }

  /** Every profile, in the order they were created. */
  list(): Profile[] {
    return this.#profiles.map((profile) => structuredClone(profile));
  }

  /** The profile `id`; NOT_FOUND when there is none. */
  get(id: string): Profile {
    const profile = this.#profiles.find((p) => p.id === id);
    if (!profile) {
      throw new AppError({
        code: 'NOT_FOUND',
        message: 'This connection no longer exists. Choose another one from the list.',
      });
    }
    return structuredClone(profile);
  }

  /** Adds a profile; names are unique (case-insensitive). */
  async create(input: ProfileInput): Promise<Profile> {
    const parsed = parseInput(input, 'profiles.create');
    this.#checkName(parsed.name);
    const time = this.#now().toISOString();
    const profile: Profile = { ...parsed, id: this.#newId(), createdAt: time, updatedAt: time };
    await this.#save([...this.#profiles, profile]);
    return structuredClone(profile);
  }

  /** Replaces the editable fields of profile `id`. */
  async update(id: string, input: ProfileInput): Promise<Profile> {
    const existing = this.get(id);
    const parsed = parseInput(input, 'profiles.update');
    this.#checkName(parsed.name, id);
    const profile: Profile = {
      ...parsed,
      id,
      createdAt: existing.createdAt,
      updatedAt: this.#now().toISOString(),
    };
    await this.#save(this.#profiles.map((p) => (p.id === id ? profile : p)));
    return structuredClone(profile);
  }

  /** A copy of profile `id` named `<name> (copy)`, `<name> (copy 2)`, ... (secrets not copied). */
  async duplicate(id: string): Promise<Profile> {
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = this.get(id);
    let name = `${input.name} (copy)`;
    for (let n = 2; this.#nameTaken(name); n += 1) name = `${input.name} (copy ${n})`;
    return this.create({ ...input, name, isEmulator: false });
  }

  /** Removes profile `id` (its secrets are the vault's business). */
  async remove(id: string): Promise<void> {
    this.get(id);
    await this.#save(this.#profiles.filter((p) => p.id !== id));
  }

  /** Adds the built-in "Local emulator" connection when no emulator profile exists. */
  async ensureEmulatorProfile(): Promise<Profile> {
    const existing = this.#profiles.find((p) => p.isEmulator);
    if (existing) return structuredClone(existing);
    let name = 'Local emulator';
    for (let n = 2; this.#nameTaken(name); n += 1) name = `Local emulator ${n}`;
    return this.create({
      name,
      target: { kind: 'custom', baseUrl: EMULATOR_PROFILE_BASE_URL },
      auth: { kind: 'apiKey' },
      color: '#8250df',
      isEmulator: true,
    });
  }

  #nameTaken(name: string, exceptId?: string): boolean {
    const lower = name.toLowerCase();
    return this.#profiles.some((p) => p.id !== exceptId && p.name.toLowerCase() === lower);
  }

  #checkName(name: string, exceptId?: string): void {
    if (!this.#nameTaken(name, exceptId)) return;
    throw new AppError({
      code: 'VALIDATION',
      message: `A connection named "${name}" already exists. Choose another name.`,
    });
  }

  async #save(profiles: Profile[]): Promise<void> {
    const file: ProfilesFile = { version: 1, profiles };
    await saveDataFile(this.#file, JSON.stringify(file, null, 2) + '\n', 'connections');
    this.#profiles = profiles;
  }
}

function parseInput(input: ProfileInput, operation: string) {
  const result = ProfileInputSchema.safeParse(input);
  if (!result.success) throw invalidInputError(operation, result.error);
  return result.data;
}

/** The parsed file, or why it cannot be used. */
function parseProblem(text: string): ProfilesFile | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return `not valid JSON (${(error as Error).message})`;
  }
  const result = ProfilesFileSchema.safeParse(json);
  return result.success ? result.data : `not a profiles file: ${describeIssues(result.error)}`;
}
