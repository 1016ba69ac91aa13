import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../../../../src/shared/model/transfer';
import { UsageError } from '../../../../../src/main/cli/args/operation-args';
import { runOptionsOf } from '../../../../../src/main/cli/commands/engine';
import { helpText, transferHelp } from '../../../../../src/main/cli/help/command-help';
import { ProgressReporter, transferLine } from '../../../../../src/main/cli/output/progress';
import { parseTransferArgs } from '../../../../../src/main/cli/args/transfer-args';
import { transferCommandName } from '../../../../../src/main/cli/args/transfer-words';
import { findResumable } from '../../../../../src/main/cli/commands/transfer-resume';

function record(fields: Partial<TransferRecord> = {}): TransferRecord {
  return {
    id: 't1',
    kind: 'import',
    profileId: 'p',
    instanceName: 'sql-eu-dev-01',
    databaseName: 'Sales',
    fileType: 'bak',
    sourcePath: '/data/Sales.bak',
    mode: 'multipart',
    state: 'uploading',
    bytesDone: 3 * 1024 * 1024,
    totalBytes: 12 * 1024 * 1024,
    throughputBps: 1024 * 1024,
    etaSeconds: 9,
    parts: { total: 12, done: 3, inFlight: 2, partSize: 1024 * 1024 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

/** The message of the usage error a transfer command line is refused with. */
function refused(argv: string[]): string {
  const name = transferCommandName(argv);
  if (!name) throw new Error('not a transfer command');
  try {
    parseTransferArgs(name, argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

/** A valid export and a valid archive download, for the options added to them. */
const EXPORT = ['export', '--instanceName=i', '--databaseName=d', '--exportTo=1', '--to=x'];
const ARCHIVE = ['archives', 'download', '--instanceName', 'i', '--archiveId', 'a', '--to', 'x'];

describe('transfer command lines', () => {
  it('tells transfer commands from catalogue operations', () => {
    expect(transferCommandName(['import', 'a.bak', '--wait'])).toBe('import');
    expect(transferCommandName(['--wait', 'export', '--to', 'x'])).toBe('export');
    expect(transferCommandName(['jobs', 'wait', '--jobId', 'j'])).toBe('jobsWait');
    expect(transferCommandName(['archives', 'download', '--to', 'x'])).toBe('archivesDownload');
    expect(transferCommandName(['archives', 'get', '--archiveId', 'a'])).toBeUndefined();
    expect(transferCommandName(['jobs', 'getByInstance', '--jobId', 'j'])).toBeUndefined();
    expect(transferCommandName(['databases', 'import', '--instanceName', 'x'])).toBeUndefined();
    expect(transferCommandName([])).toBeUndefined();
  });

  it('reads an import: the database name from the file, group ids split, parts in flight', () => {
    const command = parseTransferArgs('import', [
      'import',
      'backups/Sales_2025.bak',
      '--instanceName',
      'sql-eu-dev-01',
      '--groupIds',
      'g1,g2',
      '--groupIds',
      'g3',
      '--parts-in-flight',
      '3',
      '--api-key',
      'k',
    ]);
    expect(command).toMatchObject({
      kind: 'import',
      sourcePath: resolve('backups/Sales_2025.bak'),
      databaseName: 'Sales_2025',
      groupIds: ['g1', 'g2', 'g3'],
      partsInFlight: 3,
      wait: false,
      json: false,
      options: { 'api-key': 'k' },
    });
  });

  it('reads an archive download and a bandwidth limit in MiB/s within the settings’ bounds', () => {
    const argv = ['archives', 'download', '--instanceName', 'sql-eu-prod-01', '--to', 'out'];
    expect(parseTransferArgs('archivesDownload', [...argv, '--archiveId', 'a-1'])).toMatchObject({
      kind: 'archivesDownload',
      instanceName: 'sql-eu-prod-01',
      archiveId: 'a-1',
      destinationFolder: resolve('out'),
      operation: { id: 'archives.get' },
    });
    const limited = (value: string) =>
      parseTransferArgs('archivesDownload', [...argv, '--archiveId', 'a', `--bandwidth=${value}`]);
    expect(limited('0.1')).toMatchObject({ bandwidthMiBps: 0.1 });
    expect(limited('10000')).toMatchObject({ bandwidthMiBps: 10_000 });
    expect(parseTransferArgs('archivesDownload', [...argv, '--archiveId', 'a'])).not.toHaveProperty(
      'bandwidthMiBps',
    );
    for (const value of ['0', '-1', '0.05', '10000.5', 'fast', '', 'Infinity']) {
      expect(() => limited(value), value).toThrow(
        /^--bandwidth must be a number of MiB\/s from 0\.1 to 10000, .*; got "/,
      );
    }
    expect(refused([...argv])).toBe('--archiveId is required.');
    expect(refused(['archives', 'download', '--instanceName', 'i', '--archiveId', 'a'])).toBe(
      "Name the folder for the archive's files: --to DIR.",
    );
    expect(
      refused(['jobs', 'wait', '--instanceName', 'i', '--jobId', 'j', '--bandwidth', '1']),
    ).toMatch(/Unknown option '--bandwidth'/);
  });

  it('reads a minimum speed in KiB/s within the settings’ bounds, 0 turning it off', () => {
    const speed = (value: string) =>
      parseTransferArgs('archivesDownload', [...ARCHIVE, `--min-speed=${value}`]);
    expect(speed('0')).toMatchObject({ minSpeedKiBps: 0 });
    expect(speed('0.5')).toMatchObject({ minSpeedKiBps: 0.5 });
    expect(speed('1024')).toMatchObject({ minSpeedKiBps: 1024 });
    expect(parseTransferArgs('archivesDownload', ARCHIVE)).not.toHaveProperty('minSpeedKiBps');
    for (const value of ['-1', '1025', 'slow', '', 'Infinity']) {
      expect(() => speed(value), value).toThrow(
        /^--min-speed must be a number of KiB\/s from 0 \(off\) to 1024, .*; got "/,
      );
    }
    expect(
      parseTransferArgs('import', ['import', 'a.bak', '--instanceName', 'i', '--min-speed', '8']),
    ).toMatchObject({ minSpeedKiBps: 8 });
    expect(parseTransferArgs('export', [...EXPORT, '--min-speed', '8'])).toMatchObject({
      minSpeedKiBps: 8,
    });
    expect(
      refused(['jobs', 'wait', '--instanceName', 'i', '--jobId', 'j', '--min-speed', '1']),
    ).toMatch(/Unknown option '--min-speed'/);
  });

  it('refuses --to naming a file, and takes a folder that is missing or there', () => {
    const file = 'package.json';
    const argv = ['archives', 'download', '--instanceName', 'i', '--archiveId', 'a'];
    expect(() => parseTransferArgs('archivesDownload', [...argv, '--to', file])).toThrow(
      "--to package.json is a file, not a folder: name the folder for the archive's files (it is made when missing).",
    );
    expect(parseTransferArgs('archivesDownload', [...argv, '--to', 'test'])).toMatchObject({
      destinationFolder: resolve('test'),
    });
    expect(parseTransferArgs('archivesDownload', [...argv, '--to', 'not-made-yet'])).toMatchObject({
      destinationFolder: resolve('not-made-yet'),
    });
  });

  it('reads --connections for export and archives download: 1 to 16, as the app’s setting', () => {
    expect(parseTransferArgs('export', [...EXPORT, '--connections', '8'])).toMatchObject({
      kind: 'export',
      rangesInFlight: 8,
    });
    expect(parseTransferArgs('archivesDownload', [...ARCHIVE, '--connections=1'])).toMatchObject({
      kind: 'archivesDownload',
      rangesInFlight: 1,
    });
    expect(
      parseTransferArgs('archivesDownload', [...ARCHIVE, '--connections', '16']),
    ).toMatchObject({ rangesInFlight: 16 });
    expect(parseTransferArgs('export', EXPORT)).not.toHaveProperty('rangesInFlight');
    expect(parseTransferArgs('archivesDownload', ARCHIVE)).not.toHaveProperty('rangesInFlight');
    // The value of --connections is never taken for a command word.
    expect(transferCommandName(['--connections', '4', ...ARCHIVE])).toBe('archivesDownload');
    for (const value of ['0', '17', '2.5', '-1', 'many', '']) {
      const message = `--connections must be a whole number from 1 to 16; got "${value}".`;
      expect(refused([...EXPORT, `--connections=${value}`]), value).toBe(message);
      expect(refused([...ARCHIVE, `--connections=${value}`]), value).toBe(message);
    }
    expect(refused(['import', 'a.bak', '--instanceName', 'i', '--connections', '4'])).toMatch(
      /Unknown option '--connections'/,
    );
    expect(
      refused(['jobs', 'wait', '--instanceName', 'i', '--jobId', 'j', '--connections', '4']),
    ).toMatch(/Unknown option '--connections'/);
  });

  it('hands the engine --connections as rangesInFlight, --parts-in-flight as partsInFlight', () => {
    const exported = parseTransferArgs('export', [
      ...EXPORT,
      '--connections',
      '6',
      '--bandwidth',
      '2',
    ]);
    expect(runOptionsOf(exported)).toEqual({
      rangesInFlight: 6,
      bandwidthLimitBytesPerSecond: 2 * 1024 * 1024,
    });
    const downloaded = parseTransferArgs('archivesDownload', [...ARCHIVE, '--connections', '1']);
    expect(runOptionsOf(downloaded)).toEqual({ rangesInFlight: 1 });
    expect(runOptionsOf(parseTransferArgs('archivesDownload', ARCHIVE))).toEqual({});
    const imported = parseTransferArgs('import', [
      ...['import', 'a.bak', '--instanceName', 'i', '--parts-in-flight', '3'],
    ]);
    expect(runOptionsOf(imported)).toEqual({ partsInFlight: 3 });
    const floored = parseTransferArgs('archivesDownload', [...ARCHIVE, '--min-speed', '0']);
    expect(runOptionsOf(floored)).toEqual({ throughputFloor: { minBytesPerSecond: 0 } });
    const raised = parseTransferArgs('export', [...EXPORT, '--min-speed', '16']);
    expect(runOptionsOf(raised)).toEqual({ throughputFloor: { minBytesPerSecond: 16 * 1024 } });
  });

  it('hands the engine --no-clone (import only) as cloneSources false; the engine clones otherwise', () => {
    const unclonedArgs = ['import', 'a.bak', '--instanceName', 'i', '--no-clone'];
    expect(parseTransferArgs('import', unclonedArgs)).toMatchObject({ cloneSources: false });
    expect(runOptionsOf(parseTransferArgs('import', unclonedArgs))).toEqual({
      cloneSources: false,
    });
    const cloned = parseTransferArgs('import', ['import', 'a.bak', '--instanceName', 'i']);
    expect(cloned).not.toHaveProperty('cloneSources');
    expect(runOptionsOf(cloned)).toEqual({});
    expect(() => parseTransferArgs('export', [...EXPORT, '--no-clone'])).toThrow(
      /Unknown option '--no-clone'/,
    );
    expect(transferHelp('import')).toMatch(
      /^ {2}--no-clone +read FILE itself, not a copy-on-write/m,
    );
    expect(transferHelp('export')).not.toContain('--no-clone');
  });

  it('lists archives download with an example, and --bandwidth for the commands that move bytes', () => {
    expect(helpText()).toMatch(/^ {2}archives download --instanceName I --archiveId A --to DIR$/m);
    expect(helpText()).toMatch(
      /e\.g\. databridge archives download --instanceName \S+ --archiveId/,
    );
    expect(transferHelp('archivesDownload')).toMatch(
      /^Example:\n {2}databridge archives download /m,
    );
    for (const name of ['import', 'export', 'archivesDownload'] as const) {
      expect(transferHelp(name)).toMatch(/^ {2}--bandwidth MIBPS +at most this many MiB\/s/m);
    }
    expect(transferHelp('jobsWait')).not.toContain('--bandwidth');
    for (const name of ['import', 'export', 'archivesDownload'] as const) {
      expect(transferHelp(name)).toMatch(/^ {2}--min-speed KIBPS +a request to the storage host/m);
    }
    expect(helpText()).toMatch(/^ {2}--min-speed KIBPS +a request to the storage host/m);
    for (const name of ['export', 'archivesDownload'] as const) {
      expect(transferHelp(name)).toMatch(
        /^ {2}--connections N +connections one large file .*\n.*1 to 16 \(default 4; 1: one stream\)$/m,
      );
    }
    expect(transferHelp('import')).not.toContain('--connections');
    expect(transferHelp('jobsWait')).not.toContain('--connections');
  });

  it('refuses what the contract refuses, naming the option', () => {
    const exportArgs = ['export', '--instanceName', 'i', '--databaseName', 'd', '--to', 'x'];
    expect(refused([...exportArgs, '--exportTo', '1', '--detachOnly'])).toBe(
      '--detachOnly: detachOnly is valid only when exporting to MDF (exportTo 0).',
    );
    expect(refused(exportArgs)).toBe('--exportTo is required.');
    expect(refused(['import', 'My Sales.bak', '--instanceName', 'i'])).toMatch(
      /^The file name does not make a database name .*; give --databaseName\.$/,
    );
    expect(refused(['import', 'a.bak', '--instanceName', '..'])).toMatch(/^--instanceName: /);
    expect(refused(['import', 'a.bak', '--instanceName', 'i', '--body', '{}'])).toMatch(
      /Unknown option '--body'.*Options of import: /,
    );
    expect(refused(['import', 'a.bak', 'b.bak', '--instanceName', 'i'])).toMatch(/one file/);
  });
});

describe('finding the transfer to resume', () => {
  it('matches connection, instance and database (any case), type and path, newest first', () => {
    const wanted = {
      kind: 'import' as const,
      profileId: 'p',
      instanceName: 'SQL-EU-DEV-01',
      databaseName: 'sales',
      fileType: 'bak',
      path: '/data/Sales.bak',
    };
    const older = record({ id: 'old' });
    const newer = record({ id: 'new', createdAt: '2026-01-02T00:00:00.000Z' });
    expect(findResumable([older, newer], wanted)?.id).toBe('new');
    expect(findResumable([record({ profileId: 'q' })], wanted)).toBeUndefined();
    expect(findResumable([record({ sourcePath: '/data/Other.bak' })], wanted)).toBeUndefined();
    expect(findResumable([record({ fileType: 'mdf' })], wanted)).toBeUndefined();
  });

  it('matches an archive download by instance, archive id and folder', () => {
    const archive = (fields: Partial<TransferRecord>) =>
      record({
        kind: 'archive',
        databaseName: 'Sales_2024',
        archiveId: 'a-1',
        destinationFolder: '/data/archives',
        ...fields,
      });
    const wanted = {
      kind: 'archive' as const,
      profileId: 'p',
      instanceName: 'SQL-EU-DEV-01',
      archiveId: 'a-1',
      path: '/data/archives',
    };
    expect(findResumable([archive({ id: 'mine' })], wanted)?.id).toBe('mine');
    expect(findResumable([archive({ archiveId: 'a-2' })], wanted)).toBeUndefined();
    expect(findResumable([archive({ destinationFolder: '/data/other' })], wanted)).toBeUndefined();
    expect(findResumable([archive({ kind: 'export' })], wanted)).toBeUndefined();
    expect(findResumable([archive({ instanceName: 'sql-eu-prod-01' })], wanted)).toBeUndefined();
  });
});

describe('progress output', () => {
  it('shows bytes, throughput, ETA and parts on one line', () => {
    expect(transferLine(record())).toBe(
      'uploading    3.00 MiB / 12.0 MiB (25%)  1.00 MiB/s  ETA 9 s  parts 3/12, 2 in flight',
    );
  });

  it('says while it reads the file whether it reads a snapshot (clone) of it', () => {
    expect(transferLine(record({ readsClone: true }))).toBe(
      'uploading    3.00 MiB / 12.0 MiB (25%)  1.00 MiB/s  ETA 9 s  parts 3/12, 2 in flight  reading a snapshot (clone)',
    );
    expect(transferLine(record({ readsClone: true, state: 'importing' }))).not.toContain('clone');
  });

  it('redraws a terminal line at most every 250 ms and ends it before other output', () => {
    let now = 0;
    const written: string[] = [];
    const reporter = new ProgressReporter({
      mode: 'tty',
      write: (text) => written.push(text),
      redact: (text) => text,
      now: () => now,
    });
    reporter.transfer(record({ bytesDone: 1 }));
    now = 100;
    reporter.transfer(record({ bytesDone: 2 }));
    now = 200;
    reporter.transfer(record({ state: 'completing' }));
    expect(written).toHaveLength(1);
    now = 260;
    reporter.transfer(record({ state: 'importing', jobId: 'j' }));
    expect(written).toHaveLength(2);
    expect(written[1]?.startsWith('\rimporting ')).toBe(true);
    expect(written[1]?.endsWith('job j\u001b[K')).toBe(true);
    reporter.finish();
    expect(written.at(-1)).toBe('\n');
  });

  it('says a retry on its own plain line as it happens, with the attempt and the wait', () => {
    let now = 0;
    const written: string[] = [];
    const reporter = new ProgressReporter({
      mode: 'plain',
      write: (text) => written.push(text),
      redact: (text) => text,
      now: () => now,
    });
    reporter.transfer(record());
    now = 100;
    const at = new Date(20_100).toISOString();
    const what = 'storage host not answering';
    reporter.transfer(record({ retrying: { step: 'part 3', what, attempt: 3, of: 8, at } }));
    expect(written).toHaveLength(2);
    expect(written[1]).toMatch(/\(storage host not answering, attempt 3 of 8, next in 20 s\)\n$/);
  });

  it('writes one redacted JSON line per tick with --json', () => {
    const written: string[] = [];
    const reporter = new ProgressReporter({
      mode: 'json',
      write: (text) => written.push(text),
      redact: (text) => text.replace('secret', '[redacted]'),
    });
    reporter.transfer(record());
    reporter.transfer(record({ state: 'paused', pausedReason: 'network', jobStatus: 'secret' }));
    expect(written).toHaveLength(2);
    expect(JSON.parse(written[1] ?? '')).toMatchObject({
      event: 'progress',
      state: 'paused',
      pausedReason: 'network',
      jobStatus: '[redacted]',
      parts: { done: 3, total: 12, inFlight: 2, resent: 0 },
    });
  });
});
