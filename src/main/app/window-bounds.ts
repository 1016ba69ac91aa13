import { z } from 'zod';

/** The main window's remembered size and position. */
const WindowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  isMaximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

/** A rectangle in screen coordinates (a display's work area). */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The size of a first start. */
const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 800, isMaximized: false };

/** Reads a saved state; anything invalid gives the default. */
export function parseWindowState(json: unknown): WindowState {
  const result = WindowStateSchema.safeParse(json);
  return result.success ? result.data : { ...DEFAULT_WINDOW_STATE };
}

/**
 * Makes a saved state fit the displays there are now: a window saved on a monitor that is
 * gone would open off-screen, so its position is dropped (the window is centred) unless at
 * least 100×50 pixels of its top part lie on some display; its size is capped by the
 * largest work area.
 */
export function fitToDisplays(state: WindowState, workAreas: readonly Rect[]): WindowState {
  if (workAreas.length === 0) return state;
  const maxWidth = Math.max(...workAreas.map((a) => a.width));
  const maxHeight = Math.max(...workAreas.map((a) => a.height));
  const fitted: WindowState = {
    ...state,
    width: Math.min(state.width, maxWidth),
    height: Math.min(state.height, maxHeight),
  };
  if (state.x === undefined || state.y === undefined) return withoutPosition(fitted);
  const top: Rect = { x: state.x, y: state.y, width: fitted.width, height: 50 };
  const visible = workAreas.some((area) => overlap(top, area) >= 100 * 50);
  return visible ? fitted : withoutPosition(fitted);
}

function withoutPosition(state: WindowState): WindowState {
  const { x: _x, y: _y, ...rest } = state;
  return rest;
}

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}
