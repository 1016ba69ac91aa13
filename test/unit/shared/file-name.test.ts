import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../../src/shared/file-name';

describe('fileNameOf', () => {
  it('answers the last segment of a path, whichever separator it uses', () => {
    expect(fileNameOf('/data/backups/Sales.bak')).toBe('Sales.bak');
    expect(fileNameOf('C:\\Users\\ana\\Sales 2025.bak')).toBe('Sales 2025.bak');
    expect(fileNameOf('C:\\data/mixed\\Sales.mdf')).toBe('Sales.mdf');
    expect(fileNameOf('//server/share\\db.dacpac')).toBe('db.dacpac');
  });

  it('answers a bare name as it is, and nothing after a trailing separator', () => {
    expect(fileNameOf('Sales.bak')).toBe('Sales.bak');
    expect(fileNameOf('')).toBe('');
    expect(fileNameOf('/data/')).toBe('');
    expect(fileNameOf('C:\\data\\')).toBe('');
  });
});
