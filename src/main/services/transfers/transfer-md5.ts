import type { TransferJournal } from './journal-schema';
import { bareEtag } from './presigned-http';

const MD5_HEX = /^[0-9a-f]{32}$/;

/**
 * Whether a finished transfer's every byte was checked against an MD5, for its record. A
 * download: each file matched the MD5 its ETag gave (download-progress.ts `verify`). An
 * import: each part's ETag is an MD5, which the uploader compared with the bytes it sent (a
 * mismatch is sent again), and with the one it journaled when it has it. A host whose ETags
 * are no MD5 leaves nothing to compare: false.
 */
export function isMd5Verified(journal: TransferJournal): boolean {
  if (journal.kind !== 'import') {
    return journal.files.length > 0 && journal.files.every((file) => file.md5Verified === true);
  }
  const parts = Object.entries(journal.parts);
  return (
    parts.length > 0 &&
    parts.every(([part, etag]) => {
      const bare = bareEtag(etag).toLowerCase();
      const sent = journal.partMd5?.[part];
      return MD5_HEX.test(bare) && (sent === undefined || sent === bare);
    })
  );
}
