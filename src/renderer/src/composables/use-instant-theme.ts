import { watch, type Ref } from 'vue';

/** The root's class while the theme changes; global.css turns every transition off under it. */
const THEME_SWITCHING_CLASS = 'theme-switching';

/**
 * Switches the theme at once instead of animating every colour of the page for 0.3 s: naive-ui
 * gives its components colour transitions, and a theme change set off hundreds of them at a
 * time (as next-themes' `disableTransitionOnChange` avoids on the web). The class goes on the
 * root before the new colours are rendered and comes off once a frame has been drawn with
 * them, so no transition ever starts and the components' own ones (hover, focus) still play.
 * In a hidden window no frame is drawn: the class then stays until the window shows.
 */
export function useInstantTheme(isDark: Readonly<Ref<boolean>>): void {
  watch(
    isDark,
    () => {
      const root = document.documentElement;
      root.classList.add(THEME_SWITCHING_CLASS);
      // The first frame draws the new colours with transitions off; after the second the
      // class can go without any value changing under it.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => root.classList.remove(THEME_SWITCHING_CLASS)),
      );
    },
    { flush: 'pre' },
  );
}
