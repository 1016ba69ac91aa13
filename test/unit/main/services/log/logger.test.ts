import { describe, expect, it } from 'vitest';
import { RedactingLogger, type LogEntry } from '../../../../../src/main/services/log/logger';

function setup(): { logger: RedactingLogger; lines: LogEntry[] } {
  const lines: LogEntry[] = [];
  const logger = new RedactingLogger({ sink: (entry) => lines.push(entry), level: 'debug' });
  return { logger, lines };
}

describe('RedactingLogger', () => {
  it('redacts a registered secret from the message and every field', () => {
    const { logger, lines } = setup();
    logger.addSecret('s3cr3t-KEY-value');
    logger.info('key is s3cr3t-KEY-value here', {
      nested: { list: ['x s3cr3t-KEY-value y'] },
      encoded: encodeURIComponent('s3cr3t-KEY-value'),
    });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('s3cr3t-KEY-value');
    expect(lines[0]?.message).toBe('key is [redacted] here');
  });

  it('redacts Authorization and Bearer values and URL signatures', () => {
    const { logger, lines } = setup();
    logger.warn('sent Authorization: abc123def with Bearer eyJhbGciOi.x-y_z=', {
      url: 'http://h/_blobs/a?expires=1&sig=0123abcdef&x=1',
    });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('abc123def');
    expect(text).not.toContain('eyJhbGciOi');
    expect(text).not.toContain('0123abcdef');
    expect(text).toContain('expires=1');
  });

  it('redacts the signatures of pre-signed download URIs of the usual stores', () => {
    const { logger, lines } = setup();
    logger.warn('Unexpected answer', {
      raw: {
        downloadUris: [
          'https://acct.blob.core.windows.net/c/Sales.bak?sv=2022&se=2030&sp=r&sig=AzureSig%2B1',
          'https://b.s3.amazonaws.com/Sales.bak?X-Amz-Credential=AKIA1&X-Amz-Signature=S3sig2',
          'https://storage.googleapis.com/b/Sales.bak?X-Goog-Credential=gsa3&X-Goog-Signature=GcsSig4',
        ],
      },
    });
    const text = JSON.stringify(lines);
    for (const secret of ['AzureSig', 'AKIA1', 'S3sig2', 'gsa3', 'GcsSig4']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('Sales.bak');
  });

  it('blanks fields named like secrets, and Errors keep only name, code and message', () => {
    const { logger, lines } = setup();
    const error = Object.assign(new Error('boom'), { code: 'ECONNRESET' });
    logger.error('failed', { password: 'pw', apiKey: 'k', refreshToken: 't', error, count: 3 });
    const fields = lines[0]?.fields ?? {};
    expect(fields['password']).toBe('[redacted]');
    expect(fields['apiKey']).toBe('[redacted]');
    expect(fields['refreshToken']).toBe('[redacted]');
    expect(fields['count']).toBe(3);
    expect(fields['error']).toEqual({ name: 'Error', message: 'boom', code: 'ECONNRESET' });
  });

  it('drops lines below its level', () => {
    const lines: LogEntry[] = [];
    const logger = new RedactingLogger({ sink: (entry) => lines.push(entry) });
    logger.debug('hidden');
    logger.info('shown');
    expect(lines.map((l) => l.message)).toEqual(['shown']);
  });
});
