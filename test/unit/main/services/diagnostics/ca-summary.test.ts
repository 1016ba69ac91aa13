import { describe, expect, it } from 'vitest';
import { summarizeCa } from '../../../../../src/main/services/diagnostics/ca-summary';

const pem = (name: string) => `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----`;

describe('summarizeCa', () => {
  const sources = {
    getCACertificates: (type: 'default' | 'system' | 'bundled') =>
      type === 'system' ? [pem('corp-root'), pem('b1')] : [pem('b1'), pem('b2')],
    rootCertificates: [],
    readFile: (file: string) => {
      if (file !== '/etc/corp.pem') throw new Error(`ENOENT: ${file}`);
      return `${pem('extra-1')}\n${pem('extra-2')}`;
    },
  };

  it('counts each source and the certificates trusted in all, each once', () => {
    expect(summarizeCa({ extraCaFile: '/etc/corp.pem' }, sources)).toEqual({
      trusted: 5,
      bundled: 2,
      system: 2,
      extraFile: { file: '/etc/corp.pem', certificates: 2 },
    });
  });

  it('says why a source is not counted: the OS store turned off, an unreadable file', () => {
    expect(summarizeCa({ useSystemCa: false, extraCaFile: '/nope.pem' }, sources)).toEqual({
      trusted: 2,
      bundled: 2,
      system: 'not used (turned off)',
      extraFile: { file: '/nope.pem', certificates: 'could not be read (ENOENT: /nope.pem)' },
    });
  });

  it('falls back to the bundled roots on a Node without getCACertificates', () => {
    const old = { rootCertificates: [pem('r1'), pem('r2'), pem('r3')], readFile: () => '' };
    expect(summarizeCa({}, old)).toEqual({
      trusted: 3,
      bundled: 3,
      system: 'not offered by this Node version',
    });
  });
});
