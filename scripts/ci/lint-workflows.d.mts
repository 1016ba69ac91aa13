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
/** The findings actionlint reports for one workflow's text. */
export function lintWorkflow(path: string, text: string): Promise<Finding[]>;
/** The workflow files in `.github/workflows` under `root`. */
export function workflowFiles(root?: string): string[];
