import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_DATABASE_TYPES,
  DATABASE_SCHEMAS,
  JOB_TYPES,
  STORAGE_TYPES,
  StorageTypeId,
} from '../../../../src/shared/contract/enums';
import {
  JOB_TYPE_LABELS,
  archiveDatabaseTypeLabel,
  databaseSchemaLabel,
  jobTypeLabel,
  sourceTypeLabel,
  storageTypeIdLabel,
} from '../../../../src/shared/format/enum-labels';

describe('the names of the service codes', () => {
  it('names the storage type ids as the contract defines them (0 temporary, 1 permanent)', () => {
    expect(storageTypeIdLabel(StorageTypeId.Temporary)).toBe('Temporary');
    expect(storageTypeIdLabel(0)).toBe('Temporary');
    expect(storageTypeIdLabel(1)).toBe('Permanent');
    // Every storage type of the contract has an id with its name.
    expect(STORAGE_TYPES.map((type) => storageTypeIdLabel(StorageTypeId[type]))).toEqual([
      ...STORAGE_TYPES,
    ]);
    expect(storageTypeIdLabel(7)).toBe('7');
    expect(storageTypeIdLabel(undefined)).toBe('');
  });

  it('writes both spellings of the database type in the same words', () => {
    expect(DATABASE_SCHEMAS.map(databaseSchemaLabel)).toEqual(['EDM', 'RDM', 'Unknown']);
    expect(ARCHIVE_DATABASE_TYPES.map(archiveDatabaseTypeLabel)).toEqual(['EDM', 'RDM', 'Unknown']);
    // The enums are open: a value this app does not know is shown as it came.
    expect(databaseSchemaLabel('Gdm')).toBe('Gdm');
    expect(archiveDatabaseTypeLabel(null)).toBe('');
  });

  it('names every job type in words, and a new one from its code', () => {
    expect(jobTypeLabel('EXPORT_DATABASE')).toBe('Export database');
    expect(jobTypeLabel('RESTORE_ARCHIVE')).toBe('Restore archive');
    for (const type of JOB_TYPES) {
      expect(JOB_TYPE_LABELS[type]).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
    }
    expect(jobTypeLabel('PURGE_OLD_LOGS')).toBe('Purge old logs');
    expect(jobTypeLabel(undefined)).toBe('Job');
  });

  it('names the source of an archive', () => {
    expect([0, 1, 2].map(sourceTypeLabel)).toEqual(['Deleted database', 'Snapshot', 'Archive']);
    expect(sourceTypeLabel(9)).toBe('9');
    expect(sourceTypeLabel(null)).toBe('');
  });
});
