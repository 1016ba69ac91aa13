import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { saveDataFile } from '../common/atomic-file';
import type { Logger } from '../log/logger';

/**
 * The file of the profiles open in the explorer: their ids and nothing else. A secret never
 * goes here; reopening takes it from the keychain, or asks the user for it.
 */
const OpenConnectionsFileSchema = z.strictObject({
  version: z.literal(1),
  profileIds: z.array(z.string().min(1)),
});

/**
 * The ids kept in `file`, in the order they were opened. A missing file is none; so is a
 * damaged one (logged): all it loses is which connections to reopen, which the user can
 * open again, so it is not set aside like the profiles file.
 */
export async function readOpenProfileIds(file: string, logger: Logger): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      logger.warn('Could not read which connections were open', { error });
    }
    return [];
  }
  try {
    return OpenConnectionsFileSchema.parse(JSON.parse(text)).profileIds;
  } catch (error) {
    logger.warn('The file of open connections is damaged; none is reopened', { error });
    return [];
  }
}

/** Writes the ids to `file` atomically (a crash leaves the old list or the new one). */
export function writeOpenProfileIds(file: string, profileIds: readonly string[]): Promise<void> {
  const content: z.infer<typeof OpenConnectionsFileSchema> = {
    version: 1,
    profileIds: [...profileIds],
  };
  return saveDataFile(file, JSON.stringify(content, null, 2) + '\n', 'open connections');
}
