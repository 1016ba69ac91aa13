import type { EmulatorContext } from '../context';
import { intBetween, pick, seededUuid, type Random } from '../random';
import { PERMANENT_EXPIRY_MS } from '../jobs/job-helpers';
import { DEMO_DATABASES } from './demo-databases';

const DAY = 86_400_000;

/** Databases that no longer exist but left archives behind. */
const GONE = [
  'EDM_Portfolio_2023',
  'RDM_Results_2024Q4',
  'Old_Release_23',
  'Pilot_Customer_X',
  'Temp_Fix_Validation',
];
const CREATORS = [
  'admin',
  'contributor',
  'apikey-admin',
  'apikey-contributor',
  'etl_loader',
] as const;
const PER_INSTANCE: Readonly<Record<string, number>> = {
  'sql-eu-prod-01': 90,
  'sql-eu-dev-01': 60,
  'sql-eu-test-01': 50,
};

function typeOfName(name: string): 'EDM' | 'RDM' | 'UNKNOWN' {
  if (/edm|exposure|portfolio|wind|eq/i.test(name)) return 'EDM';
  if (/rdm|results|bonds|treat/i.test(name)) return 'RDM';
  return 'UNKNOWN';
}

/**
 * About 200 archives over the instances (or `counts` per instance): mixed storage types,
 * sources and dates. Temporary ones expire in the future (else they would vanish at once);
 * some expire within days.
 */
export function seedDemoArchives(
  ctx: EmulatorContext,
  random: Random,
  now: number,
  counts: Readonly<Record<string, number>> = {},
): void {
  for (const [instance, count] of Object.entries({ ...PER_INSTANCE, ...counts })) {
    const names = [...(DEMO_DATABASES[instance] ?? []).map((db) => db.name), ...GONE];
    for (let index = 0; index < count; index += 1) {
      const name = pick(random, names);
      const createDate = now - intBetween(random, 1, 540) * DAY - intBetween(random, 0, DAY);
      const permanent = random() < 0.6;
      const source = random();
      ctx.state.archives.add({
        archiveId: seededUuid(random),
        serverName: instance,
        name,
        databaseType: typeOfName(name),
        sizeInMb: intBetween(random, 50, 120_000),
        createDate,
        expiryDate: permanent
          ? createDate + PERMANENT_EXPIRY_MS
          : now + intBetween(random, 1, 120) * DAY,
        createdBy: pick(random, CREATORS),
        storageTypeId: permanent ? 1 : 0,
        sourceTypeId: source < 0.2 ? 0 : source < 0.5 ? 1 : 2,
      });
    }
  }
}
