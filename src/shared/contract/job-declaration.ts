import type { JobType } from './enums';

/**
 * What an operation that starts a background job means to the app, declared in the catalogue
 * as the second argument of the operation's `defineOperation`: the job type the service
 * reports for it, and how the app names the job, both from the input the operation is called
 * with.
 *
 * Main acts on it, once: when such an operation answers through its resource channel, main
 * reads the job id, describes the job with {@link describeJob} and hands it to the job
 * watcher, which shows it in the activity panel and the tray and notifies when it ends. No
 * view labels or tracks jobs itself.
 *
 * To add an operation that starts a job: declare the job as the second argument of its
 * `defineOperation` in its endpoint file (the functions' `input` is typed from the
 * operation's own schemas, as their output), then write the one handler that calls it, usually a store action
 * that invokes the operation's generated resource channel. Nothing else: `startsJob` follows
 * from the declaration, main's resource handler tracks the job as declared, and the watcher,
 * the activity panel and the tray show what it handed on.
 *
 * @example
 * defineOperation(
 *   { id: 'databases.rename', method: 'POST', ... },
 *   {
 *     type: 'RENAME_DATABASE',
 *     label: ({ pathParams, body }) => `Rename ${pathParams.databaseName} to ${body.name}`,
 *     resourceName: ({ pathParams }) => pathParams.databaseName,
 *   },
 * ),
 */
export interface JobDeclaration<Input = never> {
  /** The job type the service reports for the job (`JOB_TYPES`), e.g. `RENAME_DATABASE`. */
  readonly type: JobType;
  /** What the activity panel calls the job, e.g. `Rename Sales to Sales_2025`. */
  readonly label: (input: Input) => string;
  /** What the job acts on, as the user looks for it: a database or login name. */
  readonly resourceName: (input: Input) => string;
}

/** A started job as main describes it to the job watcher. */
export interface JobDescription {
  readonly type: JobType;
  readonly label: string;
  readonly resourceName: string;
}

/**
 * The job `op` starts when called with `input`, as its catalogue declaration describes it;
 * undefined for an operation that starts no job. `input` is the operation's input after its
 * schemas parsed it (the IPC router hands its handlers that), so a label names the canonical
 * value that was sent (`exportTo` 1, not the `'01'` typed).
 */
export function describeJob(
  // The fields of an OperationDef it reads, named here so that this module does not import
  // operation.ts, which imports it.
  op: { readonly startsJob: boolean; readonly job?: JobDeclaration },
  input: unknown,
): JobDescription | undefined {
  if (op.job === undefined) return undefined;
  // Each declaration is typed by its own operation's input; the caller hands that input.
  const job = op.job as unknown as JobDeclaration<unknown>;
  return {
    type: job.type,
    label: job.label(input),
    resourceName: job.resourceName(input),
  };
}
