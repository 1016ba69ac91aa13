/**
 * Which picture the tray shows on each platform. The app icon (512 px) shrunk to 16 px is
 * blurry on HiDPI screens and, on macOS, would not follow the menu bar's light or dark
 * appearance. So the tray has its own images in `resources/tray/`, drawn for the size:
 * a 16 px image with a 32 px `@2x` twin (Electron loads the twin by itself on a 2x screen),
 * and on macOS a black-and-alpha "Template" image that the menu bar recolours.
 */

/** The folder under `resources/` that holds the tray images. */
export const TRAY_IMAGE_FOLDER = 'tray';

/** The tray image of a platform. */
export interface TrayImageChoice {
  /** File name in the tray folder; its `@2x` twin lies beside it. */
  readonly file: string;
  /** A macOS template image: drawn in the menu bar's own colour. */
  readonly isTemplate: boolean;
}

/** The tray image for `platform` (process.platform). */
export function trayImageFor(platform: NodeJS.Platform): TrayImageChoice {
  // A file name ending in "Template" is what makes Electron treat it as a template image.
  if (platform === 'darwin') return { file: 'trayTemplate.png', isTemplate: true };
  return { file: 'tray.png', isTemplate: false };
}

/** The high-resolution twin of a tray image file (`tray.png` → `tray@2x.png`). */
export function retinaTwinOf(file: string): string {
  return file.replace(/(\.[a-z]+)$/i, '@2x$1');
}
