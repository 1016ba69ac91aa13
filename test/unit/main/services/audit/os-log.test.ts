import { describe, expect, it } from 'vitest';
import {
  CommandOsLog,
  osLogCommand,
  osLogLine,
} from '../../../../../src/main/services/audit/os-log';
import type { AuditRecord } from '../../../../../src/shared/model/audit';

const LINE = 'databridge audit trail=abc seq=12 v=2 hash=ff prev=ee type=call op=databases.drop';

describe('the OS log of the audit trail', () => {
  it('writes through the platform’s own tool: logger on Linux and macOS, eventcreate on Windows', () => {
    expect(osLogCommand('linux', LINE)).toEqual({
      file: 'logger',
      args: [
        '--socket-errors=on',
        '--tag',
        'databridge-audit',
        '--priority',
        'user.notice',
        '--',
        LINE,
      ],
    });
    expect(osLogCommand('linux', LINE, { socket: '/tmp/s' })?.args).toEqual([
      '--socket-errors=on',
      '--tag',
      'databridge-audit',
      '--priority',
      'user.notice',
      '--socket',
      '/tmp/s',
      '--',
      LINE,
    ]);
    expect(osLogCommand('darwin', LINE)).toEqual({
      file: '/usr/bin/logger',
      args: ['-t', 'databridge-audit', '-p', 'user.notice', '--', LINE],
    });
    expect(osLogCommand('win32', LINE)).toEqual({
      file: 'eventcreate',
      args: [
        '/L',
        'APPLICATION',
        '/T',
        'INFORMATION',
        '/SO',
        'DataBridge Audit',
        '/ID',
        '100',
        '/D',
        LINE,
      ],
    });
    expect(osLogCommand('aix', LINE)).toBeUndefined();
  });

  it('says which trail, seq, version, digest, link and kind of record, and nothing else', () => {
    const base = {
      v: 2 as const,
      seq: 12,
      prev: 'ee',
      hash: 'ff',
      time: '2026-11-27T10:00:00.000Z',
    };
    const call = {
      ...base,
      type: 'call',
      source: { kind: 'cli', version: '1' },
      profile: { id: 'p1', name: 'Prod' },
      principal: { kind: 'apiKey', keyFingerprint: '0123456789ab' },
      host: 'eu.example',
      operation: 'databases.drop',
      target: { instanceName: 'sql-1', databaseName: 'Claims' },
      outcome: { ok: true, status: 200 },
    } as AuditRecord;
    expect(osLogLine(call, 'abc')).toBe(LINE);
    const started = {
      ...base,
      seq: 1,
      prev: null,
      type: 'chainStarted',
      verdict: { status: 'trailDeleted', anchoredSeq: 40 },
      movedAside: [],
    } as AuditRecord;
    expect(osLogLine(started, 'abc')).toBe(
      'databridge audit trail=abc seq=1 v=2 hash=ff prev=- type=chainStarted found=trailDeleted',
    );
  });

  it('fails, saying why, where the platform has no OS log it knows', async () => {
    await expect(new CommandOsLog({ platform: 'aix' }).write(LINE)).rejects.toThrow(
      'no OS log is known on aix',
    );
  });
});
