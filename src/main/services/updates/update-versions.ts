/*
 * Which version found on the feed the app may take. electron-updater asks this before it
 * reports a version available (`isUpdateSupported`), so a version refused here is never
 * downloaded. Versions are semantic versions as the releases are tagged (`1.4.2`,
 * `1.5.0-beta.1`); build metadata (`+…`) does not order them.
 */

interface ParsedVersion {
  readonly core: readonly [number, number, number];
  readonly prerelease: readonly string[];
}

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

function parse(version: string): ParsedVersion | undefined {
  const match = VERSION.exec(version.trim());
  if (!match) return undefined;
  const [, major = '', minor = '', patch = '', pre] = match;
  return {
    core: [Number(major), Number(minor), Number(patch)],
    prerelease: pre === undefined ? [] : pre.split('.'),
  };
}

/** Semantic versioning's order of two pre-release identifiers. */
function compareIdentifiers(a: string, b: string): number {
  const numericA = /^\d+$/.test(a);
  const numericB = /^\d+$/.test(b);
  if (numericA && numericB) return Math.sign(Number(a) - Number(b));
  if (numericA !== numericB) return numericA ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function comparePrerelease(a: readonly string[], b: readonly string[]): number {
  // A release sorts after its own pre-releases: 1.5.0-beta.1 < 1.5.0.
  if (a.length === 0 || b.length === 0) return Math.sign(b.length - a.length);
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const order = compareIdentifiers(a[i] ?? '', b[i] ?? '');
    if (order !== 0) return order;
  }
  return Math.sign(a.length - b.length);
}

/**
 * -1, 0 or 1 as `a` is older than, the same as or newer than `b`; undefined when either is
 * not a version.
 */
export function compareVersions(a: string, b: string): number | undefined {
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return undefined;
  for (let i = 0; i < 3; i += 1) {
    const order = Math.sign((left.core[i] ?? 0) - (right.core[i] ?? 0));
    if (order !== 0) return order;
  }
  return comparePrerelease(left.prerelease, right.prerelease);
}

/** Whether a version found may be taken, and if not, the sentence that says why. */
export type VersionVerdict =
  { readonly take: true } | { readonly take: false; readonly note: string };

/**
 * Whether the app (at `current`) may take `found`: only a newer version (never a downgrade,
 * whatever the channel), and where the organisation pins a version, only that exact one.
 */
export function versionVerdict(input: {
  readonly current: string;
  readonly found: string;
  readonly pinVersion?: string | undefined;
}): VersionVerdict {
  const { current, found, pinVersion } = input;
  const order = compareVersions(found, current);
  if (order === undefined) {
    return { take: false, note: `The feed named "${found}", which is not a version: it was left.` };
  }
  if (order <= 0) {
    return {
      take: false,
      note:
        order === 0
          ? `You have the newest version (${current}).`
          : `The feed offers ${found}, older than this ${current}: the app never goes back a version.`,
    };
  }
  if (pinVersion !== undefined && compareVersions(found, pinVersion) !== 0) {
    return {
      take: false,
      note: `Version ${found} is out, but your organisation keeps this computer on ${pinVersion}.`,
    };
  }
  return { take: true };
}
