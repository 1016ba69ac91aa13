import { computed, type ComputedRef } from 'vue';
import type { Settings } from '@shared/model/settings';
import { useSettingsStore } from '../stores/settings-store';

/** How dense tables are (Settings › Appearance). */
export type Density = Settings['density'];

/** What a density means for a table: naive-ui's size, the rows' height, the columns' width. */
export interface DensityLook {
  readonly density: Density;
  /** naive-ui's data table `size`. */
  readonly tableSize: 'small' | 'medium';
  /**
   * A row's height: naive-ui's virtual list is told it (`min-row-height`), so that it renders
   * as many rows as fit instead of guessing from its 48 px default.
   */
  readonly rowHeight: number;
  /**
   * A column's width at this density, from the width it defines (for compact rows): larger
   * text and 12 px on each side of it instead of 8 take more room.
   */
  readonly widen: (width: number) => number;
}

const LOOKS: Readonly<Record<Density, DensityLook>> = {
  compact: { density: 'compact', tableSize: 'small', rowHeight: 28, widen: (width) => width },
  comfortable: {
    density: 'comfortable',
    tableSize: 'medium',
    rowHeight: 47,
    widen: (width) => Math.round(width * 1.1 + 8),
  },
};

/**
 * The CSS variables of a density, set on the root element (ThemeVars.vue) with
 * `data-density`, so that tables anywhere, teleported drawers included, read them. Absent
 * (comfortable), a table keeps naive-ui's own look for its size.
 */
export function densityCssVars(density: Density): Record<string, string | undefined> {
  const isCompact = density === 'compact';
  return {
    '--db-table-cell-padding': isCompact ? '0 8px' : undefined,
    // Border included: a cell of 27 px and its 1 px line make the row's 28.
    '--db-table-cell-height': isCompact ? `${LOOKS.compact.rowHeight - 1}px` : undefined,
    '--db-table-font-size': isCompact ? '13px' : undefined,
  };
}

/** Sets the density's variables and `data-density` on the document's root element. */
export function applyRootDensity(density: Density): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(densityCssVars(density))) {
    if (value === undefined) root.style.removeProperty(name);
    else root.style.setProperty(name, value);
  }
  root.dataset['density'] = density;
}

/**
 * The density the user picked, and what it means for a table. The one place that reads the
 * setting: the root's CSS variables and every resource table follow it.
 */
export function useDensity(): ComputedRef<DensityLook> {
  const settings = useSettingsStore();
  return computed(() => LOOKS[settings.settings.density]);
}
