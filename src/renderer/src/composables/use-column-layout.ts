import {
  computed,
  nextTick,
  onBeforeUnmount,
  onMounted,
  ref,
  watch,
  type ComputedRef,
  type Ref,
} from 'vue';
import {
  columnWidth,
  defaultVisibleKeys,
  fitColumns,
  loadColumnLayout,
  moveKey,
  orderColumns,
  saveColumnLayout,
  type ColumnFit,
  type ColumnLayout,
} from '../model/tables/column-layout';
import { shareRoom } from '../model/tables/column-widths';
import type { ResourceColumn } from '../model/tables/resource-table';

/** A column as the column chooser lists it. */
interface ChooserEntry {
  readonly key: string;
  readonly title: string;
  /** Ticked: the table shows it. */
  readonly isShown: boolean;
  /** Wanted, but left out for lack of room (the window is too narrow for it). */
  readonly gaveWay: boolean;
}

/** What the column chooser shows and does. */
export type ColumnChooserControls = Pick<
  ColumnLayoutState<unknown>,
  'chooser' | 'toggle' | 'move' | 'reset'
>;

/** What {@link useColumnLayout} gives the resource table. */
export interface ColumnLayoutState<T> {
  /** The columns the user wants, in their order (search and copy use these). */
  readonly wanted: ComputedRef<ResourceColumn<T>[]>;
  /**
   * Those of them that fit, resizable, each at the width it has in the table's room (see
   * shareRoom: dragged widths as dragged, the spare room shared by the columns' `grow`).
   */
  readonly shown: ComputedRef<ResourceColumn<T>[]>;
  /** The width of the shown columns with the table's own (`chromeWidth`). */
  readonly scrollX: ComputedRef<number>;
  readonly chooser: ComputedRef<ChooserEntry[]>;
  /** Changes on reset: the table is made anew, forgetting the widths it was dragged to. */
  readonly generation: Ref<number>;
  toggle(key: string, isOn: boolean): void;
  move(key: string, delta: number): void;
  /** naive-ui's `unstable-column-resize` handler: keeps the width a header was dragged to. */
  resize(dragged: number, width: number, column: { readonly key: string | number }): void;
  reset(): void;
}

/** The narrowest a column can be dragged. */
const MIN_DRAG_WIDTH = 48;

/** The width of `box`, followed as it changes (undefined until it is mounted). */
function useBoxWidth(box: Ref<HTMLElement | undefined>): Ref<number | undefined> {
  const width = ref<number>();
  const observer = new ResizeObserver(([entry]) => {
    if (entry) width.value = Math.floor(entry.contentRect.width);
  });
  onMounted(() => {
    if (!box.value) return;
    width.value = box.value.clientWidth;
    observer.observe(box.value);
  });
  onBeforeUnmount(() => observer.disconnect());
  return width;
}

/**
 * Has naive-ui's table measure its sideways scrollbar again once the columns changed. It
 * measures when its box resizes, which comes before the columns that box leaves room for:
 * without this, a window made narrower keeps the bar of the wider columns (and a wider one
 * none). A scroll of its list is what it listens to (naive-ui exposes no other way in).
 */
function useScrollbarResync(box: Ref<HTMLElement | undefined>, width: () => number): void {
  watch(width, async () => {
    await nextTick();
    box.value
      ?.querySelector('.n-data-table-base-table-body .v-vl')
      ?.dispatchEvent(new Event('scroll'));
  });
}

/** The columns at the widths `widen` makes of those they define. */
function widened<T>(
  columns: readonly ResourceColumn<T>[],
  widen: (width: number) => number,
): ResourceColumn<T>[] {
  const of = (width: string | number | undefined): number | undefined =>
    typeof width === 'number' ? widen(width) : undefined;
  return columns.map((column) => {
    const width = of(column.width);
    const minWidth = of(column.minWidth);
    return {
      ...column,
      ...(width === undefined ? {} : { width }),
      ...(minWidth === undefined ? {} : { minWidth }),
    };
  });
}

/**
 * The columns that fit, in order, resizable, each with the width it has in `room` (see
 * shareRoom): naive-ui is given every width, its fixed table layout would share the room evenly.
 */
function sizedColumns<T>(options: {
  readonly wanted: readonly ResourceColumn<T>[];
  readonly keys: ReadonlySet<string>;
  readonly dragged: ColumnLayout['widths'];
  readonly room: number | undefined;
}): ResourceColumn<T>[] {
  const columns = options.wanted.filter((column) => options.keys.has(column.key));
  const widths = shareRoom({ columns, dragged: options.dragged, room: options.room });
  return columns.map((column): ResourceColumn<T> => ({
    ...column,
    resizable: true,
    // What naive-ui lets a header be dragged down to.
    minWidth: column.minWidth ?? MIN_DRAG_WIDTH,
    width: widths[column.key] ?? column.width,
  }));
}

