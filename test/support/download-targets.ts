import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Agent } from 'undici';
import type { ExportFile } from '../../src/main/services/transfers/journal-schema';

/*
 * What the downloader's tests against a local file host share: a new destination per test,
 * and the cleanup of the host, the dispatcher and the folder.
 */

/** A factory of journal entries, each downloading into a new file of the folder `dir()`. */
export function downloadTargets(dir: () => string): () => ExportFile {
  let counter = 0;
  return () => {
    counter += 1;
    return {
      remoteName: 'x.bak',
      dest: join(dir(), `file-${counter}.bak`),
      bytesWritten: 0,
      done: false,
    };
  };
}

/** Closes the dispatcher and the host, and removes the folder. */
export async function closeFileHost(dispatcher: Agent, server: Server, dir: string): Promise<void> {
  await dispatcher.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
}
