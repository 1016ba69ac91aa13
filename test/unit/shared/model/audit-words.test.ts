import { describe, expect, it } from 'vitest';
import type { AuditVerdict } from '../../../../src/shared/model/audit';
import {
  anchorWords,
  operationWords,
  principalText,
  targetWords,
  verdictWords,
} from '../../../../src/shared/model/audit-words';

describe('the words of a read of the audit trail', () => {
  it('says where and what for every kind of damage and deletion, and nothing when it verified', () => {
    const cases: [AuditVerdict, string][] = [
      [{ status: 'tampered', seq: 4, reason: 'hash', file: 'a.jsonl' }, 'record 4 does not hold'],
      [
        { status: 'tampered', seq: 1, reason: 'unkeyed', file: 'a.jsonl' },
        'sealed without the key',
      ],
      [
        { status: 'tampered', seq: 9, reason: 'anchor', file: 'a.jsonl' },
        'not the record the anchor',
      ],
      [{ status: 'gap', expectedSeq: 2, foundSeq: 5, file: 'a.jsonl' }, 'record 2 is missing'],
      [{ status: 'truncated', afterSeq: 3, file: 'a.jsonl' }, 'after 3 were cut off'],
      [
        { status: 'cut', afterSeq: 3, anchoredSeq: 5, file: 'a.jsonl' },
        'ends at record 3 (a.jsonl), but the anchor in the OS keychain knows records up to 5',
      ],
      [
        { status: 'firstRecordsDeleted', expectedSeq: 1, foundSeq: 3, file: 'a.jsonl' },
        'its first records were deleted',
      ],
      [
        { status: 'oldestFileDeleted', expectedSeq: 1, foundSeq: 40, file: 'b.jsonl' },
        'its oldest file was deleted',
      ],
      [{ status: 'trailDeleted', anchoredSeq: 7 }, 'the trail was deleted'],
    ];
    for (const [verdict, words] of cases) expect(verdictWords(verdict)).toContain(words);
    expect(verdictWords({ status: 'ok' })).toBeUndefined();
  });

  it('says why a read was not checked against the keychain, and nothing when it was', () => {
    expect(anchorWords({ keyed: true, unkeyed: 2 })).toBeUndefined();
    expect(anchorWords(undefined)).toBeUndefined();
    expect(
      anchorWords({ keyed: false, reason: 'the OS keychain did not answer', unkeyed: 3 }),
    ).toMatch(/^Not checked against the OS keychain: the OS keychain did not answer\. .*cut end/);
  });

  it('writes operations as the command line does, targets and who signed in', () => {
    expect(operationWords('databases.updateArchive')).toBe('databases updateArchive');
    expect(targetWords({ instanceName: 'sql-a', databaseName: 'Sales' })).toBe('sql-a / Sales');
    expect(principalText({ kind: 'apiKey', keyFingerprint: 'abc' })).toBe('key abc');
    expect(principalText({ kind: 'token', tenantName: 'contoso', userName: 'ana' })).toBe(
      'ana@contoso',
    );
  });
});
