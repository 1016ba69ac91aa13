#!/usr/bin/env node
// `npm start`, as a user runs it, must still be running 30 s after Electron was launched,
// with no sandbox or fatal error in its output. The hold starts at electron-vite's own
// "starting electron app" line, so the build before it does not count as running; a start
// that never reaches that line within ten minutes fails too. On Linux the workflow runs this
// under xvfb-run, after the sandbox helper was fixed the way scripts/linux-sandbox.mjs tells
// users to.
import { main } from './stays-up.mjs';

process.exitCode = await main({
  command: 'npm',
  args: ['start'],
  seconds: 30,
  ready: 'starting electron app',
  readyTimeoutSeconds: 600,
});
