import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTransferArgs } from '../../../../../src/main/cli/args/transfer-args';
import { resumeCommandLine } from '../../../../../src/main/cli/commands/transfer-resume-command';
import type { TransferCommandName } from '../../../../../src/main/cli/args/transfer-words';

const folder = mkdtempSync(join(tmpdir(), 'resume-line-'));
const file = join(folder, 'Sales.bak');

/** The resume line of a command line, as a POSIX shell would be given it. */
function lineOf(name: TransferCommandName, argv: string[], fromStdin?: 'DATABRIDGE_API_KEY') {
  return resumeCommandLine(parseTransferArgs(name, argv), fromStdin, 'posix');
}

/** The words of a line with no quoted word, after `databridge`. */
const words = (line: string | undefined): string[] => (line ?? '').split(' ').slice(1);

describe('the command line that resumes a transfer', () => {
  it('names the same import, every path absolute, with the options given', () => {
    const line = lineOf('import', [
      ...['import', file, '--instanceName', 'sql-eu-dev-01', '--wait', '--bandwidth', '20'],
      ...['--groupIds', 'g1,g2', '--parts-in-flight', '3', '--no-clone', '--json'],
      ...['--base-url', 'http://127.0.0.1:7420/databridge', '--data-dir', 'relative/data'],
    ]);
    expect(line).toBe(
      `databridge import ${file} --instanceName sql-eu-dev-01 --databaseName Sales --groupIds g1,g2` +
        ' --wait --parts-in-flight 3 --no-clone --bandwidth 20' +
        ` --data-dir ${resolve('relative/data')} --base-url http://127.0.0.1:7420/databridge --json`,
    );
  });

  it('is read back by the parser as the same transfer', () => {
    const cases: [TransferCommandName, string[]][] = [
      ['import', ['import', file, '--instanceName', 'i', '--profile', 'Prod', '--min-speed', '8']],
      ['export', ['export', '--instanceName', 'i', '--databaseName', 'd', '--exportTo', 'DACPAC']],
      [
        'archivesDownload',
        ['archives', 'download', '--instanceName', 'i', '--archiveId', 'a1', '--to', folder],
      ],
    ];
    for (const [name, given] of cases) {
      const argv = name === 'export' ? [...given, '--to', folder, '--connections', '2'] : given;
      const command = parseTransferArgs(name, argv);
      const again = parseTransferArgs(name, words(resumeCommandLine(command, undefined, 'posix')));
      expect(again).toEqual(command);
    }
  });

  it('never writes a secret: a key given on the command line is read from standard input', () => {
    const base = [
      'archives',
      'download',
      '--instanceName',
      'i',
      '--archiveId',
      'a',
      '--to',
      folder,
    ];
    const given = lineOf('archivesDownload', [...base, '--api-key', 'sk-secret-1']);
    expect(given).not.toContain('sk-secret-1');
    expect(given).toMatch(/ --api-key-stdin$/);
    expect(lineOf('archivesDownload', base, 'DATABRIDGE_API_KEY')).toMatch(/ --api-key-stdin$/);
    const token = lineOf('archivesDownload', [
      ...base,
      ...['--tenant', 't', '--user', 'u', '--password', 'pw-secret-2'],
      ...['--proxy', 'http://me:proxy-secret-3@proxy.example:3128'],
    ]);
    expect(token).not.toMatch(/secret/);
    expect(token).toContain(' --tenant t --user u --proxy http://me@proxy.example:3128/');
    expect(token).toMatch(/ --password-stdin$/);
    // Without a secret on the command line, the environment's is used again as it was.
    expect(lineOf('archivesDownload', base)).not.toMatch(/stdin/);
  });

  it('quotes what the shell would split or expand, for a POSIX shell and PowerShell', () => {
    const command = parseTransferArgs('import', [
      ...['import', join(folder, "Q4 it's.bak"), '--instanceName', 'i', '--databaseName', 'Q4'],
    ]);
    expect(resumeCommandLine(command, undefined, 'posix')).toContain(
      ` '${folder}/Q4 it'\\''s.bak' `,
    );
    expect(resumeCommandLine(command, undefined, 'powershell')).toContain(
      ` '${folder}/Q4 it''s.bak' `,
    );
  });

  it('has none for jobs wait, which keeps no journal', () => {
    expect(lineOf('jobsWait', ['jobs', 'wait', '--instanceName', 'i', '--jobId', 'j'])).toBe(
      undefined,
    );
  });
});
