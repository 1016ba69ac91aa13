import type { FileExtension } from '../../shared/contract/enums';

/** Which database file an upload is for: instance, database name and file type. */
export type UploadKey = { instance: string; database: string; ext: FileExtension };

/** The part-upload faults of the emulator (E1's FaultSwitches implement it). */
export interface PartFaultHooks {
  /**
   * Takes the fault for the part upload about to be received, if any: `reset` destroys the
   * connection after about half of the bytes, `500` answers 500 after reading the body.
   */
  takePartFault(): 'reset' | '500' | undefined;
}

/**
 * A file name made of `name`: lower case (SQL Server names compare case-insensitively), with
 * every character but letters, digits, `_` and `-` percent-encoded, so that no name can reach
 * outside its folder (`..`) or clash with another on a case-insensitive file system.
 */
export function fileSafeName(name: string): string {
  return encodeURIComponent(name.toLowerCase()).replace(
    /[.!~*'()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The identity of an upload key: case-insensitive names, exact file type. */
export function uploadKeyId(key: UploadKey): string {
  return `${fileSafeName(key.instance)}/${fileSafeName(key.database)}.${key.ext}`;
}

/** `"<md5 hex>"`: the quoted form an object store answers in its `ETag` header. */
export function quoteEtag(md5Hex: string): string {
  return `"${md5Hex}"`;
}

/** An ETag with or without its surrounding quotes, in lower case, without the quotes. */
export function unquoteEtag(etag: string): string {
  const trimmed = etag.trim();
  const bare = /^".*"$/s.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
  return bare.toLowerCase();
}
