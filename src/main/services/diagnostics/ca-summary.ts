import {
  assembleCaCertificates,
  defaultCaSources,
  pemCertificates,
  type CaSources,
} from '../http/dispatcher';

/** How many CA certificates are trusted, and from where. */
export interface CaSummary {
  /** Every certificate the app's requests trust (duplicates counted once). */
  readonly trusted: number;
  /** Node's bundled roots (Mozilla's list). */
  readonly bundled: number;
  /** The OS store, or why it is not read. */
  readonly system: number | string;
  /** The extra CA file (NODE_EXTRA_CA_CERTS), when one is named. */
  readonly extraFile?: { readonly file: string; readonly certificates: number | string };
}

/** Options of {@link summarizeCa}: the same as the dispatcher's. */
export interface CaSummaryOptions {
  readonly extraCaFile?: string;
  readonly useSystemCa?: boolean;
}

function countOf(read: () => string[]): number | string {
  try {
    return new Set(read()).size;
  } catch (error) {
    return `could not be read (${(error as Error).message})`;
  }
}

/**
 * The CA certificates as `assembleCaCertificates` puts them together for the dispatcher,
 * counted by source. Certificates are counted, never copied: a bundle names no certificate.
 */
export function summarizeCa(
  options: CaSummaryOptions,
  sources: CaSources = defaultCaSources(),
): CaSummary {
  const get = sources.getCACertificates;
  const bundled = get ? countOf(() => get('bundled')) : sources.rootCertificates.length;
  const system =
    options.useSystemCa === false
      ? 'not used (turned off)'
      : get
        ? countOf(() => get('system'))
        : 'not offered by this Node version';
  const assembled = assembleCaCertificates(options, sources);
  const defaults = get ? countOf(() => get('default')) : sources.rootCertificates.length;
  const file = options.extraCaFile;
  return {
    trusted: assembled?.length ?? (typeof defaults === 'number' ? defaults : 0),
    bundled: typeof bundled === 'number' ? bundled : 0,
    system,
    ...(file
      ? {
          extraFile: {
            file,
            certificates: countOf(() => pemCertificates(sources.readFile(file))),
          },
        }
      : {}),
  };
}
