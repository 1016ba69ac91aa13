import { describe, expect, it } from 'vitest';
import { contrastRatio, over, parseHex, readableOn } from '@renderer/model/display/contrast';
import { dangerMenuText } from '@renderer/model/display/theme';

const rgb = (hex: string) => {
  const parsed = parseHex(hex);
  if (!parsed) throw new Error(hex);
  return parsed;
};

describe('contrast', () => {
  it('computes WCAG ratios (black on white is 21, a colour on itself 1)', () => {
    expect(contrastRatio(rgb('#000'), rgb('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb('#8250df'), rgb('#8250df'))).toBe(1);
    // The figure axe gave for the region badge: #8250df on #e5def5 is 3.86.
    expect(contrastRatio(rgb('#8250df'), rgb('#e5def5'))).toBeCloseTo(3.86, 1);
  });

  it('composites a tint over its background', () => {
    expect(over(rgb('#ffffff'), 0.5, rgb('#000000'))).toEqual([127.5, 127.5, 127.5]);
  });

  it('darkens a colour on a light tint and lightens it on a dark one until it reads', () => {
    const light = readableOn('#8250df', '#e5def5');
    expect(contrastRatio(rgb(light), rgb('#e5def5'))).toBeGreaterThanOrEqual(4.5);
    const dark = readableOn('#8250df', '#2a233d');
    expect(contrastRatio(rgb(dark), rgb('#2a233d'))).toBeGreaterThanOrEqual(4.5);
    expect(rgb(dark)[0]).toBeGreaterThan(0x82);
    expect(rgb(light)[0]).toBeLessThan(0x82);
  });

  it('keeps a colour that already reads, and returns what it cannot parse', () => {
    expect(readableOn('#1d4ed8', '#ffffff')).toBe('#1d4ed8');
    expect(readableOn('teal', '#ffffff')).toBe('teal');
  });

  it('a destructive menu item reads at 4.5:1 on the menu and on its hovered item, in both themes', () => {
    // naive-ui's menus: light white, hovered rgb(243, 243, 245); dark #48484e, hovered with
    // white at 9% over it (its optionColorHover).
    const menus = {
      light: ['#ffffff', '#f3f3f5'],
      dark: ['#48484e', null],
    } as const;
    const dark = rgb(menus.dark[0]);
    for (const [theme, surfaces] of Object.entries(menus)) {
      const text = rgb(dangerMenuText(theme === 'dark'));
      for (const surface of surfaces) {
        const background = surface ? rgb(surface) : over([255, 255, 255], 0.09, dark);
        expect(
          contrastRatio(text, background),
          `${theme} on ${String(surface)}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
