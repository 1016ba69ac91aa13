#!/usr/bin/env node
// The mac app electron-builder left in dist/mac*/, or, where only the dmg is there (the
// workflow's check job gets the installers as an artifact, which keeps neither symlinks nor
// modes), the app copied out of the dmg: its signature verifies, deep and strict (an
// unsigned app with flipped fuses will not launch on Apple Silicon; an ad-hoc signature is
// enough on the machine that runs it), it passes the probe (probe-app.mjs: its window,
// keychain and emulator, sandboxed, then 20 s up) and its Electron Framework has the fuses of
// electron-builder.yml. macOS only.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { filesMatching, oneFile, output, run, runCheck } from './ci-helpers.mjs';
import { checkInstalledApp } from './probe-app.mjs';

/** The .app folders under dist/mac, dist/mac-arm64 and the like. */
export function macApps(dist = 'dist') {
  return filesMatching(dist, /^mac/).flatMap((folder) => filesMatching(folder, /\.app$/));
}

/** Copies the app out of the dmg into dist/mac-from-dmg (ditto keeps links and signature). */
function appFromDmg(dmg) {
  const mount = mkdtempSync(join(tmpdir(), 'databridge-dmg-'));
  run('hdiutil', ['attach', '-nobrowse', '-readonly', '-mountpoint', mount, dmg]);
  try {
    const [app] = filesMatching(mount, /\.app$/);
    if (!app) throw new Error(`no .app in ${dmg}`);
    const copy = join('dist', 'mac-from-dmg', basename(app));
    run('ditto', [app, copy]);
    return copy;
  } finally {
    run('hdiutil', ['detach', '-force', mount]);
  }
}

async function checkMacApp() {
  const dmg = oneFile('dist', /\.dmg$/, 'dmg');
  const built = macApps();
  const apps = built.length > 0 ? built : [appFromDmg(dmg)];
  for (const app of apps) {
    run('codesign', ['--verify', '--deep', '--strict', '--verbose=2', app]);
    run('codesign', ['--display', '--verbose=2', app]);
    const plist = join(app, 'Contents', 'Info.plist');
    const executable = output('plutil', ['-extract', 'CFBundleExecutable', 'raw', plist]).trim();
    const command = join(app, 'Contents', 'MacOS', executable);
    // @electron/fuses reads the fuses of Contents/MacOS/<name> from the Electron Framework.
    await checkInstalledApp({ command, binary: command });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCheck('check-mac-app', checkMacApp);
}
