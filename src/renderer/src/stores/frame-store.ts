import { defineStore } from 'pinia';
import { ref, watch } from 'vue';

/**
 * The activity panel's height in px: at least this, at most most of the window. By default
 * its head and five lines: the view above keeps most of a 800 px window.
 */
export const ACTIVITY_HEIGHT = { min: 120, default: 200, maxShare: 0.7 } as const;
const HEIGHT_KEY = 'frame:activityHeight';
const COLLAPSED_KEY = 'frame:activityCollapsed';

/** A height kept within the panel's bounds for a window `windowHeight` px tall. */
export function clampActivityHeight(height: number, windowHeight: number): number {
  const max = Math.max(ACTIVITY_HEIGHT.min, Math.round(windowHeight * ACTIVITY_HEIGHT.maxShare));
  return Math.min(max, Math.max(ACTIVITY_HEIGHT.min, Math.round(height)));
}

function savedHeight(): number {
  const saved = Number(localStorage.getItem(HEIGHT_KEY));
  return Number.isFinite(saved) && saved > 0 ? saved : ACTIVITY_HEIGHT.default;
}

/** Best effort: a choice that is not remembered is no reason to fail. */
function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the choice holds until the window reloads.
  }
}

/**
 * State of the window's frame that views may change: whether the activity panel is open,
 * whether it is collapsed to its head, and its height (the user drags its edge; both kept for
 * the next start).
 * A view that starts a job calls `showActivity()` so the user sees the job appear.
 */
export const useFrameStore = defineStore('frame', () => {
  const isActivityOpen = ref(false);
  const activityHeight = ref(savedHeight());
  const isActivityCollapsed = ref(localStorage.getItem(COLLAPSED_KEY) === 'true');
  watch(activityHeight, (height) => remember(HEIGHT_KEY, String(height)));
  watch(isActivityCollapsed, (collapsed) => remember(COLLAPSED_KEY, String(collapsed)));

  function toggleActivity(): void {
    isActivityOpen.value = !isActivityOpen.value;
  }

  /** Shows the panel; a panel collapsed to its head opens whole, for the user to see why. */
  function showActivity(): void {
    isActivityOpen.value = true;
    isActivityCollapsed.value = false;
  }

  function toggleActivityCollapsed(): void {
    isActivityCollapsed.value = !isActivityCollapsed.value;
  }

  return {
    isActivityOpen,
    isActivityCollapsed,
    activityHeight,
    toggleActivity,
    showActivity,
    toggleActivityCollapsed,
  };
});
