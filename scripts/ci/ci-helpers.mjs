// Small pieces the real-OS workflow's check scripts share.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The files in `folder` whose names match `pattern`, sorted. */
export function filesMatching(folder, pattern) {
  try {
    return readdirSync(folder)
      .filter((name) => pattern.test(name))
      .sort()
      .map((name) => join(folder, name));
  } catch {
    return [];
  }
}

/** The one file in `folder` matching `pattern`; throws naming what was found otherwise. */
export function oneFile(folder, pattern, what) {
  const found = filesMatching(folder, pattern);
  if (found.length !== 1) {
    throw new Error(
      `expected one ${what} in ${folder}/, found ${found.length}: ${found.join(', ')}`,
    );
  }
  return found[0];
}

/** Runs a command with its output shown; throws when it fails. */
export function run(command, args, options = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} failed (${result.error?.message ?? `exit ${result.status}`})`);
  }
}

/** Runs a command and returns its standard output; throws when it fails. */
export function output(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) {
    const reason = result.error?.message ?? (result.stderr.trim() || `exit ${result.status}`);
    throw new Error(`${command} ${args.join(' ')} failed: ${reason}`);
  }
  return result.stdout;
}

/** True where AppArmor restricts unprivileged user namespaces (Ubuntu 23.10 and later). */
export function usernsRestricted() {
  try {
    return (
      readFileSync('/proc/sys/kernel/apparmor_restrict_unprivileged_userns', 'utf8').trim() === '1'
    );
  } catch {
    return false;
  }
}

/** appId and productName, read from electron-builder.yml as electron-builder reads them. */
export function builderConfig(file = 'electron-builder.yml') {
  const config = parse(readFileSync(file, 'utf8'));
  return { appId: String(config.appId), productName: String(config.productName) };
}

/** Runs a check's main function: exit 0 when it returns, 1 with its message when it throws. */
export async function runCheck(name, check) {
  try {
    await check();
    console.log(`\n${name}: ok`);
  } catch (error) {
    console.error(`\n${name}: FAIL: ${error.message}`);
    process.exitCode = 1;
  }
}
