import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../common/atomic-file';
import { asDiskFull } from './disk-full';
import { systemDisk, type TransferDisk } from './transfer-disk';
import {
  damagedMessage,
  journalProblem,
  salvageJournal,
  unreadableReason,
  type DamagedJournal,
} from './damaged-journal';
import { TransferIdSchema, TransferJournalSchema, type TransferJournal } from './journal-schema';

/** Options of {@link JournalStore}. */
export interface JournalStoreOptions {
  /** Folder of the journals, normally `<dataDir>/transfers`. */
  dir: string;
  /** Clock for the names of damaged files and the flush interval. */
  now?: () => Date;
  /** Frequent saves are flushed to the disk at most this often (default 5 s). */
  syncIntervalMs?: number;
  /** Where saves write (tests: a disk that fills up); default the machine's. */
  disk?: TransferDisk | undefined;
}

/** Options of {@link JournalStore.save}. */
export interface SaveOptions {
  /**
   * A save that happens after every part or every few MiB: atomic as always (a crashed app
   * finds the old or the new journal), but flushed to the disk (fsync) at most every
   * `syncIntervalMs`. An fsync can take hundreds of milliseconds while gigabytes are being
   * written, and the next part waits for the save.
   */
  frequent?: boolean;
}

interface Slot {
  /** JSON of the newest state asked for and not yet written. */
  latest?: string;
  /** The write in progress, if any. */
  running?: Promise<void>;
  /** The write queued behind `running`; every save() while it waits shares it. */
  queued?: Promise<void>;
  /** A save waiting in `latest` must be flushed to the disk. */
  mustSync: boolean;
  /** When this journal was last flushed to the disk (epoch ms). */
  syncedAt: number;
}

const JOURNAL_SUFFIX = '.json';

/**
 * One JSON file per transfer in `dir`, written atomically: a temporary file, then a rename over
 * the old one, so a crash leaves either the old journal or the new one, never half. The file is
 * flushed (fsync, then the folder) before the rename on every save but frequent ones, which are
 * flushed at most every few seconds: an app crash loses nothing (the OS has the bytes), a power
 * cut at most the last seconds of parts, which are then sent again. Saves of one transfer are
 * serialised and coalesced (a burst of finished parts writes the newest state once more, not
 * once per part), and every save resolves only when a write that includes its state is done.
 */
export class JournalStore {
  readonly #dir: string;
  readonly #now: () => Date;
  readonly #slots = new Map<string, Slot>();
  readonly #removed = new Set<string>();
  readonly #syncIntervalMs: number;
  readonly #disk: TransferDisk;

  constructor(options: JournalStoreOptions) {
    this.#dir = options.dir;
    this.#disk = options.disk ?? systemDisk;
    this.#now = options.now ?? (() => new Date());
    this.#syncIntervalMs = options.syncIntervalMs ?? 5000;
  }

  /** The journal file of transfer `id`. */
  fileOf(id: string): string {
    return join(this.#dir, `${TransferIdSchema.parse(id)}${JOURNAL_SUFFIX}`);
  }

  /**
   * Reads every journal. Files that do not parse or validate are renamed to
   * `<name>.damaged-<time>` and reported; leftover temporary files of an interrupted write are
   * removed (the rename never happened, so the previous journal is the valid one).
   */
  async loadAll(): Promise<{ journals: TransferJournal[]; damaged: DamagedJournal[] }> {
    await mkdir(this.#dir, { recursive: true });
    const journals: TransferJournal[] = [];
    const damaged: DamagedJournal[] = [];
    for (const name of (await readdir(this.#dir)).sort()) {
      const file = join(this.#dir, name);
      if (name.endsWith('.tmp')) {
        await rm(file, { force: true });
        continue;
      }
      if (!name.endsWith(JOURNAL_SUFFIX)) continue;
      const result = await this.#read(file);
      if ('journal' in result) {
        journals.push(result.journal);
        continue;
      }
      const movedTo = `${file}.damaged-${this.#now().toISOString().replace(/[:.]/g, '-')}`;
      await rename(file, movedTo);
      const entry = { file, movedTo, reason: result.reason, salvaged: salvageJournal(result.text) };
      damaged.push({ ...entry, message: damagedMessage(entry) });
    }
    return { journals, damaged };
  }

  async #read(
    file: string,
  ): Promise<{ journal: TransferJournal } | { reason: string; text: string }> {
    let text = '';
    let data: unknown;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      return { reason: `it could not be opened (${(error as Error).message})`, text };
    }
    try {
      data = JSON.parse(text);
    } catch (error) {
      return { reason: unreadableReason(text, error), text };
    }
    const parsed = TransferJournalSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') ?? '';
      return { reason: `it is not a valid journal (${where}: ${issue?.message})`, text };
    }
    if (this.fileOf(parsed.data.id) !== file) {
      return { reason: 'its id does not match its name', text };
    }
    const problem = journalProblem(parsed.data);
    return problem === undefined ? { journal: parsed.data } : { reason: problem, text };
  }

  /** Writes `journal` atomically; resolves once a write holding this state is done. */
  save(journal: TransferJournal, options: SaveOptions = {}): Promise<void> {
    const id = journal.id;
    if (this.#removed.has(id)) return Promise.resolve();
    const slot = this.#slots.get(id) ?? { mustSync: false, syncedAt: 0 };
    this.#slots.set(id, slot);
    slot.latest = JSON.stringify(TransferJournalSchema.parse(journal), null, 1);
    if (!options.frequent) slot.mustSync = true;
    slot.queued ??= (slot.running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        const text = slot.latest;
        const now = this.#now().getTime();
        const sync = slot.mustSync || now - slot.syncedAt >= this.#syncIntervalMs;
        slot.queued = undefined;
        slot.latest = undefined;
        slot.mustSync = false;
        if (text === undefined || this.#removed.has(id)) return;
        if (sync) slot.syncedAt = now;
        slot.running = this.#writeAtomically(this.fileOf(id), text, sync);
        return slot.running;
      });
    return slot.queued;
  }

  /** Deletes the journal of `id` after any write in progress; later saves of it are ignored. */
  async remove(id: string): Promise<void> {
    this.#removed.add(id);
    const slot = this.#slots.get(id);
    await slot?.queued?.catch(() => undefined);
    await slot?.running?.catch(() => undefined);
    this.#slots.delete(id);
    await rm(this.fileOf(id), { force: true });
  }

  async #writeAtomically(file: string, text: string, sync: boolean): Promise<void> {
    try {
      await writeFileAtomic(file, text, { disk: this.#disk, fsync: sync, syncFolder: true });
    } catch (error) {
      throw await asDiskFull(error, {
        disk: this.#disk,
        path: this.#dir,
        what: "saving the transfer's journal",
        neededBytes: Buffer.byteLength(text),
      });
    }
  }
}
