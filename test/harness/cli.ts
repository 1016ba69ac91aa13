import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { consoleSink, RedactingLogger } from '../../src/main/services/log/logger';
import { DEMO_EXPORTS_FOLDER, writeDemoFiles } from './demo-files';
import { DIALOG_TOKEN_HEADER, startHarness } from './server';

/*
 * `npm run harness`: the app in any browser, with the real services and a fresh data
 * folder. For development and manual testing only; never packaged. Its file browser stands
 * in for native dialogs: it shows the demo files and the folders of HARNESS_FILE_ROOTS
 * (separated like PATH; default the home folder), and nothing else.
 */
const port = Number(process.env['HARNESS_PORT'] ?? 0);
const demoFolder = await mkdtemp(join(tmpdir(), 'databridge-harness-files-'));
await writeDemoFiles(demoFolder);
const extraRoots = (process.env['HARNESS_FILE_ROOTS'] ?? homedir()).split(delimiter);
const harness = await startHarness({
  port,
  logger: new RedactingLogger({ sink: consoleSink(), level: 'info' }),
  // Jobs a person can watch run (tests default to short ones).
  emulator: { jobMs: 3000 },
  fileBrowser: { roots: [demoFolder, ...extraRoots.filter(Boolean)], startFolder: demoFolder },
});
console.log(`DataBridge Desktop browser harness: ${harness.url}`);
console.log('Loopback only; the URL carries this run’s token. Ctrl+C stops it.');
console.log(
  `Demo files: ${demoFolder} (exports into ${join(demoFolder, DEMO_EXPORTS_FOLDER)}; removed when the harness stops)`,
);
// Printed here, never served: the page must not be able to queue dialog answers for itself.
console.log(
  `Dialog answers: POST ${harness.origin}/__harness/dialog with ${DIALOG_TOKEN_HEADER}: ${harness.dialogToken}`,
);
const stop = (): void => {
  void harness
    .close()
    .then(() => rm(demoFolder, { recursive: true, force: true }))
    .then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
