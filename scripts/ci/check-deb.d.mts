/** Packages the deb must depend on. */
export const REQUIRED_DEPENDS: string[];
/** The package names in a Depends field. */
export function dependNames(field: string): string[];
/** The required packages a Depends field leaves out. */
export function missingDepends(field: string, required?: string[]): string[];
/** The program a .desktop entry starts. */
export function desktopExec(text: string): string | undefined;
