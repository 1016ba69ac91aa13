import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TransferJournalSchema, type TransferJournal } from '../transfers/journal-schema';

/*
 * The transfer journals of a folder, summed up for support: how many, in which state and
 * phase, how big, how far. Read only: a damaged journal is counted, never moved aside (that is
 * the transfer engine's business when it loads them). Neither paths nor URLs are copied.
 */

/** One journal, as the bundle shows it. */
interface JournalLine {
  readonly id: string;
  readonly kind: TransferJournal['kind'];
  readonly status: TransferJournal['status'];
  readonly phase: TransferJournal['phase'];
  readonly pausedReason?: string;
  readonly error?: { readonly code: string; readonly message: string };
  readonly totalBytes: number;
  readonly doneBytes: number;
  readonly files: number;
  readonly updatedAt: string;
}

/** The journals of one folder. */
export interface JournalSummary {
  readonly folder: string;
  readonly count: number;
  readonly byStatus: Record<string, number>;
  readonly damaged: number;
  readonly journals: JournalLine[];
}

function sizesOf(
  journal: TransferJournal,
): Pick<JournalLine, 'totalBytes' | 'doneBytes' | 'files'> {
  if (journal.kind === 'import') {
    const done = Math.min(
      Object.keys(journal.parts).length * journal.partSize,
      journal.source.size,
    );
    return { totalBytes: journal.source.size, doneBytes: done, files: 1 };
  }
  return {
    totalBytes: journal.files.reduce((sum, file) => sum + (file.totalBytes ?? 0), 0),
    doneBytes: journal.files.reduce((sum, file) => sum + file.bytesWritten, 0),
    files: journal.files.length,
  };
}

function lineOf(journal: TransferJournal): JournalLine {
  return {
    id: journal.id,
    kind: journal.kind,
    status: journal.status,
    phase: journal.phase,
    ...(journal.pausedReason ? { pausedReason: journal.pausedReason } : {}),
    ...(journal.error ? { error: journal.error } : {}),
    ...sizesOf(journal),
    updatedAt: journal.updatedAt,
  };
}

/** Sums up the journals (`*.json`) of `folder`; a missing folder has none. */
export async function summarizeJournals(folder: string): Promise<JournalSummary> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    names = [];
  }
  const journals: JournalLine[] = [];
  let damaged = 0;
  for (const name of names) {
    try {
      const parsed = TransferJournalSchema.safeParse(
        JSON.parse(await readFile(join(folder, name), 'utf8')),
      );
      if (parsed.success) journals.push(lineOf(parsed.data));
      else damaged += 1;
    } catch {
      damaged += 1;
    }
  }
  const byStatus: Record<string, number> = {};
  for (const journal of journals) byStatus[journal.status] = (byStatus[journal.status] ?? 0) + 1;
  return { folder, count: journals.length, byStatus, damaged, journals };
}
