import type { GlobalThemeOverrides } from 'naive-ui';

const FONT =
  'Inter, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const MONO = 'ui-monospace, "SF Mono", "Cascadia Code", Menlo, Consolas, monospace';

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
      ...(isDark ? { bodyColor: '#15161a', cardColor: '#1c1d22', modalColor: '#1f2026' } : {}),
    },
    DataTable: { thFontWeight: '600', tdPaddingSmall: '7px 10px', thPaddingSmall: '8px 10px' },
    Tree: { nodeHeight: '28px' },
  };
}

/** The app's own CSS variables (chrome, borders...), set on the root element. */
export function frameCssVars(
  isDark: boolean,
  vars: Record<string, string>,
): Record<string, string> {
  return {
    '--db-chrome': isDark ? '#1a1b20' : '#f6f7f9',
    '--db-surface': vars['modalColor'] ?? (isDark ? '#1f2026' : '#ffffff'),
    '--db-border': vars['dividerColor'] ?? (isDark ? '#2c2d33' : '#e4e6ea'),
    '--db-hover': vars['hoverColor'] ?? 'rgba(127,127,127,0.12)',
    '--db-primary': vars['primaryColor'] ?? '#2563eb',
    '--db-warning': vars['warningColor'] ?? '#f0a020',
    '--db-danger': vars['errorColor'] ?? '#d03050',
    '--db-success': vars['successColor'] ?? '#18a058',
    '--db-muted': vars['textColor3'] ?? '#888',
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
