#!/usr/bin/env node
// `npm start`, as a user runs it, must open the app's window (the probe, probe-app.mjs: the
// page, the connection screen, the keychain and the emulator's instances, with Chromium's
// sandbox on) and still be running 30 s after that, with no sandbox or fatal error in its
// output. The build before the window does not count: the DevTools endpoint, which comes once
// Electron is up, may take ten minutes. On Linux the workflow runs this under xvfb-run, after
// the sandbox helper was fixed the way scripts/linux-sandbox.mjs tells users to.
//
// npm hands what follows its own `--` to the script, whose last command is `electron-vite
// preview`; electron-vite hands what follows the next `--` to Electron (its `preview` command
// has no option for the debugging port: node_modules/electron-vite/dist/cli.js). `preview`
// starts Electron on the build, with no dev server, so the page is app://databridge/ as in the
// packaged app. Electron's fuses are its defaults in development: they are not checked here.
import { runProbe } from './probe-app.mjs';

const { problems } = await runProbe({
  command: 'npm',
  args: ['start', '--', '--'],
  startSeconds: 600,
  holdSeconds: 30,
});
if (problems.length === 0) {
  console.log('\nstart-stays-up: ok, npm start opened the window and ran 30 s after it');
} else {
  console.error(
    `\nstart-stays-up: FAIL, npm start:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exitCode = 1;
}
