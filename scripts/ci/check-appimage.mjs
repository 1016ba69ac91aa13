#!/usr/bin/env node
// The AppImage in dist/ starts and runs 20 s (run under xvfb-run), on a runner without
// libfuse2: the static AppImage runtime needs only the FUSE 3 helper. Where Ubuntu restricts
// user namespaces, an AppImage (mounted at a random path, so its chrome-sandbox can never be
// setuid root) needs an AppArmor profile naming its file, the step the AppImage and Electron
// trackers give users (electron/electron#42510); this check installs that profile first, as a
// user would, and never turns the sandbox off. Linux only.
import { chmodSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { oneFile, output, run, runCheck, usernsRestricted } from './ci-helpers.mjs';
import { checkInstalledApp } from './probe-app.mjs';

const PROFILE = 'databridge-desktop-appimage';

/** The AppArmor profile that lets one AppImage file use user namespaces. */
export function appImageProfile(path) {
  return [
    'abi <abi/4.0>,',
    'include <tunables/global>',
    `profile ${PROFILE} "${path}" flags=(unconfined) {`,
    '  userns,',
    `  include if exists <local/${PROFILE}>`,
    '}',
    '',
  ].join('\n');
}

function allowUserns(appImage) {
  const target = `/etc/apparmor.d/${PROFILE}`;
  console.log(`User namespaces are restricted: installing ${target} for ${appImage}`);
  run('sudo', ['tee', target], {
    input: appImageProfile(appImage),
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  run('sudo', ['apparmor_parser', '-r', target]);
}

async function checkAppImage() {
  const appImage = resolve(oneFile('dist', /\.AppImage$/, 'AppImage'));
  chmodSync(appImage, 0o755);
  const libfuse2 = output('ldconfig', ['-p']).includes('libfuse.so.2');
  console.log(`libfuse.so.2 on this runner: ${libfuse2 ? 'present' : 'absent'}`);
  if (usernsRestricted()) allowUserns(appImage);
  // The probe (window, keychain, emulator, 20 s up), then the fuses of the extracted binary.
  await checkInstalledApp({ command: appImage, binary: appImage });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCheck('check-appimage', checkAppImage);
}
