import { z } from 'zod';
import { UsageError } from './operation-args';
import type { RunOptions } from './options';

/*
 * The check of the network options, apart from connection/network.ts: input refused before any
 * request must not load the HTTP stack, which the latter's services bring.
 */

const PacUrlSchema = z.url({ protocol: /^https?$/ });

/** Refuses a --proxy-pac that is not an http(s) URL, before anything is sent. */
export function checkNetworkOptions(options: Pick<RunOptions, 'proxy-pac'>): void {
  const pac = options['proxy-pac'];
  if (pac !== undefined && !PacUrlSchema.safeParse(pac).success) {
    throw new UsageError(
      '--proxy-pac must be the http(s) URL of a PAC file, e.g. --proxy-pac http://wpad.corp.example/proxy.pac.',
    );
  }
}
