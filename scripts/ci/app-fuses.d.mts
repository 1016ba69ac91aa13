/** electron-builder.yml's `electronFuses` keys and the `FuseV1Options` member each one sets. */
export const FUSE_OPTION_OF_KEY: Record<string, string>;
/** @electron/fuses, as electron-builder loads it. */
export function fusesModule(): {
  FuseV1Options: Record<string, number>;
  getCurrentFuseWire(binary: string): Promise<{ version: string } & Record<number, number>>;
};
/** The `electronFuses` of electron-builder.yml. */
export function configuredFuses(file?: string): Record<string, boolean>;
/** How a binary's fuse wire differs from the configured fuses, in words. */
export function fuseProblems(input: {
  configured: Record<string, boolean>;
  wire: { version: string } & Record<number, number>;
  options: Record<string, number>;
}): string[];
/** The fuse problems of an Electron binary (an executable, or a macOS .app). */
export function binaryFuseProblems(
  binary: string,
  configured?: Record<string, boolean>,
): Promise<string[]>;
/** The file name electron-builder gives the Linux executable. */
export function linuxExecutableName(
  config: { executableName?: string; linux?: { executableName?: string } },
  packageJson: { name: string },
): string;
/** Extracts an AppImage into `folder` and answers the path of its Electron executable. */
export function extractAppImage(appImage: string, folder: string): string;
