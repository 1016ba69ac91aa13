import { describe, expect, it } from 'vitest';
import { densityCssVars } from '@renderer/composables/use-density';
import { draftOf, fieldProblem, parsePatch, patchOf } from '@renderer/model/forms/settings-draft';
import { defaultSettings, SettingsPatchSchema } from '@shared/model/settings';

describe('the density setting', () => {
  it('is compact by default, and only compact or comfortable', () => {
    expect(defaultSettings().density).toBe('compact');
    expect(SettingsPatchSchema.safeParse({ density: 'comfortable' }).success).toBe(true);
    expect(SettingsPatchSchema.safeParse({ density: 'cosy' }).success).toBe(false);
  });

  it('is edited in the settings form like the other choices', () => {
    const saved = defaultSettings();
    const draft = draftOf(saved);
    expect(draft.density).toBe('compact');
    draft.density = 'comfortable';
    expect(patchOf(saved, draft)).toEqual({ density: 'comfortable' });
    expect(fieldProblem('density', draft)).toBeUndefined();
    expect(parsePatch({ density: 'roomy' })).toHaveProperty('problem');
  });

  it('gives compact rows of at most 32 px, and comfortable ones naive-ui’s own cells', () => {
    const height = Number.parseInt(densityCssVars('compact')['--db-table-cell-height'] ?? '', 10);
    // The cell's height and its 1 px line.
    expect(height + 1).toBeLessThanOrEqual(32);
    expect(Object.values(densityCssVars('comfortable')).every((v) => v === undefined)).toBe(true);
  });
});
