#!/usr/bin/env node
// Renders the app icon and the tray images from their SVG sources with Chromium:
//   resources/icon.svg               -> resources/icon.png (512 px)
//   resources/tray/tray.svg          -> tray.png (16 px) and tray@2x.png (32 px)
//   resources/tray/trayTemplate.svg  -> trayTemplate.png (16 px) and trayTemplate@2x.png (32 px)
// The tray images are drawn for their size instead of shrinking the 512 px icon, which blurs
// on HiDPI screens. The "Template" pair is black with alpha only: Electron treats a file name
// ending in "Template" as a macOS template image, which the menu bar recolours for light and
// dark mode. Run it after editing an SVG: node scripts/render-icon.mjs
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Each output: its SVG source, its CSS size in pixels, and the device scale it is drawn at. */
const outputs = [
  { svg: 'resources/icon.svg', png: 'resources/icon.png', size: 512, scale: 1 },
  { svg: 'resources/tray/tray.svg', png: 'resources/tray/tray.png', size: 16, scale: 1 },
  { svg: 'resources/tray/tray.svg', png: 'resources/tray/tray@2x.png', size: 16, scale: 2 },
  {
    svg: 'resources/tray/trayTemplate.svg',
    png: 'resources/tray/trayTemplate.png',
    size: 16,
    scale: 1,
  },
  {
    svg: 'resources/tray/trayTemplate.svg',
    png: 'resources/tray/trayTemplate@2x.png',
    size: 16,
    scale: 2,
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { svg, png, size, scale } of outputs) {
    // A device scale factor of 2 is how a HiDPI screen draws the same 16 px image: Chromium
    // rasterises the vector source at 32 px, so the @2x twin is sharp, not an upscaled copy.
    const page = await browser.newPage({
      viewport: { width: size, height: size },
      deviceScaleFactor: scale,
    });
    const source = readFileSync(svg, 'utf8').replace(
      /<svg /,
      `<svg style="display:block;width:${size}px;height:${size}px" `,
    );
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${source}</body></html>`,
    );
    await page.locator('svg').screenshot({ path: png, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
