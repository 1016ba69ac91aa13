/** The installer's file name pattern. */
export const INSTALLER: RegExp;
/** The registry GUID electron-builder gives an appId. */
export function appGuid(appId: string): string;
/** A value from `reg query` output, or undefined. */
export function regValue(text: string, name: string): string | undefined;
