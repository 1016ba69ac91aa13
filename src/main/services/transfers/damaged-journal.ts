import { basename } from 'node:path';
import { AppError } from '../../../shared/errors';
import type { TransferKind, TransferRecord } from '../../../shared/model/transfer';
import type { Logger } from '../log/logger';
import type { TransferJournal } from './journal-schema';

/*
 * A journal that cannot be read is set aside, and what it held is lost: the transfer cannot
 * resume from it. The user is told what was lost (which file, what could not be read, that
 * the transfer starts over, that the parts an upload had sent stay on the service), from
 * whatever can still be made out of the damaged text.
 */

/** A journal file that could not be read, moved aside so it never blocks the others. */
export interface DamagedJournal {
  file: string;
  movedTo: string;
  reason: string;
  /** What could still be made out of it (which file, which upload). */
  salvaged: SalvagedJournal;
  /** What the user is told: which journal, what failed, what is lost. */
  message: string;
}

/** What could still be made out of a damaged journal's text (each field only if found). */
export interface SalvagedJournal {
  kind?: TransferKind;
  profileId?: string;
  instanceName?: string;
  databaseName?: string;
  fileType?: 'mdf' | 'bak' | 'dacpac';
  sourcePath?: string;
  destinationFolder?: string;
  uploadId?: string;
  createdAt?: string;
  /** Parts found journaled as sent. */
  partsSent?: number;
  /** False when the journal was cut short inside its parts: it may have held more. */
  partsComplete?: boolean;
}

/** Why a journal's text could not be read as JSON, in words a user can act on. */
export function unreadableReason(text: string, error: unknown): string {
  if (text.trim() === '') return 'it is empty';
  if (text.trimStart().startsWith('{')) {
    return `its JSON is cut short or broken (${(error as Error).message})`;
  }
  return 'it does not hold JSON (its bytes are random or belong to something else)';
}

/**
 * What makes a journal that passed its schema unusable: a part size, part count and file size
 * that do not fit together (a hand-edited journal). Its parts would be read at other offsets
 * than they were sent from, and every one would look changed: the journal is to blame, not
 * the file.
 */
export function journalProblem(journal: TransferJournal): string | undefined {
  if (journal.kind !== 'import') return undefined;
  const { partSize, partCount, mode } = journal;
  const size = journal.source.size;
  const edited = ': the journal was edited or damaged';
  if (mode === 'single' && (partSize !== size || partCount !== 1)) {
    return `its part size (${partSize} bytes) is not the size of its single-stream file (${size} bytes)${edited}`;
  }
  if (mode === 'multipart' && partCount !== Math.ceil(size / partSize)) {
    return `its part size (${partSize} bytes) and part count (${partCount}) do not cut a file of ${size} bytes${edited}`;
  }
  const beyond = Object.keys(journal.parts).find((part) => Number(part) > partCount);
  if (beyond !== undefined) return `it lists part ${beyond} of only ${partCount}${edited}`;
  return undefined;
}

