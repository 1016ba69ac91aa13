import { describe, expect, it } from 'vitest';
import { PendingOpens } from '../../../../src/main/platform/pending-opens';

/*
 * Files opened from Finder and notification or tray clicks while no window is open, or while
 * the page loads: the window is created or shown, and the request waits for the page.
 */

describe('the pending opens of the window', () => {
  it('creates a window when there is none and holds the request until its page is ready', () => {
    const opens = new PendingOpens<string>();
    expect(opens.open('a.bak', false)).toEqual({ window: 'create', deliver: [] });
    expect(opens.open('job 7', true)).toEqual({ window: 'show', deliver: [] });
    expect(opens.pageReady()).toEqual(['a.bak', 'job 7']);
    expect(opens.pageReady()).toEqual([]);
  });

  it('hands a request straight to a ready page, and shows its window', () => {
    const opens = new PendingOpens<string>();
    opens.pageReady();
    expect(opens.isPageReady).toBe(true);
    expect(opens.open('b.mdf', true)).toEqual({ window: 'show', deliver: ['b.mdf'] });
  });

  it('holds again while the page reloads or navigates', () => {
    const opens = new PendingOpens<string>();
    opens.pageReady();
    opens.pageGone();
    expect(opens.open('c.bak', true)).toEqual({ window: 'show', deliver: [] });
    expect(opens.pageReady()).toEqual(['c.bak']);
  });

  it('treats a closed window as a page that is gone (macOS keeps the app without one)', () => {
    const opens = new PendingOpens<string>();
    opens.pageReady();
    // No window any more: the ready state was the closed window's page.
    expect(opens.open('transfer 3', false)).toEqual({ window: 'create', deliver: [] });
    expect(opens.isPageReady).toBe(false);
    expect(opens.open('d.dacpac', true)).toEqual({ window: 'show', deliver: [] });
    expect(opens.pageReady()).toEqual(['transfer 3', 'd.dacpac']);
  });

  it('keeps the newest requests when too many wait', () => {
    const opens = new PendingOpens<number>({ maxHeld: 2 });
    for (const request of [1, 2, 3]) opens.open(request, false);
    expect(opens.pageReady()).toEqual([2, 3]);
  });
});
