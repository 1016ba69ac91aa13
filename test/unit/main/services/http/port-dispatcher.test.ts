import { errors, FormData, type Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { PortDispatcher } from '../../../../../src/main/services/http/port-dispatcher';
import type { RequestPort } from '../../../../../src/main/services/http/request-port';

/*
 * What the port dispatcher decides before any request leaves, checked without a network: the
 * port is never asked for a request that cannot or must not go (the integration suite,
 * test/integration/proxy/port-dispatcher.test.ts, sends real ones).
 */

/** A port that records being asked and sends nothing. */
function unusedPort(): { port: RequestPort; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    port: ({ url }) => {
      asked.push(url);
      throw new Error('this test sends nothing');
    },
  };
}

/** A handler that records its events, and runs `onStart` with the controller it is given. */
function recordingHandler(onStart: (controller: Dispatcher.DispatchController) => void = () => {}) {
  const events: string[] = [];
  const failed: Error[] = [];
  const handler: Dispatcher.DispatchHandler = {
    onRequestStart: (controller) => {
      events.push('start');
      onStart(controller);
    },
    onResponseStart: () => void events.push('response'),
    onResponseEnd: () => void events.push('end'),
    onResponseError: (_controller, error) => {
      events.push('error');
      failed.push(error);
    },
  };
  return { handler, events, failed };
}

const GET: Dispatcher.DispatchOptions = { origin: 'http://h', path: '/x', method: 'GET' };

describe('PortDispatcher', () => {
  it('asks no port for a request aborted as it starts, and tells the reason once', async () => {
    const { port, asked } = unusedPort();
    const dispatcher = new PortDispatcher({ port });
    const reason = new Error('the deadline passed before the request left');
    const { handler, events, failed } = recordingHandler((controller) => controller.abort(reason));
    dispatcher.dispatch(GET, handler);
    await dispatcher.close();
    expect(events).toEqual(['start', 'error']);
    expect(failed).toEqual([reason]);
    expect(asked).toEqual([]);
  });

  it('refuses a body no port can send (a form) and an upgrade, without asking the port', async () => {
    const { port, asked } = unusedPort();
    const dispatcher = new PortDispatcher({ port });
    const form = recordingHandler();
    dispatcher.dispatch({ ...GET, method: 'POST', body: new FormData() }, form.handler);
    const upgrade = recordingHandler();
    dispatcher.dispatch({ ...GET, upgrade: 'websocket' }, upgrade.handler);
    await dispatcher.close();
    expect(form.failed[0]).toBeInstanceOf(errors.NotSupportedError);
    expect(upgrade.failed[0]).toBeInstanceOf(errors.NotSupportedError);
    expect(asked).toEqual([]);
  });

  it("gives the port's own failure to the handler as the request's error", async () => {
    const { port, asked } = unusedPort();
    const dispatcher = new PortDispatcher({ port, proxy: 'http://proxy.corp:8080' });
    const { handler, events, failed } = recordingHandler();
    dispatcher.dispatch(GET, handler);
    await dispatcher.close();
    expect(asked).toEqual(['http://h/x']);
    expect(events).toEqual(['start', 'error']);
    expect(failed[0]?.message).toBe('this test sends nothing');
  });

  it('takes no request once closed', async () => {
    const dispatcher = new PortDispatcher({ port: unusedPort().port });
    await dispatcher.close();
    const { handler, failed } = recordingHandler();
    expect(dispatcher.dispatch(GET, handler)).toBe(false);
    expect(failed[0]).toBeInstanceOf(errors.ClientClosedError);
  });
});
