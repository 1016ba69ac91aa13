import { open } from 'node:fs/promises';
import { UsageError } from '../args/operation-args';
import type { TokenSource } from './serve-args';

/** What the token file's `stat` tells about who may read it. */
export interface TokenFileStat {
  /** The file's mode bits (`stat.mode`). */
  readonly mode: number;
}

/**
 * Why the token file may not be used, or null: as ssh insists for private keys, only its owner
 * may read or write it (mode 600 or 400), or another local user could read the token that
 * guards every session's SQL text. Windows has no POSIX modes (access is by ACL there), so the
 * check is POSIX only.
 */
export function tokenFileProblem(
  file: string,
  stat: TokenFileStat,
  platform: NodeJS.Platform = process.platform,
): string | null {
  if (platform === 'win32') return null;
  const others = stat.mode & 0o077;
  if (others === 0) return null;
  const mode = (stat.mode & 0o777).toString(8).padStart(3, '0');
  return `--token-file ${file}: the file's mode is ${mode}, so other users of this machine can ${others & 0o044 ? 'read' : 'change'} the token. Make it readable by its owner only: chmod 600 ${file}`;
}

/** The bearer token from its file (only its owner may read it) or variable, checked. */
export async function readToken(
  source: TokenSource,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string> {
  let token: string | undefined;
  if ('env' in source) token = env[source.env];
  else token = await readTokenFile(source.file);
  const where = 'env' in source ? `--token-env ${source.env}` : `--token-file ${source.file}`;
  if (!token || token.length < 16 || /\s/.test(token)) {
    throw new UsageError(`${where}: the bearer token must be one word of at least 16 characters.`);
  }
  return token;
}

async function readTokenFile(file: string): Promise<string> {
  // One open for the check and the read, so the file checked is the file read.
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new UsageError(`--token-file ${file}: ${(error as Error).message}`);
  }
  try {
    const problem = tokenFileProblem(file, await handle.stat());
    if (problem) throw new UsageError(problem);
    return (await handle.readFile('utf8')).trim();
  } finally {
    await handle.close();
  }
}
