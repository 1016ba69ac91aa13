import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileExtension } from '../../src/shared/contract/enums';
import { writeSampleDatabaseFile } from '../support/sample-files';

/** The folder of the demo files that takes exports and archive downloads. */
export const DEMO_EXPORTS_FOLDER = 'exports';

const KiB = 1024;

/** Small, well-formed database files of each type the app imports (synthetic bytes). */
const DEMO_FILES: readonly { name: string; type: FileExtension; sizeBytes: number }[] = [
  { name: 'Demo_Sales.bak', type: 'bak', sizeBytes: 512 * KiB },
  { name: 'Demo_Inventory.dacpac', type: 'dacpac', sizeBytes: 128 * KiB },
  { name: 'Demo_Reports.mdf', type: 'mdf', sizeBytes: 256 * KiB },
];

/**
 * Writes the demo files into `folder` (created if missing), with an empty `exports` folder
 * beside them: what a newcomer imports and exports in the harness without files of their own.
 */
export async function writeDemoFiles(folder: string): Promise<void> {
  await mkdir(join(folder, DEMO_EXPORTS_FOLDER), { recursive: true });
  for (const file of DEMO_FILES) {
    await writeSampleDatabaseFile(join(folder, file.name), file.type, file.sizeBytes, file.name);
  }
}
