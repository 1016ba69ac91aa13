import { expect, it } from 'vitest';
import { screenColumns } from '../../../../../src/main/cli/output/output-width';

it('reads the width from COLUMNS first, then the terminal', () => {
  expect(screenColumns({ COLUMNS: '100' }, 160)).toBe(100);
  expect(screenColumns({}, 160)).toBe(160);
  expect(screenColumns({}, undefined)).toBeUndefined();
  for (const junk of ['', '0', '-3', '80.5', 'wide']) {
    expect(screenColumns({ COLUMNS: junk }, 72)).toBe(72);
  }
});
