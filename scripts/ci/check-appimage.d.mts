/** The AppArmor profile that lets one AppImage file use user namespaces. */
export function appImageProfile(path: string): string;
/** Whether the AppImage as shipped started as it should, and the line that says so. */
export function asShippedVerdict(run: { restricted: boolean; sandbox: boolean | undefined }): {
  ok: boolean;
  line: string;
};
