import { describe, expect, it } from 'vitest';
import {
  fileExtensionOf,
  importNameProblem,
  nameExists,
  proposeDatabaseName,
} from '@renderer/model/forms/import-proposal';
import { exportChoices, exportProblem } from '@renderer/components/transfers/export-rules';
import {
  transferDetails,
  transferStage,
  transferStateLabel,
} from '@renderer/model/display/transfer-format';
import type { TransferRecord } from '@shared/model/transfer';

describe('the import proposal', () => {
  it('takes the database name from the file name, fitted to the import pattern', () => {
    expect(proposeDatabaseName('/home/ann/Sales.bak')).toBe('Sales');
    expect(proposeDatabaseName('C:\\dumps\\Sales 2025 (copy).bak')).toBe('Sales_2025_copy');
    expect(proposeDatabaseName('/x/Café-Crème.mdf')).toBe('Cafe-Creme');
    expect(proposeDatabaseName('/x/.bak')).toBe('Imported_database');
    for (const path of ['/a/Sales 2025 (copy).bak', '/a/€€€.dacpac', '/a/x.y.z.mdf']) {
      expect(importNameProblem(proposeDatabaseName(path))).toBeUndefined();
    }
  });

  it('takes the type from the extension and checks names with the contract', () => {
    expect(fileExtensionOf('/x/SALES.BAK')).toBe('bak');
    expect(fileExtensionOf('/x/model.dacpac')).toBe('dacpac');
    expect(fileExtensionOf('/x/notes.txt')).toBeUndefined();
    expect(importNameProblem('has space')).toMatch(/letters, digits, _ and -/);
    expect(nameExists('sales', ['Sales', 'HR'])).toBe(true);
    expect(nameExists('Sales2', ['Sales'])).toBe(false);
  });
});

describe('the export rules', () => {
  it('requires detachOnly (and so MDF) over 100 GiB, and allows detachOnly only with MDF', () => {
    expect(exportChoices(153_600)).toEqual({ detachRequired: true, allowedTypes: [0] });
    expect(exportChoices(2_048)).toEqual({ detachRequired: false, allowedTypes: [0, 1, 2] });
    expect(exportProblem(1, true, 10)).toMatch(/only with MDF/);
    expect(exportProblem(0, false, 153_600)).toMatch(/over 100 GiB/);
    expect(exportProblem(0, true, 153_600)).toBeUndefined();
    expect(exportProblem(2, false, undefined)).toBeUndefined();
  });
});

describe('transfer formatting', () => {
  const base: TransferRecord = {
    id: 't',
    kind: 'import',
    profileId: 'p',
    instanceName: 'i',
    databaseName: 'Sales',
    fileType: 'bak',
    state: 'uploading',
    bytesDone: 0,
    totalBytes: 100,
    createdAt: '2026-07-01T00:00:00.000Z',
    updatedAt: '2026-07-01T00:00:00.000Z',
  };

  it('writes sizes in binary units, the speed per second and the ETA as a duration', () => {
    const MiB = 1024 * 1024;
    const moving = {
      ...base,
      bytesDone: 5 * MiB,
      totalBytes: 64 * MiB,
      throughputBps: 1.5 * MiB,
      etaSeconds: 42,
    };
    expect(transferDetails(moving, true)).toBe('5.00 MiB of 64.0 MiB · 1.50 MiB/s · ETA 42 s');
    expect(transferDetails({ ...moving, etaSeconds: 3723 }, true)).toContain('ETA 1 h 02 min');
    expect(transferDetails({ ...base, bytesDone: 812, totalBytes: 1023 }, false)).toBe(
      '812 B of 1023 B',
    );
    expect(transferDetails({ ...moving, readsClone: true }, true)).toBe(
      '5.00 MiB of 64.0 MiB · 1.50 MiB/s · ETA 42 s · reading a snapshot (clone) of the file',
    );
    expect(transferDetails({ ...moving, readsClone: true }, false)).not.toContain('clone');
  });

  it('follows an import from upload to online, and keeps a paused one at its stage', () => {
    expect(transferStage(base)).toBe(0);
    expect(transferStage({ ...base, state: 'completing' })).toBe(1);
    expect(transferStage({ ...base, state: 'importing', jobId: 'j' })).toBe(2);
    expect(transferStage({ ...base, state: 'done' })).toBe(3);
    expect(transferStage({ ...base, state: 'paused', bytesDone: 40 })).toBe(0);
    expect(transferStage({ ...base, state: 'failed', jobId: 'j', bytesDone: 100 })).toBe(2);
    expect(transferStateLabel({ ...base, state: 'done' })).toBe('Database online');
    expect(transferStateLabel({ ...base, state: 'paused', pausedReason: 'auth-expired' })).toMatch(
      /sign in again/,
    );
  });
});
