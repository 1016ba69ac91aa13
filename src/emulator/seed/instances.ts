import type { EmulatorContext } from '../context';
import { newDatabase } from '../state/databases';
import { systemSessions } from '../sessions/session-factory';

/** The three instances of the tenant, present in every seed. */
const INSTANCE_NAMES = ['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01'] as const;

const SHAPES = [
  {
    uid: '3f9a1c2e-5b7d-4e8f-9a0b-1c2d3e4f5a61',
    ip: '10.20.0.11',
    disk: 2_048_000,
    limit: 100,
    pinned: 10,
  },
  {
    uid: '4a0b2d3f-6c8e-4f90-8b1c-2d3e4f5a6b72',
    ip: '10.20.0.12',
    disk: 512_000,
    limit: 50,
    pinned: 5,
  },
  {
    uid: '5b1c3e4a-7d9f-4a01-9c2d-3e4f5a6b7c83',
    ip: '10.20.0.13',
    disk: 512_000,
    limit: 50,
    pinned: 5,
  },
] as const satisfies readonly InstanceShape[];

const SYSTEM_DATABASES = [
  { name: 'master', sizeInMb: 6 },
  { name: 'model', sizeInMb: 8 },
  { name: 'msdb', sizeInMb: 42 },
  { name: 'tempdb', sizeInMb: 1024 },
] as const;

/** The shape of a seeded instance: its uid, internal address and limits. */
export interface InstanceShape {
  readonly uid: string;
  readonly ip: string;
  readonly disk: number;
  readonly limit: number;
  readonly pinned: number;
}

/** Adds one online instance with its system databases (created 400 days before `startedAt`). */
export function addInstance(
  ctx: EmulatorContext,
  name: string,
  shape: InstanceShape,
  startedAt: number,
): void {
  ctx.state.instances.add({
    name,
    uid: shape.uid,
    endpoint: `${name}.eu.databridge.example:1433`,
    internalEndpoint: `${shape.ip}:1433`,
    status: 'Online',
    totalDiskSpaceInMb: shape.disk,
    databaseLimit: shape.limit,
    pinnedDatabaseLimit: shape.pinned,
    groups: new Set(),
    linked: new Map(),
  });
  for (const db of SYSTEM_DATABASES) {
    ctx.state.databases.add(
      name,
      newDatabase({
        ...db,
        status: 'Ready',
        owner: 'sa',
        createdAt: startedAt - 400 * 86_400_000,
        system: true,
      }),
    );
  }
}

/**
 * Adds the instances with their system databases (listed with `adminAccess=true`; tempdb can
 * be shrunk) and SQL Server's background sessions. The demo seed adds the rest on top.
 */
export function seedInstances(ctx: EmulatorContext, startedAt: number): void {
  INSTANCE_NAMES.forEach((name, index) => {
    addInstance(ctx, name, SHAPES[index] ?? SHAPES[0], startedAt);
  });
}

/** Background sessions only (the empty seed); the demo seed sets up live user sessions. */
export function seedSystemSessions(ctx: EmulatorContext, now: number): void {
  for (const name of INSTANCE_NAMES) {
    ctx.sessions.create(name, systemSessions(10, now, now - 12 * 86_400_000));
  }
}
