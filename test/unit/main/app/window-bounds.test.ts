import { describe, expect, it } from 'vitest';
import { fitToDisplays, parseWindowState } from '../../../../src/main/app/window-bounds';

const laptop = { x: 0, y: 0, width: 1440, height: 860 };
const leftMonitor = { x: -2560, y: -200, width: 2560, height: 1400 };

describe('fitToDisplays on another display layout', () => {
  it('keeps a window on a display left of the primary one (negative coordinates)', () => {
    const state = parseWindowState({ x: -2400, y: -100, width: 1600, height: 1000 });
    expect(fitToDisplays(state, [laptop, leftMonitor])).toEqual(state);
  });

  it('reopens a window from a monitor that was unplugged centred, at most the laptop size', () => {
    const state = parseWindowState({ x: -2400, y: -100, width: 2200, height: 1300 });
    expect(fitToDisplays(state, [laptop])).toEqual({
      width: 1440,
      height: 860,
      isMaximized: false,
    });
  });

  it('keeps a window that straddles two displays while its title bar shows on one', () => {
    const state = parseWindowState({ x: -300, y: 20, width: 1200, height: 700 });
    expect(fitToDisplays(state, [laptop, leftMonitor])).toEqual(state);
    expect(fitToDisplays(state, [laptop])).toEqual(state);
  });

  it('drops a position whose title bar is above every display, so it can be grabbed again', () => {
    const state = parseWindowState({ x: 100, y: -400, width: 1200, height: 700 });
    expect(fitToDisplays(state, [laptop])).toEqual({
      width: 1200,
      height: 700,
      isMaximized: false,
    });
  });

  it('keeps a maximised window maximised wherever it reopens', () => {
    const state = parseWindowState({
      x: -2400,
      y: 0,
      width: 2560,
      height: 1400,
      isMaximized: true,
    });
    expect(fitToDisplays(state, [laptop]).isMaximized).toBe(true);
  });

  it('changes nothing when Electron reports no display at all', () => {
    const state = parseWindowState({ x: 10, y: 10, width: 1000, height: 700 });
    expect(fitToDisplays(state, [])).toEqual(state);
  });
});
