import type { GlobalThemeOverrides } from 'naive-ui';

const FONT =
  'Inter, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const MONO = 'ui-monospace, "SF Mono", "Cascadia Code", Menlo, Consolas, monospace';

/**
 * Text in a status colour, shaded to read at 4.5:1 (WCAG 2.1 AA) on white, the chrome and the
 * colour's own 12% tint (light), or on the dark surfaces and their tints (dark). naive-ui's
 * defaults (#18a058 on its tint is 2.96:1, #f0a020 1.92:1) are kept for fills and borders.
 */
const STATUS_TEXT = {
  light: {
    success: '#0f6e3a',
    warning: '#8a5100',
    error: '#b4233f',
    info: '#1a5fb4',
    muted: '#5c6166',
    link: '#2563eb',
  },
  dark: {
    success: '#63e2b7',
    warning: '#f2c97d',
    error: '#f4a4a4',
    info: '#8cc4ff',
    muted: '#a3a5ab',
    link: '#8fb3f5',
  },
} as const;

/**
 * A destructive item's text in a menu (Drop…, Delete…): red that reads at 4.5:1 on the menu
 * and on its hovered or keyboard-current item. In dark, naive-ui's menu is #48484e and its
 * error red (#e88080) reads 3.38:1 there, and the status red 3.6:1 on a hovered item.
 */
export function dangerMenuText(isDark: boolean): string {
  return isDark ? '#ffc4c4' : STATUS_TEXT.light.error;
}

/** The status text colours of a theme (see STATUS_TEXT). */
function statusText(isDark: boolean): (typeof STATUS_TEXT)['light' | 'dark'] {
  return isDark ? STATUS_TEXT.dark : STATUS_TEXT.light;
}

/** Per-component overrides that make text meet AA contrast (tags, texts, progress labels). */
function readableTextOverrides(isDark: boolean): GlobalThemeOverrides {
  const text = statusText(isDark);
  const typed = {
    textColorSuccess: text.success,
    textColorWarning: text.warning,
    textColorError: text.error,
    textColorInfo: text.info,
  };
  return {
    Tag: typed,
    Typography: typed,
    Notification: isDark ? { descriptionTextColor: '#c9c9cc' } : {},
    Empty: { textColor: text.muted },
    // White percentages inside the bar: the fills are shaded where white would not read.
    Progress: isDark
      ? {}
      : { fillColorSuccess: '#117a42', fillColorWarning: '#9a5b00', fillColorError: '#b4233f' },
  };
}

/** naive-ui overrides: a calm blue accent, system fonts, slightly tighter tables. */
export function themeOverrides(isDark: boolean): GlobalThemeOverrides {
  const primary = isDark
    ? { primaryColor: '#5b8def', primaryColorHover: '#7aa3f3', primaryColorPressed: '#3f74dc' }
    : { primaryColor: '#2563eb', primaryColorHover: '#3b7bf0', primaryColorPressed: '#1d4ed8' };
  return {
    common: {
      ...primary,
      primaryColorSuppl: primary.primaryColorHover,
      fontFamily: FONT,
      fontFamilyMono: MONO,
      borderRadius: '6px',
      textColor3: statusText(isDark).muted,
      ...(isDark ? { bodyColor: '#15161a', cardColor: '#1c1d22', modalColor: '#1f2026' } : {}),
    },
    DataTable: { thFontWeight: '600', tdPaddingSmall: '7px 10px', thPaddingSmall: '8px 10px' },
    Tree: { nodeHeight: '28px' },
    ...readableTextOverrides(isDark),
  };
}

/** The app's own CSS variables (chrome, borders...), set on the root element. */
function frameCssVars(isDark: boolean, vars: Record<string, string>): Record<string, string> {
  return {
    '--db-chrome': isDark ? '#1a1b20' : '#f6f7f9',
    '--db-surface': vars['modalColor'] ?? (isDark ? '#1f2026' : '#ffffff'),
    // The view's own background, for what must lie flat on it (a bar over a toolbar).
    '--db-body': vars['bodyColor'] ?? (isDark ? '#15161a' : '#ffffff'),
    '--db-border': vars['dividerColor'] ?? (isDark ? '#2c2d33' : '#e4e6ea'),
    '--db-hover': vars['hoverColor'] ?? 'rgba(127,127,127,0.12)',
    '--db-primary': vars['primaryColor'] ?? '#2563eb',
    '--db-warning': vars['warningColor'] ?? '#f0a020',
    '--db-danger': vars['errorColor'] ?? '#d03050',
    '--db-success': vars['successColor'] ?? '#18a058',
    '--db-muted': statusText(isDark).muted,
    '--db-link': statusText(isDark).link,
    '--db-success-text': statusText(isDark).success,
    '--db-warning-text': statusText(isDark).warning,
    '--db-danger-text': statusText(isDark).error,
    '--db-danger-menu': dangerMenuText(isDark),
  };
}

/** Sets the app's CSS variables and colour scheme on the document's root element. */
export function applyRootTheme(isDark: boolean, vars: Record<string, string>): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(frameCssVars(isDark, vars))) {
    root.style.setProperty(name, value);
  }
  root.style.colorScheme = isDark ? 'dark' : 'light';
  root.dataset['theme'] = isDark ? 'dark' : 'light';
}
