import { describe, expect, it, vi } from 'vitest';
import { useRowContextMenu } from '@renderer/composables/use-row-context-menu';

interface Row {
  readonly name: string;
}

const a: Row = { name: 'a' };
const b: Row = { name: 'b' };

/** A "⋯" button whose box ends at (right, bottom). */
const button = (right: number, bottom: number): Element =>
  ({ getBoundingClientRect: () => ({ right, bottom, left: right - 30 }) }) as unknown as Element;

/** A click (or a button's release) on `target`: on a row's "⋯" button or elsewhere. */
const click = (isOnMenuButton: boolean, button = 0): MouseEvent =>
  ({
    type: 'mouseup',
    button,
    target: {
      closest: (selector: string) => (isOnMenuButton && selector.includes('row-menu') ? {} : null),
    },
  }) as unknown as MouseEvent;

function tableMenu() {
  const run = vi.fn<(row: Row) => void>();
  const menu = useRowContextMenu<Row>({
    actions: (row) => [
      {
        key: 'drop',
        label: `Drop ${row.name}`,
        run: () => {
          run(row);
        },
      },
    ],
    titleOf: (row) => row.name,
    copy: vi.fn(),
    showRaw: vi.fn(),
  });
  return { menu, run };
}

describe('the row menu of a table (one dropdown for every row)', () => {
  it('opens under a row\'s "⋯" button, right-aligned, with that row\'s actions', () => {
    const { menu, run } = tableMenu();
    menu.toggleAtButton(button(300, 40), a);
    expect(menu.isShown.value).toBe(true);
    expect([menu.x.value, menu.y.value, menu.placement.value]).toEqual([300, 40, 'bottom-end']);
    expect(menu.options.value[0]?.label).toBe('Drop a');
    menu.select('drop');
    expect(run).toHaveBeenCalledWith(a);
    expect(menu.isShown.value).toBe(false);
  });

  it('a second click on the same "⋯" closes it; another row\'s "⋯" moves it to that row', () => {
    const { menu } = tableMenu();
    menu.toggleAtButton(button(300, 40), a);
    // naive-ui reports the press on a "⋯" as a click outside first: the button's click decides.
    menu.close(click(true));
    expect(menu.isShown.value).toBe(true);
    menu.toggleAtButton(button(300, 80), b);
    expect([menu.isShown.value, menu.y.value, menu.options.value[0]?.label]).toEqual([
      true,
      80,
      'Drop b',
    ]);
    menu.close(click(true));
    menu.toggleAtButton(button(300, 80), b);
    expect(menu.isShown.value).toBe(false);
  });

  it('closes on a click elsewhere, and keeps the right-click menu through its own release', () => {
    const { menu } = tableMenu();
    menu.toggleAtButton(button(300, 40), a);
    menu.close(click(false));
    expect(menu.isShown.value).toBe(false);
    const press = { preventDefault: vi.fn(), clientX: 10, clientY: 20 } as unknown as MouseEvent;
    menu.openAtPointer(press, b);
    expect(menu.placement.value).toBe('bottom-start');
    menu.close(click(false, 2));
    expect(menu.isShown.value).toBe(true);
    menu.close(click(false));
    expect(menu.isShown.value).toBe(false);
  });
});
