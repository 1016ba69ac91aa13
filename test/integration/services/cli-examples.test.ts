import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupHelp, operationHelp } from '../../../src/main/cli/help/command-help';
import { catalogue } from '../../../src/shared/contract/catalogue';
import { builtCommand, childEnv } from '../../support/cli/run-cli';
import {
  helpExamples,
  isSynopsis,
  markdownExamples,
  type CommandExample,
} from '../../support/cli/command-examples';
import { changesSomething } from '../../support/cli/example-terminal';
import {
  closeExampleWorld,
  runExample,
  startExampleWorld,
  type ExampleNeeds,
  type ExampleWorld,
} from '../../support/cli/example-world';

/*
 * Every `databridge` command line README.md and the command's `--help` pages show a reader
 * (test/support/cli/command-examples.ts finds them) is run as written, through the built
 * command in bash, against an emulator with its demo data (test/support/cli/example-world.ts:
 * the files, saved connections and programs the examples name), and must end with 0 and print
 * something. The examples that only read share one emulator; those that change something
 * share another, in the order a reader meets them (README's create before its rename, export
 * and drop), each writing example of a help page on data of its own. A removal that asks
 * first runs on a terminal and is answered (test/support/cli/example-terminal.ts). What shows a command's shape (a synopsis) is not run; what
 * cannot run here is listed below with its reason, printed; nothing else is left out.
 */

/**
 * The help pages the built command prints: the top one and those of the commands that are not
 * catalogue operations. A page a help names (`"databridge X --help"`) is read too.
 */
const PAGES = [
  '',
  'import',
  'export',
  'archives download',
  'jobs wait',
  'completion',
  'monitor serve',
  'policy',
  'diagnostics',
  'audit list',
];

/** The name of a help page: `databridge import --help`. */
const pageName = (page: string): string => `databridge ${page ? `${page} ` : ''}--help`;

/** What `databridge WORDS --help` prints. */
function helpOf(page: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [builtCommand(), ...page.split(' ').filter(Boolean), '--help'],
      { env: childEnv({}), timeout: 30_000 },
      (error, stdout) =>
        error ? reject(new Error(`${pageName(page)}: ${error.message}`)) : resolve(stdout),
    );
  });
}

/**
 * The help of each group and each operation, as the runner prints it for `databridge GROUP
 * --help` and `databridge GROUP OPERATION --help` (help/command-help.ts; one page is compared with the
 * built command's below): 60 pages, read here rather than started 60 times.
 */
function catalogueHelpPages(): Map<string, string> {
  const pages = new Map<string, string>();
  for (const group of new Set(catalogue.map((op) => op.group))) {
    const operations = catalogue.filter((op) => op.group === group);
    pages.set(group, groupHelp(group, operations));
  }
  for (const op of catalogue) pages.set(op.id.replace('.', ' '), operationHelp(op));
  return pages;
}

/** The examples of every help page. */
async function helpPageExamples(): Promise<CommandExample[]> {
  const examples: CommandExample[] = [];
  const pages = catalogueHelpPages();
  for (const [page, help] of pages) examples.push(...helpExamples(help, pageName(page)));
  const read = new Set<string>(pages.keys());
  const queue = [...PAGES];
  while (queue.length > 0) {
    const batch = queue.splice(0, 4).filter((page) => !read.has(page));
    for (const page of batch) read.add(page);
    const texts = await Promise.all(batch.map(helpOf));
    batch.forEach((page, index) => {
      const found = helpExamples(texts[index] ?? '', pageName(page));
      examples.push(...found);
      for (const { text } of found) {
        const named = /^databridge ((?:[a-z]+ )*)--help$/.exec(text)?.[1]?.trim();
        if (named !== undefined && !read.has(named)) queue.push(named);
      }
    });
  }
  return examples;
}

/**
 * Examples that cannot be run here as written, and why. A name here that no README line or
 * help page shows any more fails the test (the list stays true).
 */
const NOT_RUN: Readonly<Record<string, string>> = {
  'databridge export':
    'names the command in a list of commands (databases --help); alone it asks for its options',
  'databridge import':
    'names the command in a list of commands (databases --help); alone it asks for its file',
  'databridge archives download':
    'names the command in a list of commands (archives --help); alone it asks for its options',
  'databridge monitor serve':
    'names the command in prose (README, "A team monitor"); its example below it is run',
  'databridge completion zsh > "${fpath[1]}/_databridge"':
    'zsh only (its fpath); the databridge part, databridge completion zsh, is run',
  'source <(databridge completion zsh)':
    'zsh only; the databridge part, databridge completion zsh, is run',
  'databridge completion powershell | Out-String | Invoke-Expression':
    'PowerShell only; the databridge part, databridge completion powershell, is run',
  'databridge databases import --instanceName sql-eu-dev-01 --databaseName Sales_copy --importFrom bak --wait':
    'imports a file its reader uploaded before (uploads init, putPart, complete); the whole chain runs in the README’s databridge import examples',
  [`databridge uploads complete --instanceName sql-eu-dev-01 --databaseName Sales_copy --fileExtension bak --uploadId f0c9... --etags '{"1":"9b2cf535f27731c974343645a3985328"}'`]:
    'its ETags are those putPart answered for the reader’s own parts; the whole upload, init, parts, complete and import, runs in the README’s databridge import examples',
};

