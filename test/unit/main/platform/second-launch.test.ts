import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { secondLaunchPlan } from '../../../../src/main/platform/second-launch';

describe('secondLaunchPlan', () => {
  const here = resolve('/home/admin/backups');

  it('always shows the window, even with nothing to open', () => {
    expect(secondLaunchPlan({ argv: ['/opt/app/databridge'], workingDirectory: here })).toEqual({
      showWindow: true,
      files: [],
    });
  });

  it("takes the database files named, relative ones from the second instance's folder", () => {
    const absolute = resolve('/data/claims.bak');
    const plan = secondLaunchPlan({
      argv: ['/opt/app/databridge', 'nightly.BAK', absolute, 'sub/model.dacpac'],
      workingDirectory: here,
    });
    expect(plan.files).toEqual([
      join(here, 'nightly.BAK'),
      absolute,
      join(here, 'sub', 'model.dacpac'),
    ]);
  });

  it('leaves flags and other files alone', () => {
    const plan = secondLaunchPlan({
      argv: ['/opt/app/databridge', '--no-sandbox', '--user-data-dir=/tmp/x.bak', 'notes.txt', '.'],
      workingDirectory: here,
    });
    expect(plan.files).toEqual([]);
  });
});
