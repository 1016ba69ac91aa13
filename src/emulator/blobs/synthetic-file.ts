import { createCipheriv, createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { FileExtension } from '../../shared/contract/enums';

/*
 * Synthetic database files: the right signature for their type (see
 * src/shared/contract/file-signature.ts) followed by deterministic pseudo-random bytes, so that
 * exports are well-formed, hashes are stable and nothing compresses to nothing. The bytes come
 * from AES-128-CTR over zeros keyed by the seed: fast (gigabytes a second) and never held whole.
 */

const CHUNK_BYTES = 1024 * 1024;
const ZIP_ENTRY_NAME = Buffer.from('synthetic.bin', 'latin1');
const ZIP_LOCAL_HEADER = 30;
const ZIP_DESCRIPTOR = 16;
const ZIP_CENTRAL_HEADER = 46;
const ZIP_END_RECORD = 22;
const ZIP_OVERHEAD =
  ZIP_LOCAL_HEADER +
  ZIP_ENTRY_NAME.length +
  ZIP_DESCRIPTOR +
  ZIP_CENTRAL_HEADER +
  ZIP_ENTRY_NAME.length +
  ZIP_END_RECORD;
/** 1980-01-01 00:00 in MS-DOS date format: a fixed timestamp keeps the bytes deterministic. */
const DOS_DATE_1980 = (1 << 5) | 1;
const ZIP_FLAG_DATA_DESCRIPTOR = 0x0008;
const ZIP_VERSION = 20;

/** Options of {@link createSyntheticFileStream}. */
export interface SyntheticFileOptions {
  type: FileExtension;
  /** Exact size of the file in bytes; at least {@link minSyntheticSize} of the type. */
  sizeBytes: number;
  /** Any text; the same seed, type and size always give the same bytes. */
  seed?: string;
}

/** The smallest synthetic file of a type: its signature header (and zip structure). */
export function minSyntheticSize(type: FileExtension): number {
  if (type === 'dacpac') return ZIP_OVERHEAD;
  return type === 'mdf' ? mdfHeader().length : bakHeader().length;
}

/** The 96-byte page header of page 0: header version 1, page type 15 (file header page). */
function mdfHeader(): Buffer {
  const header = Buffer.alloc(96);
  header[0] = 1;
  header[1] = 15;
  header.writeUInt16LE(1, 22); // m_slotCnt: the file header page holds one row
  return header;
}

/** An MTF tape descriptor block (DBLK) header: `TAPE`, then a word-XOR checksum at 50. */
function bakHeader(): Buffer {
  const header = Buffer.alloc(52);
  header.write('TAPE', 0, 'latin1');
  header.writeUInt16LE(52, 8); // offset to the first event
  header.writeUInt8(14, 10); // OS id: Windows NT
  let checksum = 0;
  for (let offset = 0; offset < 50; offset += 2) checksum ^= header.readUInt16LE(offset);
  header.writeUInt16LE(checksum, 50);
  return header;
}

function zipLocalHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(ZIP_LOCAL_HEADER + ZIP_ENTRY_NAME.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(ZIP_VERSION, 4);
  header.writeUInt16LE(ZIP_FLAG_DATA_DESCRIPTOR, 6);
  header.writeUInt16LE(0, 8); // stored, no compression
  header.writeUInt16LE(DOS_DATE_1980, 12);
  // The CRC follows the data in the descriptor; the sizes are known up front.
  header.writeUInt32LE(dataBytes, 18);
  header.writeUInt32LE(dataBytes, 22);
  header.writeUInt16LE(ZIP_ENTRY_NAME.length, 26);
  ZIP_ENTRY_NAME.copy(header, ZIP_LOCAL_HEADER);
  return header;
}

function zipTrailer(dataBytes: number, crc: number): Buffer {
  const trailer = Buffer.alloc(ZIP_OVERHEAD - ZIP_LOCAL_HEADER - ZIP_ENTRY_NAME.length);
  trailer.writeUInt32LE(0x08074b50, 0);
  trailer.writeUInt32LE(crc, 4);
  trailer.writeUInt32LE(dataBytes, 8);
  trailer.writeUInt32LE(dataBytes, 12);
  const central = ZIP_DESCRIPTOR;
  trailer.writeUInt32LE(0x02014b50, central);
  trailer.writeUInt16LE(ZIP_VERSION, central + 4);
  trailer.writeUInt16LE(ZIP_VERSION, central + 6);
  trailer.writeUInt16LE(ZIP_FLAG_DATA_DESCRIPTOR, central + 8);
  trailer.writeUInt16LE(DOS_DATE_1980, central + 14);
  trailer.writeUInt32LE(crc, central + 16);
  trailer.writeUInt32LE(dataBytes, central + 20);
  trailer.writeUInt32LE(dataBytes, central + 24);
  trailer.writeUInt16LE(ZIP_ENTRY_NAME.length, central + 28);
  ZIP_ENTRY_NAME.copy(trailer, central + ZIP_CENTRAL_HEADER);
  const end = central + ZIP_CENTRAL_HEADER + ZIP_ENTRY_NAME.length;
  const centralOffset = ZIP_LOCAL_HEADER + ZIP_ENTRY_NAME.length + dataBytes + ZIP_DESCRIPTOR;
  trailer.writeUInt32LE(0x06054b50, end);
  trailer.writeUInt16LE(1, end + 8);
  trailer.writeUInt16LE(1, end + 10);
  trailer.writeUInt32LE(ZIP_CENTRAL_HEADER + ZIP_ENTRY_NAME.length, end + 12);
  trailer.writeUInt32LE(centralOffset, end + 16);
  return trailer;
}

function* pseudoRandomChunks(seed: string, bytes: number, onChunk?: (chunk: Buffer) => void) {
  const key = createHash('sha256').update(seed).digest().subarray(0, 16);
  const cipher = createCipheriv('aes-128-ctr', key, Buffer.alloc(16));
  const zeros = Buffer.alloc(CHUNK_BYTES);
  for (let left = bytes; left > 0; left -= CHUNK_BYTES) {
    const chunk = cipher.update(left >= CHUNK_BYTES ? zeros : zeros.subarray(0, left));
    onChunk?.(chunk);
    yield chunk;
  }
}

function* syntheticChunks(type: FileExtension, sizeBytes: number, seed: string) {
  if (type !== 'dacpac') {
    const header = type === 'mdf' ? mdfHeader() : bakHeader();
    yield header;
    yield* pseudoRandomChunks(seed, sizeBytes - header.length);
    return;
  }
  const dataBytes = sizeBytes - ZIP_OVERHEAD;
  let crc = 0;
  yield zipLocalHeader(dataBytes);
  yield* pseudoRandomChunks(seed, dataBytes, (chunk) => {
    crc = crc32(chunk, crc);
  });
  yield zipTrailer(dataBytes, crc);
}

/**
 * A readable stream of a synthetic database file of exactly `sizeBytes` bytes: a well-formed
 * header for its type (a stored one-entry zip for a DACPAC) and deterministic pseudo-random
 * content. Throws a RangeError for a size the type cannot have.
 */
export function createSyntheticFileStream(options: SyntheticFileOptions): Readable {
  const { type, sizeBytes, seed = 'databridge' } = options;
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes < minSyntheticSize(type)) {
    throw new RangeError(
      `A synthetic ${type.toUpperCase()} file must be a whole number of bytes, at least ${minSyntheticSize(type)}; got ${sizeBytes}`,
    );
  }
  if (type === 'dacpac' && sizeBytes - ZIP_OVERHEAD > 0xffffffff) {
    throw new RangeError('A synthetic DACPAC is at most 4 GiB (it is a zip without Zip64)');
  }
  return Readable.from(syntheticChunks(type, sizeBytes, seed), {
    objectMode: false,
    highWaterMark: CHUNK_BYTES,
  });
}
