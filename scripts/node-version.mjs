#!/usr/bin/env node
// The Node version check that every entry point runs first (npm start and dev, the CLI, the
// emulator, the harness, the benches, npm test, npm install's preinstall). Under an older
// Node the tools fail deep inside a dependency (undici: "Cannot read properties of undefined
// (reading 'bind')", vitest: "Map.groupBy is not a function"); this says what is needed
// instead. Run as a script it exits 1 with the message; imported, it offers the pieces.
// Plain JavaScript with no dependency, so that it runs on any Node old enough to need it.
import { readFileSync } from 'node:fs';
import { URL, fileURLToPath, pathToFileURL } from 'node:url';

const packageJson = fileURLToPath(new URL('../package.json', import.meta.url));

/** The minimum version in package.json's `engines.node` (">=22.19" gives "22.19"). */
export function requiredNodeVersion() {
  const range = JSON.parse(readFileSync(packageJson, 'utf8')).engines.node;
  const match = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range.trim());
  if (!match) throw new Error(`package.json engines.node is not of the form ">=X.Y": ${range}`);
  return match[1];
}

function parts(version) {
  return String(version)
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** True when `found` ("20.20.2" or "v20.20.2") is at least `required` ("22.19"). */
export function satisfies(found, required) {
  const have = parts(found);
  const need = parts(required);
  for (let i = 0; i < Math.max(have.length, need.length); i += 1) {
    const a = have[i] || 0;
    const b = need[i] || 0;
    if (a !== b) return a > b;
  }
  return true;
}

/**
 * What is wrong with running on Node `found`, in words for the terminal, or null when
 * nothing is. Names the version found, the version needed and the way to get it.
 */
export function nodeVersionProblem(found, required, executable) {
  if (satisfies(found, required)) return null;
  const where = executable ? ` (${executable})` : '';
  return [
    `DataBridge Desktop needs Node.js ${required} or newer; this shell runs Node ${String(found).replace(/^v/, '')}${where}.`,
    'Run this in the project folder, then the command again:',
    '  source scripts/ensure-node.sh',
    'It puts Node 24 first on PATH (installing it from the npm registry into .tools/ the first',
    'time) for this shell only: a new terminal needs it again. Or install Node.js',
    `${required} or newer yourself.`,
  ].join('\n');
}

/** Exits the process with the message when the running Node is too old. */
export function requireNode() {
  const problem = nodeVersionProblem(
    process.versions.node,
    requiredNodeVersion(),
    process.execPath,
  );
  if (problem === null) return;
  console.error(problem);
  process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `--quiet`: only the exit code (scripts/ensure-node.sh asks whether a Node will do).
  if (process.argv.includes('--quiet')) {
    process.exit(satisfies(process.versions.node, requiredNodeVersion()) ? 0 : 1);
  }
  requireNode();
}
