import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

/*
 * A reader for the PNGs the render script writes (8-bit RGBA, not interlaced), enough to
 * check a tray image's size and colours. Anything else is refused rather than misread.
 */

/** A decoded image: `pixels` holds 4 bytes (R, G, B, A) per pixel, row by row. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

const SIGNATURE = '89504e470d0a1a0a';
const RGBA = 6;
const BYTES_PER_PIXEL = 4;

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Undoes the per-row filters of the PNG format (None, Sub, Up, Average, Paeth). */
function unfilter(data: Buffer, width: number, height: number): Uint8Array {
  const stride = width * BYTES_PER_PIXEL;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)] ?? 0;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const raw = data[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= BYTES_PER_PIXEL ? (pixels[row + x - BYTES_PER_PIXEL] ?? 0) : 0;
      const up = y > 0 ? (pixels[row - stride + x] ?? 0) : 0;
      const upLeft =
        y > 0 && x >= BYTES_PER_PIXEL ? (pixels[row - stride + x - BYTES_PER_PIXEL] ?? 0) : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predictor === undefined) throw new Error(`unknown PNG row filter ${filter}`);
      pixels[row + x] = (raw + predictor) & 0xff;
    }
  }
  return pixels;
}

/** Reads an 8-bit RGBA PNG file. */
export function readRgbaPng(path: string): RgbaImage {
  const file = readFileSync(path);
  if (file.subarray(0, 8).toString('hex') !== SIGNATURE) throw new Error(`${path} is not a PNG`);
  const width = file.readUInt32BE(16);
  const height = file.readUInt32BE(20);
  const [bitDepth, colourType, , , interlace] = file.subarray(24, 29);
  if (bitDepth !== 8 || colourType !== RGBA || interlace !== 0) {
    throw new Error(`${path}: expected 8-bit RGBA without interlacing`);
  }
  const chunks: Buffer[] = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    if (file.toString('latin1', at + 4, at + 8) === 'IDAT') {
      chunks.push(file.subarray(at + 8, at + 8 + length));
    }
    at += 12 + length;
  }
  return { width, height, pixels: unfilter(inflateSync(Buffer.concat(chunks)), width, height) };
}
