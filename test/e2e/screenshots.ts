/**
 * Whether the e2e specs save their screenshots (`artifacts/screenshots/*.png`, light and dark,
 * to look at): with `SCREENSHOTS=1` (`npm run screenshots`). They assert nothing, and in
 * `npm test` they cost minutes of theme switches and captures, so they are left out there.
 */
export const takesScreenshots = process.env['SCREENSHOTS'] === '1';