/** What an example needs besides the demo data, and why. */
const NEEDS: Readonly<Record<string, ExampleNeeds & { why: string }>> = {
  'databridge databases drop --instanceName sql-eu-dev-01 --databaseName Sales_2026_old --yes': {
    why: 'the line above it, on a terminal, dropped the database already: it is made again first',
    before:
      'databridge databases create --instanceName sql-eu-dev-01 --databaseName Sales_2026_old --wait',
  },
  'databridge databases drop --instanceName sql-eu-dev-01 --databaseName Modeler_Test_02 --yes': {
    why: 'the example above it, on a terminal, dropped the database already: it is made again first',
    before:
      'databridge databases create --instanceName sql-eu-dev-01 --databaseName Modeler_Test_02 --wait',
  },
  'source <(databridge completion bash)': {
    why: 'sourced, it prints nothing: the completion it defined is shown',
    check: 'complete -p databridge',
  },
};

const readme = markdownExamples(await readFile('README.md', 'utf8'), 'README.md');
const found = [...readme, ...(await helpPageExamples())];
/** Each command line once, with every place it is shown. */
const byText = new Map<string, string[]>();
for (const { text, source } of found) byText.set(text, [...(byText.get(text) ?? []), source]);
const synopses = [...byText.keys()].filter(isSynopsis);
const runnable = [...byText.keys()].filter((text) => !isSynopsis(text) && !(text in NOT_RUN));

let world: ExampleWorld;
beforeAll(async () => {
  world = await startExampleWorld(await mkdtemp(join(tmpdir(), 'cli-examples-')));
  console.info(
    [
      `${runnable.length} command lines of README.md and --help run; not run:`,
      ...synopses.map((text) => `  ${text}  (a synopsis: its placeholders are to fill in)`),
      ...Object.entries(NOT_RUN).map(([text, why]) => `  ${text}  (${why})`),
      'run with more than the demo data:',
      ...Object.entries(NEEDS).map(([text, needs]) => `  ${text}  (${needs.why})`),
    ].join('\n'),
  );
}, 60_000);
afterAll(async () => {
  if (!world) return;
  await closeExampleWorld(world);
  await rm(world.root, { recursive: true, force: true });
});

describe('the examples of README.md and --help', () => {
  it('are found where a reader sees them, and the list of those not run is true', () => {
    expect(readme.length).toBeGreaterThan(20);
    // A line of a block, a command after a pipe, inline code over a line break, `source <(…)`.
    for (const text of [
      'databridge jobs list --all-instances --status failed --since 24h',
      'pass show databridge/api-key | databridge instances list --api-key-stdin',
      'databridge import --help',
      'source <(databridge completion bash)',
    ]) {
      expect(byText.get(text)?.some((source) => source.startsWith('README.md:'))).toBe(true);
    }
    expect(found.filter((example) => example.source.endsWith('--help')).length).toBeGreaterThan(10);
    for (const text of [...Object.keys(NOT_RUN), ...Object.keys(NEEDS)]) {
      expect([...byText.keys()]).toContain(text);
    }
  });

  it('reads the pages of the groups and operations as the built command prints them', async () => {
    const pages = catalogueHelpPages();
    for (const page of ['databases', 'databases shrink', 'jobs getStatus']) {
      expect(await helpOf(page)).toBe(`${pages.get(page) ?? ''}\n`);
    }
  });

  for (const text of runnable) {
    const sources = byText.get(text) ?? [];
    const where =
      sources.length > 2 ? `${sources[0]} and ${sources.length - 1} more` : sources.join(', ');
    it(`${text}  (${where})`, async () => {
      const needs = NEEDS[text];
      const writes = changesSomething(text) || changesSomething(needs?.before ?? '');
      const run = await runExample(world, text, needs, writes ? 'writes' : 'reads');
      for (const note of run.notes) console.info(`${text}: ${note}`);
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      // Something: not nothing, nor an empty answer ([] piped, "(none)" in a table).
      expect(run.printed.trim(), run.stderr).not.toMatch(/^(|\[\]|\{\}|null|\(none\))$/);
    }, 120_000);
  }

  for (const text of Object.keys(NOT_RUN).filter((key) =>
    /^(source <\()?databridge completion/.test(key),
  )) {
    const part = /databridge completion \w+/.exec(text)?.[0] ?? '';
    it(`${part}  (the databridge part of ${text})`, async () => {
      const run = await runExample(world, part);
      expect(run.code, run.stderr).toBe(0);
      expect(run.printed.length).toBeGreaterThan(500);
    });
  }
});
