/**
 * WCAG 2.1 contrast for colours the app computes (a profile's own colour on its tinted badge):
 * relative luminance, contrast ratio, and the shade of a colour that reads on a background.
 */

type Rgb = readonly [number, number, number];

/** `#rgb`, `#rrggbb` or `#rrggbbaa` (alpha ignored) to 0–255 channels; undefined otherwise. */
export function parseHex(color: string): Rgb | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `top` at opacity `alpha` over `bottom` (what the eye sees of a tint). */
export function over(top: Rgb, alpha: number, bottom: Rgb): Rgb {
  return top.map((c, i) => c * alpha + (bottom[i] ?? 0) * (1 - alpha)) as unknown as Rgb;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `color` moved toward black (on a light background) or white (on a dark one) in small steps
 * until it reaches `ratio` against `background`: the same hue, readable. Unparseable colours
 * come back as they are.
 */
export function readableOn(color: string, background: string, ratio = 4.5): string {
  const fg = parseHex(color);
  const bg = parseHex(background);
  if (!fg || !bg) return color;
  const target: Rgb = luminance(bg) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 0; step <= 20; step += 1) {
    const shade = over(target, step / 20, fg);
    if (contrastRatio(shade, bg) >= ratio) return toHex(shade);
  }
  return toHex(target);
}
