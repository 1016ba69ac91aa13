/** One actionlint finding. */
export interface Finding {
  message: string;
  line: number;
  column: number;
  kind: string;
}
/** Runner labels newer than the linter, with where they are announced. */
export const NEWER_RUNNER_LABELS: Map<string, string>;
/** True for a finding that only says a label from NEWER_RUNNER_LABELS is unknown. */
export function isKnownNewerLabel(finding: Finding): boolean;
/** Retired GitHub-hosted runner images: the day each left, and where it was announced. */
export const RETIRED_RUNNER_IMAGES: Map<string, { retired: string; notice: string }>;
/** One finding per use of a retired runner image (comments left out); `today` is YYYY-MM-DD. */
export function retiredRunnerFindings(text: string, today?: string): Finding[];
/** The findings actionlint reports for one workflow's text, and those of retired images. */
export function lintWorkflow(
  path: string,
  text: string,
  options?: { today?: string },
): Promise<Finding[]>;
/** The workflow files in `.github/workflows` under `root`. */
export function workflowFiles(root?: string): string[];
