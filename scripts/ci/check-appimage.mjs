#!/usr/bin/env node
// The AppImage in dist/, run under xvfb-run on a runner without libfuse2 (the static AppImage
// runtime needs only the FUSE 3 helper), twice:
//  1. As users get it, with no AppArmor profile of ours. Where Ubuntu restricts user
//     namespaces (23.10 and later), electron-builder's AppRun finds `unshare -Ur true` refused
//     and starts the app with --no-sandbox: a known behaviour the README states. The probe
//     looks inside the app and reads which it got (app:getInfo features.sandbox); the sandbox
//     off anywhere else fails the check.
//  2. With the AppArmor profile naming its file that the README tells IT to install (the step
//     the AppImage and Electron trackers give users, electron/electron#42510): the sandbox must
//     be on, and the binary's fuses are read.
// Linux only.
import { chmodSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { oneFile, output, run, runCheck, usernsRestricted } from './ci-helpers.mjs';
import { checkInstalledApp, runProbe } from './probe-app.mjs';

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

/**
 * Whether the AppImage as shipped started as it should: sandboxed, or without the sandbox
 * only where user namespaces are restricted (AppRun's fallback). Answers the line to print,
 * and whether that is a failure.
 */
export function asShippedVerdict({ restricted, sandbox }) {
  if (sandbox === true) return { ok: true, line: "as shipped: Chromium's sandbox is on" };
  if (sandbox === false && restricted) {
    return {
      ok: true,
      line: "as shipped: user namespaces are restricted here, so the AppImage's AppRun started the app with --no-sandbox (the known behaviour the README states); next, with the AppArmor profile",
    };
  }
  return {
    ok: false,
    line: `as shipped: Chromium's sandbox is ${String(sandbox)} although user namespaces are not restricted here`,
  };
}

async function checkAppImage() {
  const appImage = resolve(oneFile('dist', /\.AppImage$/, 'AppImage'));
  chmodSync(appImage, 0o755);
  const libfuse2 = output('ldconfig', ['-p']).includes('libfuse.so.2');
  console.log(`libfuse.so.2 on this runner: ${libfuse2 ? 'present' : 'absent'}`);
  const restricted = usernsRestricted();
  const shipped = await runProbe({ command: appImage, requireSandbox: false, holdSeconds: 5 });
  if (shipped.problems.length > 0) throw new Error(`as shipped: ${shipped.problems.join('; ')}`);
  const verdict = asShippedVerdict({ restricted, sandbox: shipped.sandbox });
  console.log(`check-appimage: ${verdict.line}`);
  if (!verdict.ok) throw new Error(verdict.line);
  if (restricted) allowUserns(appImage);
  // The probe (window, keychain, emulator, the sandbox on, 20 s up), then the binary's fuses.
  await checkInstalledApp({ command: appImage, binary: appImage });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCheck('check-appimage', checkAppImage);
}
