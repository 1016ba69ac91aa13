import { describe, expect, it } from 'vitest';
import {
  assembleCaCertificates,
  createDispatcher,
  type CaSources,
} from '../../../../../src/main/services/http/dispatcher';

const pem = (name: string): string =>
  `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----`;

function sources(overrides: Partial<CaSources> = {}): CaSources {
  return {
    getCACertificates: (type) => (type === 'system' ? [pem('os-root')] : [pem('node-root')]),
    rootCertificates: [pem('bundled-root')],
    readFile: () => `${pem('corp-1')}\nnoise\n${pem('corp-2')}\n`,
    ...overrides,
  };
}

describe('assembleCaCertificates', () => {
  it('adds the OS store and every certificate of the extra file to the defaults', () => {
    expect(assembleCaCertificates({ extraCaFile: '/corp.pem' }, sources())).toEqual([
      pem('node-root'),
      pem('os-root'),
      pem('corp-1'),
      pem('corp-2'),
    ]);
  });

  it('falls back to tls.rootCertificates where Node has no getCACertificates', () => {
    const list = assembleCaCertificates(
      { extraCaFile: '/corp.pem' },
      sources({ getCACertificates: undefined }),
    );
    expect(list).toEqual([pem('bundled-root'), pem('corp-1'), pem('corp-2')]);
  });

  it("leaves undici's defaults alone when there is nothing extra", () => {
    expect(
      assembleCaCertificates({ useSystemCa: false }, sources({ getCACertificates: undefined })),
    ).toBeUndefined();
  });

  it('keeps going without the extra file when it cannot be read', () => {
    const list = assembleCaCertificates(
      { extraCaFile: '/missing.pem' },
      sources({
        readFile: () => {
          throw new Error('ENOENT');
        },
      }),
    );
    expect(list).toEqual([pem('node-root'), pem('os-root')]);
  });

  it('builds a dispatcher with this machine’s real certificate sources', async () => {
    const dispatcher = createDispatcher({ env: { HTTPS_PROXY: 'http://127.0.0.1:9' } });
    await dispatcher.close();
  });
});
