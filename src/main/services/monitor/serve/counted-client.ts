import type { OperationId } from '../../../../shared/contract/catalogue';
import { isAppError } from '../../../../shared/errors';
import type { MonitorClient } from '../monitor-service';

/** One call the monitor made to the service, as {@link countedClient} reports it. */
export interface MonitorCall {
  readonly operation: OperationId;
  /** The instance the call was about, when it names one (a session read). */
  readonly instanceName?: string;
  /** The error's code when the call failed (`INTERNAL` for an error without one). */
  readonly errorCode?: string;
}

/**
 * A monitor client that reports every call it passes on, so the headless monitor can count
 * the requests it makes of the service and the reads that failed, per instance, without a
 * second sampler or a change to the monitor itself. A call cancelled because the monitor
 * stops is not a failure.
 */
export function countedClient(
  client: MonitorClient,
  report: (call: MonitorCall) => void,
): MonitorClient {
  return {
    async call(id, input, options) {
      const pathParams = (input as { pathParams?: { instanceName?: unknown } }).pathParams;
      const named = pathParams?.instanceName;
      const base = { operation: id, ...(typeof named === 'string' ? { instanceName: named } : {}) };
      try {
        const answer = await client.call(id, input, options);
        report(base);
        return answer;
      } catch (error) {
        if (options?.signal?.aborted) throw error;
        report({ ...base, errorCode: isAppError(error) ? error.code : 'INTERNAL' });
        throw error;
      }
    },
  };
}
