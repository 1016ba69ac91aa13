import { h, type VNodeChild } from 'vue';

/** The width of the expand column (it is fixed on the left, after the checkboxes). */
export const EXPAND_WIDTH = 32;

/** Rows that open to show more under them, as naive-ui's expandable rows do. */
export interface RowExpand<T> {
  /** What shows under an open row. */
  readonly render: (row: T) => VNodeChild;
  /** Whether a row has anything to show (default: every row). */
  readonly expandable?: (row: T) => boolean;
  /** What opening a row shows, for its button's name: `calls` (`Show the calls of …`). */
  readonly what: string;
}

/**
 * The column of a resource table's expandable rows: naive-ui's `expand` column, whose trigger
 * is the button {@link expandIcon} draws. Its header names it for screen readers only.
 */
function expandColumn<T>(expand: RowExpand<T>) {
  return {
    type: 'expand' as const,
    key: '__expand',
    width: EXPAND_WIDTH,
    fixed: 'left' as const,
    className: 'resource-table__expand-cell',
    title: () => h('span', { class: 'resource-table__hidden-label' }, `Show ${expand.what}`),
    renderExpand: (row: T) => expand.render(row),
    ...(expand.expandable ? { expandable: expand.expandable } : {}),
  };
}

/**
 * The expand trigger's content (naive-ui's `render-expand-icon`): a real button, so that Tab
 * reaches it, Enter and Space open and close the row, and a screen reader says what it does
 * and whether the row is open. Its click reaches naive-ui's trigger around it, which toggles
 * the row; its keys stay its own (Enter on the row opens it as the view says).
 */
function expandIcon<T>(how: {
  readonly what: string;
  readonly titleOf: (row: T) => string;
}): (props: { expanded: boolean; rowData: object }) => VNodeChild {
  // naive-ui hands the row as its own RowData: it is one of the table's rows, a T.
  return ({ expanded, rowData }) =>
    h(
      'button',
      {
        type: 'button',
        class: 'resource-table__expand',
        'aria-expanded': expanded ? 'true' : 'false',
        'aria-label': `${expanded ? 'Hide' : 'Show'} ${how.what} of ${how.titleOf(rowData as T)}`,
        'data-testid': 'row-expand',
        onKeydown: (event: KeyboardEvent) => event.stopPropagation(),
      },
      [
        h(
          'svg',
          { viewBox: '0 0 16 16', width: 14, height: 14, 'aria-hidden': 'true' },
          h('path', {
            d: 'M6 3.5 10.5 8 6 12.5',
            fill: 'none',
            stroke: 'currentColor',
            'stroke-width': 1.6,
          }),
        ),
      ],
    );
}

/** The expand column of a resource table and its trigger (naive-ui's `render-expand-icon`). */
export function rowOpener<T>(expand: RowExpand<T>, titleOf: (row: T) => string) {
  return {
    columns: [expandColumn(expand)],
    icon: expandIcon<T>({ what: expand.what, titleOf }),
  };
}