/** Every column as the chooser lists it, in the table's order. */
function chooserEntries<T>(ordered: readonly ResourceColumn<T>[], fit: ColumnFit): ChooserEntry[] {
  const shown = new Set(fit.shown);
  const gaveWay = new Set(fit.gaveWay);
  return ordered.map((column) => ({
    key: column.key,
    title: column.title,
    isShown: shown.has(column.key),
    gaveWay: gaveWay.has(column.key),
  }));
}

/** What the user does to the layout: tick, move, drag, reset. */
function layoutActions(
  layout: Ref<ColumnLayout>,
  orderedKeys: () => string[],
  visibleKeys: () => string[],
  generation: Ref<number>,
): Pick<ColumnLayoutState<unknown>, 'toggle' | 'move' | 'resize' | 'reset'> {
  return {
    toggle(key, isOn) {
      const without = (keys: readonly string[]): string[] => keys.filter((k) => k !== key);
      const visible = without(visibleKeys());
      const kept = without(layout.value.kept ?? []);
      // A column the user ticks stays, however narrow the window: others give way first.
      layout.value = isOn
        ? { ...layout.value, visible: [...visible, key], kept: [...kept, key] }
        : { ...layout.value, visible, kept };
    },
    move(key, delta) {
      layout.value = { ...layout.value, order: moveKey(orderedKeys(), key, delta) };
    },
    // naive-ui's `unstable-column-resize`: `width` is the dragged one within the column's bounds.
    resize(_dragged, width, column) {
      const widths = { ...layout.value.widths, [String(column.key)]: Math.round(width) };
      layout.value = { ...layout.value, widths };
    },
    reset() {
      layout.value = {};
      generation.value += 1;
    },
  };
}

/**
 * The columns of a resource table as the user arranged them (shown, hidden, ordered, dragged
 * wider or narrower; kept per `tableId`) and as the table's width allows: when the wanted
 * columns are wider than the table, the least needed give way into the column chooser, in
 * their declared priority (see fitColumns); the room left over is shared among the stretching
 * columns by their `grow` (see shareRoom). `box` is the element whose width the table has.
 */
export function useColumnLayout<T>(options: {
  readonly columns: () => readonly ResourceColumn<T>[];
  readonly tableId: string | undefined;
  readonly chromeWidth: number;
  readonly box: Ref<HTMLElement | undefined>;
  /** The width a column takes from the one it defines (the density's, use-density.ts). */
  readonly widen: () => (width: number) => number;
}): ColumnLayoutState<T> {
  const { tableId, chromeWidth } = options;
  const layout = ref<ColumnLayout>(loadColumnLayout(tableId));
  watch(layout, (value) => saveColumnLayout(tableId, value), { deep: true });
  const generation = ref(0);
  const boxWidth = useBoxWidth(options.box);

  const ordered = computed(() =>
    orderColumns(widened(options.columns(), options.widen()), layout.value.order),
  );
  const visibleKeys = computed(() => layout.value.visible ?? defaultVisibleKeys(options.columns()));
  const wanted = computed(() =>
    ordered.value.filter((column) => visibleKeys.value.includes(column.key)),
  );
  const widthOf = (column: ResourceColumn<T>): number => columnWidth(column, layout.value.widths);
  // The room of the columns: the box less the table's own columns (checkbox, menu...).
  const room = computed(() =>
    boxWidth.value === undefined ? undefined : boxWidth.value - chromeWidth,
  );
  const fit = computed(() =>
    fitColumns({
      wanted: wanted.value,
      kept: new Set(layout.value.kept ?? []),
      // A little short of the box: a column that ends on its edge would still look cut.
      room: room.value === undefined ? undefined : room.value - 2,
      widthOf,
    }),
  );
  // A string, so that a resize that leaves the same columns does not fit them again.
  const shownKeys = computed(() => fit.value.shown.join('\n'));
  const shown = computed(() =>
    sizedColumns({
      wanted: wanted.value,
      keys: new Set(shownKeys.value.split('\n')),
      dragged: layout.value.widths,
      room: room.value,
    }),
  );
  const scrollX = computed(() =>
    shown.value.reduce((sum, column) => sum + widthOf(column), chromeWidth),
  );
  useScrollbarResync(options.box, () => scrollX.value);
  const chooser = computed(() => chooserEntries(ordered.value, fit.value));
  const actions = layoutActions(
    layout,
    () => ordered.value.map((column) => column.key),
    () => visibleKeys.value,
    generation,
  );
  return { wanted, shown, scrollX, chooser, generation, ...actions };
}
