import { readFile } from 'node:fs/promises';

/** The text of `file`, or undefined when there is no such file; any other failure throws. */
export async function readTextIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
