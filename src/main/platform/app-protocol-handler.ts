import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { APP_SCHEME, contentTypeOf, resolveAppAsset } from '../app/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../app/csp';

/**
 * Declares `app:` a standard, secure scheme (its pages get a real origin, `app://databridge`,
 * and a secure context) without CORS or service-worker privileges it does not need. Must run
 * before the app is ready.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Serves the built renderer from `rootDir` on `app://databridge/`: only files inside it
 * (see resolveAppAsset), read-only, each with our CSP.
 */
export function handleAppScheme(rootDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET') return new Response('Method not allowed', { status: 405 });
    const file = resolveAppAsset(rootDir, request.url);
    if (file === undefined) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': contentTypeOf(file),
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
