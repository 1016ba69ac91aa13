import { consoleSink, RedactingLogger } from '../../src/main/services/log/logger';
import { DIALOG_TOKEN_HEADER, startHarness } from './server';

/*
 * `npm run harness`: the app in any browser, with the real services and a fresh data
 * folder. For development and manual testing only; never packaged.
 */
const port = Number(process.env['HARNESS_PORT'] ?? 0);
const harness = await startHarness({
  port,
  logger: new RedactingLogger({ sink: consoleSink(), level: 'info' }),
});
console.log(`DataBridge Desktop browser harness: ${harness.url}`);
console.log('Loopback only; the URL carries this run’s token. Ctrl+C stops it.');
// Printed here, never served: the page must not be able to answer its own file dialogs.
console.log(
  `Dialog answers: POST ${harness.origin}/__harness/dialog with ${DIALOG_TOKEN_HEADER}: ${harness.dialogToken}`,
);
const stop = (): void => {
  void harness.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
