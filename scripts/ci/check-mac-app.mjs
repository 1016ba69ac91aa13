#!/usr/bin/env node
// The mac app electron-builder left in dist/mac*/ (the one inside the dmg): its signature
// verifies, deep and strict (an unsigned app with flipped fuses will not launch on Apple
// Silicon; an ad-hoc signature is enough on the machine that runs it), and it runs 20 s.
// macOS only.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { filesMatching, oneFile, output, run, runCheck } from './ci-helpers.mjs';
import { runStaysUp } from './stays-up.mjs';

/** The .app folders under dist/mac, dist/mac-arm64 and the like. */
export function macApps(dist = 'dist') {
  return filesMatching(dist, /^mac/).flatMap((folder) => filesMatching(folder, /\.app$/));
}

async function checkMacApp() {
  oneFile('dist', /\.dmg$/, 'dmg');
  const apps = macApps();
  if (apps.length === 0) throw new Error('no .app in dist/mac*/');
  for (const app of apps) {
    run('codesign', ['--verify', '--deep', '--strict', '--verbose=2', app]);
    run('codesign', ['--display', '--verbose=2', app]);
    const plist = join(app, 'Contents', 'Info.plist');
    const executable = output('plutil', ['-extract', 'CFBundleExecutable', 'raw', plist]).trim();
    const problems = await runStaysUp({
      command: join(app, 'Contents', 'MacOS', executable),
      seconds: 20,
    });
    if (problems.length > 0) throw new Error(`${app}: ${problems.join('; ')}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCheck('check-mac-app', checkMacApp);
}
