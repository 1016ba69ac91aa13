import type { Database } from '@shared/contract/records/databases';
import type { Profile } from '@shared/model/profile';

/** A profile as main stores it. */
export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'p1',
    name: 'Prod EU',
    target: { kind: 'region', region: 'EU' },
    auth: { kind: 'apiKey' },
    color: '#2563eb',
    readOnly: false,
    isEmulator: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A database as the service answers it. */
export function database(name: string, overrides: Partial<Database> = {}): Database {
  return {
    name,
    status: 'Ready',
    error: null,
    sizeInMb: 1024,
    createdAt: '2025-06-01T10:00:00.000Z',
    pinned: false,
    pinExpiration: null,
    databaseSchema: 'Edm',
    databaseVersion: '24.1',
    lastIndexUpdate: null,
    registered: true,
    exposureSetId: null,
    owner: 'admin',
    secured: false,
    groups: [],
    ...overrides,
  };
}
