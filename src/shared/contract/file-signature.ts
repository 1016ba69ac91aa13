import type { FileExtension } from './enums';

/*
 * Recognises SQL Server database files by their first bytes, so that a wrong file is refused
 * before gigabytes are uploaded (client) and an import of a mislabelled file fails with a clear
 * job error (emulator). Pure on purpose: it runs in the renderer, in main and in the emulator.
 */

/** How many leading bytes the checks below read at most (one 8 KiB SQL Server page). */
export const SIGNATURE_BYTES = 8192;

/** The smallest MDF head we accept: a whole 96-byte page header. */
const MDF_PAGE_HEADER_BYTES = 96;
/** `m_headerVersion` of every SQL Server page. */
const MDF_HEADER_VERSION = 1;
/** `m_type` of the file header page, page 0 of every data file. */
const MDF_FILE_HEADER_PAGE_TYPE = 15;

const expectations: Readonly<Record<FileExtension, string>> = {
  mdf: 'an MDF file (a SQL Server data file starts with its file header page)',
  bak: 'a BAK file (a SQL Server backup starts with the Microsoft Tape Format "TAPE" block)',
  dacpac: 'a DACPAC file (a DACPAC is a zip package and starts with "PK")',
};

const lookalikes: Readonly<Record<FileExtension, string>> = {
  mdf: 'an MDF (SQL Server data) file',
  bak: 'a BAK (SQL Server backup) file',
  dacpac: 'a DACPAC (zip) file',
};

function startsWith(head: Uint8Array, bytes: readonly number[]): boolean {
  return head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte);
}

/** `PK\x03\x04`: a zip local file header; `PK\x05\x06`: the end record of an empty zip. */
function isZip(head: Uint8Array): boolean {
  return startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);
}

/** ASCII `TAPE`: the tape descriptor block that opens a Microsoft Tape Format backup. */
function isTapeFormat(head: Uint8Array): boolean {
  return startsWith(head, [0x54, 0x41, 0x50, 0x45]);
}

function isFileHeaderPage(head: Uint8Array): boolean {
  return (
    head.length >= MDF_PAGE_HEADER_BYTES &&
    head[0] === MDF_HEADER_VERSION &&
    head[1] === MDF_FILE_HEADER_PAGE_TYPE
  );
}

/**
 * The database file type that `head` (the first bytes of a file; at most
 * {@link SIGNATURE_BYTES} are read) looks like, or `undefined` when it looks like none.
 */
export function sniffDatabaseFile(head: Uint8Array): FileExtension | undefined {
  if (isZip(head)) return 'dacpac';
  if (isTapeFormat(head)) return 'bak';
  if (isFileHeaderPage(head)) return 'mdf';
  return undefined;
}

function describeUnknown(head: Uint8Array): string {
  if (head.length === 0) return 'the file is empty.';
  const shown = Array.from(head.subarray(0, 8), (byte) =>
    byte.toString(16).toUpperCase().padStart(2, '0'),
  ).join(' ');
  return `its first bytes (${shown}) match none of MDF, BAK or DACPAC.`;
}

/**
 * Checks that `head` (the first bytes of a file) looks like a file of type `ext`. When it does
 * not, the message names what was expected and what the file looks like instead, e.g.
 * `The file does not look like a BAK file (...); it looks like a DACPAC (zip) file.`
 */
export function checkFileType(
  ext: FileExtension,
  head: Uint8Array,
): { ok: true } | { ok: false; message: string } {
  const actual = sniffDatabaseFile(head.subarray(0, SIGNATURE_BYTES));
  if (actual === ext) return { ok: true };
  const instead =
    actual === undefined ? describeUnknown(head) : `it looks like ${lookalikes[actual]}.`;
  return { ok: false, message: `The file does not look like ${expectations[ext]}; ${instead}` };
}

/** The database file type named by a file's extension (`.mdf`, `.bak`, `.dacpac`, any case). */
export function fileTypeFromName(fileName: string): FileExtension | undefined {
  const match = /\.(mdf|bak|dacpac)$/i.exec(fileName.trim());
  return match?.[1] === undefined ? undefined : (match[1].toLowerCase() as FileExtension);
}
