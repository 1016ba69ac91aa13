import { strToU8, zipSync } from 'fflate';
import { bundleManifest, bundleReadme, type BundleEntryName } from './bundle-manifest';
import type { BundleRedactor } from './bundle-redaction';

/** What a bundle's zip is made of: its data files, when, and by which version. */
export interface BundleParts {
  readonly entries: Record<BundleEntryName, unknown>;
  readonly createdAt: string;
  readonly appVersion: string;
}

/**
 * The zip of a bundle: README.txt, manifest.json and each entry as indented JSON, every one
 * scrubbed by `redactor` and then checked clean (a file that is not clean refuses the whole
 * bundle). Made in memory: a bundle is a few hundred KiB at most (the log's end is bounded).
 */
export function redactedZip(parts: BundleParts, redactor: BundleRedactor): Uint8Array {
  const manifest = bundleManifest(parts.createdAt, parts.appVersion);
  const texts: Record<string, string> = {
    'README.txt': bundleReadme(manifest),
    'manifest.json': JSON.stringify(manifest, null, 2),
  };
  for (const [name, data] of Object.entries(parts.entries)) {
    texts[name] = JSON.stringify(redactor.scrubValue(data), null, 2);
  }
  const files: Record<string, Uint8Array> = {};
  for (const [name, text] of Object.entries(texts)) {
    const clean = redactor.scrub(text);
    redactor.assertClean(name, clean);
    files[name] = strToU8(clean);
  }
  return zipSync(files, { level: 6 });
}
