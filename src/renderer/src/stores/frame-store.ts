import { defineStore } from 'pinia';
import { ref, watch } from 'vue';

/** The activity panel's height in px: at least this, at most most of the window. */
export const ACTIVITY_HEIGHT = { min: 120, default: 260, maxShare: 0.7 } as const;
const HEIGHT_KEY = 'frame:activityHeight';

/** A height kept within the panel's bounds for a window `windowHeight` px tall. */
export function clampActivityHeight(height: number, windowHeight: number): number {
  const max = Math.max(ACTIVITY_HEIGHT.min, Math.round(windowHeight * ACTIVITY_HEIGHT.maxShare));
  return Math.min(max, Math.max(ACTIVITY_HEIGHT.min, Math.round(height)));
}

function savedHeight(): number {
  const saved = Number(localStorage.getItem(HEIGHT_KEY));
  return Number.isFinite(saved) && saved > 0 ? saved : ACTIVITY_HEIGHT.default;
}

/**
 * State of the window's frame that views may change: whether the activity panel is open, and
 * its height (the user drags its edge; kept for the next start).
 * A view that starts a job calls `showActivity()` so the user sees the job appear.
 */
export const useFrameStore = defineStore('frame', () => {
  const isActivityOpen = ref(false);
  const activityHeight = ref(savedHeight());
  watch(activityHeight, (height) => localStorage.setItem(HEIGHT_KEY, String(height)));

  function toggleActivity(): void {
    isActivityOpen.value = !isActivityOpen.value;
  }

  function showActivity(): void {
    isActivityOpen.value = true;
  }

  return { isActivityOpen, activityHeight, toggleActivity, showActivity };
});