function stringField(text: string, key: string): string | undefined {
  const match = new RegExp(`"${key}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`).exec(text);
  if (!match?.[1]) return undefined;
  try {
    const value: unknown = JSON.parse(match[1]);
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}

function partsSentIn(text: string): { partsSent: number; partsComplete: boolean } | undefined {
  const start = /"parts"\s*:\s*\{/.exec(text);
  if (!start) return undefined;
  const rest = text.slice(start.index + start[0].length);
  const body = rest.split('}')[0] ?? '';
  // Only entries whose ETag is there whole: a cut may end inside the last one.
  const partsSent = (body.match(/"[1-9]\d*"\s*:\s*"(?:[^"\\]|\\.)*"/g) ?? []).length;
  return { partsSent, partsComplete: rest.includes('}') };
}

/** Reads what it can of a damaged journal's text; never throws. */
export function salvageJournal(text: string): SalvagedJournal {
  const found: SalvagedJournal = {};
  const kind = stringField(text, 'kind');
  if (kind === 'import' || kind === 'export' || kind === 'archive') found.kind = kind;
  const fileType = stringField(text, 'fileType');
  if (fileType === 'mdf' || fileType === 'bak' || fileType === 'dacpac') found.fileType = fileType;
  for (const key of [
    'profileId',
    'instanceName',
    'databaseName',
    'sourcePath',
    'destinationFolder',
    'uploadId',
    'createdAt',
  ] as const) {
    const value = stringField(text, key);
    if (value !== undefined) found[key] = value;
  }
  return { ...found, ...partsSentIn(text) };
}

function whose(salvaged: SalvagedJournal): string {
  const { kind, sourcePath, databaseName, instanceName, destinationFolder } = salvaged;
  const on = instanceName ? ` on ${instanceName}` : '';
  if (kind === 'import' || (kind === undefined && sourcePath)) {
    if (!sourcePath) return `The journal of an upload to ${databaseName ?? 'a database'}${on}`;
    return `The journal of the upload of ${sourcePath}${databaseName ? ` to ${databaseName}${on}` : ''}`;
  }
  if (kind) {
    const into = destinationFolder ? ` into ${destinationFolder}` : '';
    return `The journal of the download of ${databaseName ?? 'a database'}${on}${into}`;
  }
  return 'A transfer journal';
}

function whatIsLost(salvaged: SalvagedJournal): string {
  const { partsSent = 0, partsComplete = false } = salvaged;
  const count = partsComplete ? `${partsSent}` : `${partsSent} or more`;
  const one = partsSent === 1 && partsComplete;
  const sent =
    partsSent === 0
      ? 'the parts it had already sent stay'
      : `the ${count} ${one ? 'part' : 'parts'} it had already sent ${one ? 'stays' : 'stay'}`;
  const upload = salvaged.uploadId ? ` (upload ${salvaged.uploadId})` : '';
  if (salvaged.kind === 'import' || (salvaged.kind === undefined && salvaged.sourcePath)) {
    return `The upload cannot resume from it: importing the file again starts the upload over from the first part, and ${sent} on the service, unused${upload}.`;
  }
  if (salvaged.kind) {
    return 'The download cannot resume from it: it starts over when it is run again; what was downloaded stays in the folder.';
  }
  return 'The transfer cannot resume from it and starts over when it is run again; if it was an upload, the parts it had already sent stay on the service, unused.';
}

/** What the user is told of a damaged journal: which, what failed, and what is lost. */
export function damagedMessage(entry: {
  file: string;
  movedTo: string;
  reason: string;
  salvaged: SalvagedJournal;
}): string {
  const { file, movedTo, reason, salvaged } = entry;
  return `${whose(salvaged)} (${file}) could not be read: ${reason}. It was set aside as ${movedTo}. ${whatIsLost(salvaged)}`;
}

/**
 * The transfers whose journals were damaged, as failed records the UI shows like any other
 * (the message says what was lost). They cannot be resumed or retried: nothing is left to
 * resume from.
 */
export class DamagedTransfers {
  readonly #records = new Map<string, TransferRecord>();
  readonly #journals: DamagedJournal[] = [];
  readonly #announce: (record: TransferRecord) => void;

  /** `announce` tells the listeners of the service's records of each one added. */
  constructor(announce: (record: TransferRecord) => void) {
    this.#announce = announce;
  }

  /** Logs each damaged journal, keeps a record of it and announces the record. */
  add(entries: readonly DamagedJournal[], at: string, logger: Logger): void {
    for (const entry of entries) {
      logger.warn('A transfer journal was damaged and set aside', { ...entry });
      this.#journals.push(entry);
      const record = damagedRecord(entry, at);
      this.#records.set(record.id, record);
      this.#announce({ ...record });
    }
  }

  /** The damaged journals found, as they were set aside. */
  journals(): DamagedJournal[] {
    return [...this.#journals];
  }

  /** Every damaged transfer's record (copies). */
  list(): TransferRecord[] {
    return [...this.#records.values()].map((record) => ({ ...record }));
  }

  /** The record of `id` if it is a damaged transfer's. */
  get(id: string): TransferRecord | undefined {
    const record = this.#records.get(id);
    return record ? { ...record } : undefined;
  }

  /** Throws VALIDATION for an action on a damaged transfer, saying what to do instead. */
  refuse(id: string): void {
    if (!this.#records.has(id)) return;
    throw new AppError({
      code: 'VALIDATION',
      message:
        "This transfer's journal could not be read, so there is nothing to resume from: start the import or download again.",
    });
  }
}

function damagedRecord(entry: DamagedJournal, at: string): TransferRecord {
  const s = entry.salvaged;
  return {
    id: `damaged-${basename(entry.file).replace(/\.json$/, '')}`,
    kind: s.kind ?? 'import',
    profileId: s.profileId ?? '',
    instanceName: s.instanceName ?? '',
    databaseName: s.databaseName ?? basename(entry.file),
    fileType: s.fileType ?? 'bak',
    ...(s.sourcePath ? { sourcePath: s.sourcePath } : {}),
    ...(s.destinationFolder ? { destinationFolder: s.destinationFolder } : {}),
    state: 'failed',
    bytesDone: 0,
    totalBytes: 0,
    error: { code: 'VALIDATION', message: entry.message },
    createdAt: s.createdAt ?? at,
    updatedAt: at,
  };
}
