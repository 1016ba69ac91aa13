import type { EmulatorContext } from '../context';
import { intBetween, seededUuid, type Random } from '../random';
import { newDatabase } from '../state/databases';
import { TENANT_GROUPS, type SecurityGroup } from '../state/groups';

const DAY = 86_400_000;

interface DemoDatabase {
  readonly name: string;
  readonly schema: 'Edm' | 'Rdm' | 'Unknown';
  /** Fixed size in MB, or undefined for a seeded random one. */
  readonly size?: number;
  readonly groups?: readonly SecurityGroup[];
  readonly status?: string;
}

/** The demo databases by instance: mixed schema and size; RiskWarehouse is over 100 GB. */
export const DEMO_DATABASES: Readonly<Record<string, readonly DemoDatabase[]>> = {
  'sql-eu-prod-01': [
    { name: 'RiskWarehouse', schema: 'Edm', size: 153_600 },
    { name: 'EDM_Portfolio_2025', schema: 'Edm', size: 42_000 },
    { name: 'RDM_Results_2025Q1', schema: 'Rdm' },
    { name: 'RDM_Results_2025Q2', schema: 'Rdm' },
    { name: 'EDM_Florida_Wind', schema: 'Edm' },
    { name: 'EDM_Japan_EQ', schema: 'Edm' },
    { name: 'RDM_Cat_Bonds', schema: 'Rdm' },
    { name: 'Finance_Ledger', schema: 'Unknown', groups: [TENANT_GROUPS.finance] },
    { name: 'Exposure_Master', schema: 'Edm' },
    { name: 'Claims_History', schema: 'Unknown', groups: [TENANT_GROUPS.underwriting] },
    { name: 'Analytics_Sandbox', schema: 'Unknown', groups: [TENANT_GROUPS.analysts] },
    { name: 'Reinsurance_Treaties', schema: 'Rdm' },
  ],
  'sql-eu-dev-01': [
    { name: 'Dev_EDM_Sample', schema: 'Edm', size: 512 },
    { name: 'Dev_RDM_Sample', schema: 'Rdm', size: 640 },
    { name: 'ETL_Staging', schema: 'Unknown' },
    { name: 'Modeler_Test_01', schema: 'Edm' },
    { name: 'Modeler_Test_02', schema: 'Edm' },
    { name: 'QA_Regression', schema: 'Rdm', status: 'Inactive' },
    { name: 'Feature_Branch_4411', schema: 'Edm' },
    { name: 'Perf_Baseline', schema: 'Rdm' },
    { name: 'Schema_Upgrade_Trial', schema: 'Edm' },
    { name: 'Sandbox_Jane', schema: 'Unknown', groups: [TENANT_GROUPS.analysts] },
  ],
  'sql-eu-test-01': [
    { name: 'UAT_EDM_2025', schema: 'Edm' },
    { name: 'UAT_RDM_2025', schema: 'Rdm' },
    { name: 'Smoke_Test_DB', schema: 'Unknown', size: 64 },
    { name: 'Load_Test_Big', schema: 'Edm', size: 81_920 },
    { name: 'Migration_Check', schema: 'Rdm' },
    { name: 'Partner_Feed', schema: 'Unknown', groups: [TENANT_GROUPS.finance] },
    { name: 'Archive_Candidate', schema: 'Edm' },
    { name: 'Old_Release_24', schema: 'Rdm', status: 'Inactive' },
  ],
};

const OWNERS = ['admin', 'contributor', 'etl_loader', 'apikey-admin'] as const;

/** Adds the demo databases, deterministic from `random`. */
export function seedDemoDatabases(ctx: EmulatorContext, random: Random, now: number): void {
  for (const [instance, databases] of Object.entries(DEMO_DATABASES)) {
    for (const demo of databases) {
      const modelled = demo.schema !== 'Unknown';
      ctx.state.databases.add(
        instance,
        newDatabase({
          name: demo.name,
          status: demo.status ?? 'Ready',
          owner: OWNERS[intBetween(random, 0, OWNERS.length - 1)] ?? 'admin',
          createdAt: now - intBetween(random, 2, 700) * DAY - intBetween(random, 0, DAY),
          sizeInMb: demo.size ?? intBetween(random, 200, 60_000),
          pinned: random() < 0.2,
          databaseSchema: demo.schema,
          databaseVersion: modelled
            ? `${intBetween(random, 22, 25)}.${intBetween(random, 0, 3)}`
            : null,
          lastIndexUpdate: modelled ? now - intBetween(random, 1, 90) * DAY : null,
          registered: random() < 0.85,
          exposureSetId: demo.schema === 'Edm' ? seededUuid(random) : null,
          groups: [...(demo.groups ?? [])],
        }),
      );
    }
  }
}
