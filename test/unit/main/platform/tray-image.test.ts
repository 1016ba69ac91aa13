import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  TRAY_IMAGE_FOLDER,
  retinaTwinOf,
  trayImageFor,
} from '../../../../src/main/platform/tray-image';

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const folder = join('resources', TRAY_IMAGE_FOLDER);

describe('trayImageFor', () => {
  it('gives macOS a template image and the others a plain one', () => {
    expect(trayImageFor('darwin')).toEqual({ file: 'trayTemplate.png', isTemplate: true });
    expect(trayImageFor('win32').isTemplate).toBe(false);
    expect(trayImageFor('linux').isTemplate).toBe(false);
    expect(trayImageFor('darwin').file).toMatch(/Template\.png$/);
  });

  it('never hands the tray the 512 px app icon', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      expect(trayImageFor(platform).file).not.toBe('icon.png');
    }
  });

  it('names the @2x twin beside each image', () => {
    expect(retinaTwinOf('tray.png')).toBe('tray@2x.png');
    expect(retinaTwinOf('trayTemplate.png')).toBe('trayTemplate@2x.png');
  });

  it('ships each image at 16 px with its 32 px twin', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const { file } = trayImageFor(platform);
      expect(existsSync(join(folder, file)), file).toBe(true);
      expect(pngSize(join(folder, file))).toEqual({ width: 16, height: 16 });
      expect(pngSize(join(folder, retinaTwinOf(file)))).toEqual({ width: 32, height: 32 });
    }
  });
});
