import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/*
 * A throw-away self-signed certificate for a local HTTPS server in tests (openssl, valid one
 * day): the certificate is its own CA, so a client trusts it only when given it.
 */

/** The key and certificate files made in `dir`. */
export interface SelfSigned {
  readonly keyFile: string;
  readonly certFile: string;
}

/** Makes a key and a certificate for `commonName`, e.g. `localhost` with `DNS:localhost`. */
export function makeSelfSigned(dir: string, commonName: string, altName: string): SelfSigned {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${commonName}`,
      '-addext',
      `subjectAltName=${altName}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { keyFile, certFile };
}

/** Whether openssl can be run here (the tests that need a certificate skip, saying so). */
export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
