import { describe, expect, it } from 'vitest';
import { redactText } from '../../../../../src/main/services/log/redact';

describe('redaction by value', () => {
  it('redacts the credential after Bearer or Basic, whatever it looks like as a token', () => {
    for (const credential of [
      'eyJhbGciOiJIUzI1NiJ9.e30.sig',
      'access-1x',
      'dXNlcjpwYXNz', // base64 of user:pass: letters only, a capital inside
      'demo-admin-key',
      'YWxhZGRpbjpvcGVuc2VzYW1l==',
    ]) {
      expect(redactText(`Authorization: Bearer ${credential}`, [])).not.toContain(credential);
      expect(redactText(`sent basic ${credential}.`, [])).not.toContain(credential);
    }
  });

  it('leaves the words of prose after "bearer" or "basic" as they are', () => {
    const prose = [
      'it needs a bearer token (--token-file FILE or --token-env VAR)',
      'Bearer tokens expire after an hour',
      'Basic settings of the monitor',
      'a basic authentication prompt',
    ];
    for (const line of prose) expect(redactText(line, [])).toBe(line);
  });

  it('redacts a registered secret wherever it is, however short the scheme rule would let it be', () => {
    expect(redactText('Bearer abc1 and abc1 again', ['abc1'])).toBe(
      'Bearer [redacted] and [redacted] again',
    );
  });
});
