#!/usr/bin/env node
// Electronegativity (pinned in package.json) over the app's sources, as a check of npm test.
// It fails on any finding of MEDIUM severity or above that has no written reason in
// electronegativity-reasons.json ({ check, file, reason }); findings are printed and
// written to test-results/electronegativity.csv.
//
// The run is kept offline and deterministic: the package fetches translations and
// Electron's release list from the internet (and crashes on a timed-out retry), so its
// HTTP client is replaced by one that fails at once, and the release check, which only says
// whether a newer Electron exists, is excluded. Dependency updates are not its business here.
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@doyensec/electronegativity/package.json'));
const gotPath = require.resolve('got', { paths: [join(packageDir, 'dist')] });
const offline = () => Promise.reject(new Error('offline: electronegativity runs without network'));
require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: offline };
offline.default = offline;

const run = require(packageDir);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const electronVersion = pkg.devDependencies.electron.replace(/^[^\d]*/, '');
const input = join(root, 'src');
const output = join(root, 'test-results', 'electronegativity.csv');
mkdirSync(join(root, 'test-results'), { recursive: true });

const MEDIUM = 2;
const reasons = JSON.parse(readFileSync(join(root, 'electronegativity-reasons.json'), 'utf8'));

const result = await run({
  input,
  output,
  isSarif: false,
  isRelative: true,
  electronVersionOverride: electronVersion,
  excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
});

const fileOf = (issue) => relative(root, resolve(input, issue.file)).split('\\').join('/');
const reasonFor = (issue) =>
  reasons.find((entry) => entry.check === issue.id && entry.file === fileOf(issue))?.reason;

let unexplained = 0;
for (const issue of result.issues) {
  const where = `${fileOf(issue)}:${issue.location?.line ?? '?'}`;
  const level = `${issue.severity.name}/${issue.confidence.name}`;
  const reason = reasonFor(issue);
  const needsReason = issue.severity.value >= MEDIUM;
  const verdict = !needsReason ? 'info' : reason ? 'ok  ' : 'FAIL';
  if (needsReason && !reason) unexplained += 1;
  console.log(`${verdict} ${issue.id} ${level} ${where}`);
  console.log(`     ${issue.description}`);
  if (reason) console.log(`     reason: ${reason}`);
}
for (const error of result.errors) {
  console.log(
    `${error.tolerable ? 'warn' : 'FAIL'} could not parse ${error.file}: ${error.message}`,
  );
  if (!error.tolerable) unexplained += 1;
}
const stale = reasons.filter(
  (entry) => !result.issues.some((i) => i.id === entry.check && fileOf(i) === entry.file),
);
for (const entry of stale)
  console.log(`note: no finding left for the reason ${entry.check} in ${entry.file}`);

console.log(
  `electronegativity ${pkg.devDependencies['@doyensec/electronegativity']} (Electron ${electronVersion}): ` +
    `${result.issues.length} findings, ${unexplained} without a reason; report: ${relative(root, output)}`,
);
process.exit(unexplained > 0 ? 1 : 0);
