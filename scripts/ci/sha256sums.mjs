#!/usr/bin/env node
// Writes SHA256SUMS beside the installers of a release: one line per file, in the form
// `sha256sum` prints and `sha256sum -c SHA256SUMS` checks (on Windows,
// `Get-FileHash -Algorithm SHA256 <file>` shows the same hash).
//
//   node scripts/ci/sha256sums.mjs [FOLDER]      (default: dist; writes FOLDER/SHA256SUMS)
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';

/** The name of the list, left out of itself. */
export const SUMS_FILE = 'SHA256SUMS';

/** The SHA-256 of one file, in hex, read as a stream (installers are hundreds of MB). */
async function sha256Of(path) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** The lines of SHA256SUMS for the regular files of `folder`, sorted by name. */
export async function sha256Lines(folder) {
  const entries = await readdir(folder, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isFile() && entry.name !== SUMS_FILE)
    .map((entry) => entry.name)
    .sort();
  if (names.length === 0) throw new Error(`sha256sums: no file in ${folder} to list`);
  const lines = [];
  for (const name of names) lines.push(`${await sha256Of(join(folder, name))}  ${name}`);
  return lines;
}

async function main(folder = 'dist') {
  const lines = await sha256Lines(folder);
  await writeFile(join(folder, SUMS_FILE), `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv[2]);
}
