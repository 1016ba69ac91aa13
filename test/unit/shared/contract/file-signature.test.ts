import { describe, expect, it } from 'vitest';
import {
  SIGNATURE_BYTES,
  checkFileType,
  fileTypeFromName,
  sniffDatabaseFile,
} from '../../../../src/shared/contract/file-signature';

function bytes(prefix: number[] | string, total = 128): Uint8Array {
  const head = new Uint8Array(total).fill(0x41);
  const start = typeof prefix === 'string' ? Array.from(prefix, (c) => c.charCodeAt(0)) : prefix;
  head.set(start.slice(0, total));
  return head;
}

const zip = bytes([0x50, 0x4b, 0x03, 0x04]);
const emptyZip = bytes([0x50, 0x4b, 0x05, 0x06], 22);
const tape = bytes('TAPE');
const mdfPage = bytes([1, 15], 8192);

describe('sniffDatabaseFile', () => {
  it('knows a zip (DACPAC), including an empty zip', () => {
    expect(sniffDatabaseFile(zip)).toBe('dacpac');
    expect(sniffDatabaseFile(emptyZip)).toBe('dacpac');
  });

  it('knows a Microsoft Tape Format backup by its TAPE block', () => {
    expect(sniffDatabaseFile(tape)).toBe('bak');
    expect(sniffDatabaseFile(bytes('TAPE', 4))).toBe('bak');
    expect(sniffDatabaseFile(bytes('tape'))).toBeUndefined();
  });

  it('knows an MDF by its file header page (version 1, page type 15, a whole page header)', () => {
    expect(sniffDatabaseFile(mdfPage)).toBe('mdf');
    expect(sniffDatabaseFile(bytes([1, 15], 96))).toBe('mdf');
    expect(sniffDatabaseFile(bytes([1, 15], 95))).toBeUndefined();
    expect(sniffDatabaseFile(bytes([1, 1], 8192))).toBeUndefined();
    expect(sniffDatabaseFile(bytes([2, 15], 8192))).toBeUndefined();
  });

  it('answers undefined for other or too short content', () => {
    expect(sniffDatabaseFile(new Uint8Array())).toBeUndefined();
    expect(sniffDatabaseFile(bytes([0x50, 0x4b], 2))).toBeUndefined();
    expect(sniffDatabaseFile(bytes('<?xml version="1.0"?>'))).toBeUndefined();
    expect(sniffDatabaseFile(new Uint8Array(8192))).toBeUndefined();
  });
});

describe('checkFileType', () => {
  it('accepts a file that looks like its type', () => {
    expect(checkFileType('dacpac', zip)).toEqual({ ok: true });
    expect(checkFileType('bak', tape)).toEqual({ ok: true });
    expect(checkFileType('mdf', mdfPage)).toEqual({ ok: true });
  });

  it('names what it expected and what the file looks like instead', () => {
    expect(checkFileType('bak', zip)).toEqual({
      ok: false,
      message:
        'The file does not look like a BAK file (a SQL Server backup starts with the Microsoft Tape Format "TAPE" block); it looks like a DACPAC (zip) file.',
    });
    const asMdf = checkFileType('mdf', tape);
    expect(asMdf.ok).toBe(false);
    if (!asMdf.ok) {
      expect(asMdf.message).toMatch(/^The file does not look like an MDF file \(/);
      expect(asMdf.message).toMatch(/it looks like a BAK \(SQL Server backup\) file\.$/);
    }
    const asDacpac = checkFileType('dacpac', mdfPage);
    expect(asDacpac.ok === false && asDacpac.message).toMatch(/zip package.*an MDF/);
  });

  it('shows the first bytes of an unknown file, and says when it is empty', () => {
    const unknown = checkFileType('bak', bytes([0xde, 0xad, 0xbe, 0xef, 0, 1, 2, 3, 4]));
    expect(unknown.ok === false && unknown.message).toMatch(
      /its first bytes \(DE AD BE EF 00 01 02 03\) match none of MDF, BAK or DACPAC\.$/,
    );
    const empty = checkFileType('mdf', new Uint8Array());
    expect(empty.ok === false && empty.message).toMatch(/the file is empty\.$/);
  });

  it('reads no further than SIGNATURE_BYTES', () => {
    expect(SIGNATURE_BYTES).toBe(8192);
    expect(checkFileType('mdf', bytes([1, 15], 20000))).toEqual({ ok: true });
  });
});

describe('fileTypeFromName', () => {
  it('reads the extension in any case', () => {
    expect(fileTypeFromName('Sales.mdf')).toBe('mdf');
    expect(fileTypeFromName('C:\\backups\\Sales.BAK')).toBe('bak');
    expect(fileTypeFromName('/home/me/model.DacPac')).toBe('dacpac');
  });

  it('answers undefined for other names', () => {
    expect(fileTypeFromName('Sales.ldf')).toBeUndefined();
    expect(fileTypeFromName('Sales.mdf.zip')).toBeUndefined();
    expect(fileTypeFromName('mdf')).toBeUndefined();
    expect(fileTypeFromName('')).toBeUndefined();
  });
});
