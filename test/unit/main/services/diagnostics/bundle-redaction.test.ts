import { describe, expect, it } from 'vitest';
import { BundleRedactor } from '../../../../../src/main/services/diagnostics/bundle-redaction';

const PRESIGNED =
  'https://bucket.s3.amazonaws.com/exports/Sales.bak?X-Amz-Credential=AKIAEXAMPLE%2F20261130&X-Amz-Signature=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08&X-Amz-Expires=3600';

describe('BundleRedactor', () => {
  it('removes registered secrets, also URL-encoded', () => {
    const redactor = new BundleRedactor();
    redactor.addSecret('p@ss word!');
    const out = redactor.scrub('login with p@ss word! or p%40ss%20word!');
    expect(out).not.toContain('p@ss word!');
    expect(out).not.toContain('p%40ss%20word!');
  });

  it('removes the signature of a pre-signed URL and keeps the rest of it', () => {
    const out = new BundleRedactor().scrub(`GET ${PRESIGNED} failed`);
    expect(out).not.toContain('9f86d081884c7d659a2feaa0c55ad015');
    expect(out).toContain('bucket.s3.amazonaws.com/exports/Sales.bak');
    expect(out).toContain('X-Amz-Expires=3600');
  });

  it('removes sig= and token= values wherever they stand, not only in a query', () => {
    const out = new BundleRedactor().scrub('sv=2024&sig=abc%2Fdef token=xyz123 "token=q1"');
    expect(out).not.toMatch(/sig=(?!\[redacted\])/);
    expect(out).not.toMatch(/token=(?!\[redacted\])/);
    expect(out).toContain('sv=2024');
  });

  it('removes user names and passwords from URLs and Authorization values of any scheme', () => {
    const out = new BundleRedactor().scrub(
      'proxy http://alice:Secr3t@proxy.corp:3128 and {"Authorization":"Negotiate YIIabc"} Authorization: Basic dXNlcjpwYXNz',
    );
    expect(out).toContain('http://[redacted]@proxy.corp:3128');
    expect(out).not.toContain('alice');
    expect(out).not.toContain('Secr3t');
    expect(out).not.toContain('YIIabc');
    expect(out).not.toContain('dXNlcjpwYXNz');
  });

  it('removes secret-named JSON fields and strings shaped like API keys, not UUIDs or words', () => {
    const id = '0b7f6e0e-5c4a-4d8e-9a53-6f1f8d1e2a3b';
    const text = JSON.stringify({
      apiKey: 'short',
      note: 'key Zx81kQp0Lm2Vb7Nc4Rt6Yw9Ua3Se5Df1',
      id,
      words: 'TransferJournal status is paused because the user asked',
    });
    const out = new BundleRedactor().scrub(text);
    expect(out).not.toContain('short');
    expect(out).not.toContain('Zx81kQp0Lm2Vb7Nc4Rt6Yw9Ua3Se5Df1');
    expect(out).toContain(id);
    expect(out).toContain('TransferJournal status is paused');
  });

  it('refuses an entry that still holds a secret or a credential value', () => {
    const redactor = new BundleRedactor();
    redactor.addSecret('demo-admin-key');
    expect(() => redactor.assertClean('log.json', 'key demo-admin-key')).toThrow(/log\.json/);
    expect(() => redactor.assertClean('log.json', 'a?sig=abc')).toThrow(/nothing was written/);
    expect(() => redactor.assertClean('x', 'http://u:p@host/')).toThrow();
    expect(() =>
      redactor.assertClean('x', redactor.scrub(`sig=abc token=def http://u:p@h/ ${PRESIGNED}`)),
    ).not.toThrow();
  });
});
