import { defineStore } from 'pinia';
import { ref } from 'vue';

/**
 * State of the window's frame that views may change: whether the activity panel is open.
 * A view that starts a job calls `showActivity()` so the user sees the job appear.
 */
export const useFrameStore = defineStore('frame', () => {
  const isActivityOpen = ref(false);

  function toggleActivity(): void {
    isActivityOpen.value = !isActivityOpen.value;
  }

  function showActivity(): void {
    isActivityOpen.value = true;
  }

  return { isActivityOpen, toggleActivity, showActivity };
});
