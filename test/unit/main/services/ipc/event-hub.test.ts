import { describe, expect, it } from 'vitest';
import { AppEventBus } from '../../../../../src/main/services/ipc/app-event-bus';
import { EventHub } from '../../../../../src/main/services/ipc/event-hub';
import type { TrackedJob } from '../../../../../src/shared/model/job-event';

const job: TrackedJob = {
  profileId: 'p',
  instanceName: 'sql-eu-prod-01',
  jobId: 'j1',
  status: 'Succeeded',
  phase: 'succeeded',
  startedByApp: true,
  updatedAt: '2026-01-01T00:00:00Z',
  downloadUris: ['http://127.0.0.1:1/_blobs/x?expires=1&sig=abc'],
};

function hubWithSink(bus: AppEventBus, maxQueued?: number) {
  const sent: { event: string; payload: unknown }[] = [];
  const hub = new EventHub({
    bus,
    sink: (event, payload) => sent.push({ event, payload }),
    ...(maxQueued ? { maxQueued } : {}),
  });
  return { hub, sent };
}

describe('AppEventBus', () => {
  it('strips what the contract does not declare (a job’s download URLs stay in main)', () => {
    const bus = new AppEventBus();
    const seen: unknown[] = [];
    bus.subscribe((_event, payload) => seen.push(payload));
    bus.emit('jobs:onDidChange', { kind: 'succeeded', job });
    expect(seen).toHaveLength(1);
    expect(JSON.stringify(seen)).not.toContain('sig=');
  });

  it('drops and logs a payload that breaks the contract', () => {
    const lines: string[] = [];
    const bus = new AppEventBus({
      logger: {
        debug: () => undefined,
        info: () => undefined,
        warn: () => undefined,
        error: (message) => lines.push(message),
      },
    });
    const seen: unknown[] = [];
    bus.subscribe((_event, payload) => seen.push(payload));
    bus.emit('app:onDidRequestOpenItem', { kind: 'file', id: 'x' } as never);
    expect(seen).toEqual([]);
    expect(lines).toHaveLength(1);
  });
});

describe('EventHub', () => {
  it('queues events until the renderer is ready, then sends them in order', () => {
    const bus = new AppEventBus();
    const { hub, sent } = hubWithSink(bus);
    bus.emit('app:onDidReceiveFiles', { paths: ['/a.bak'] });
    bus.emit('app:onDidRequestCommand', { command: 'toggleActivityPanel' });
    expect(sent).toEqual([]);
    hub.markReady();
    bus.emit('app:onDidRequestOpenItem', { kind: 'job', id: 'j1' });
    expect(sent.map((s) => s.event)).toEqual([
      'app:onDidReceiveFiles',
      'app:onDidRequestCommand',
      'app:onDidRequestOpenItem',
    ]);
  });

  it('queues again while the renderer reloads', () => {
    const bus = new AppEventBus();
    const { hub, sent } = hubWithSink(bus);
    hub.markReady();
    hub.reset();
    bus.emit('app:onDidRequestCommand', { command: 'openSettings' });
    expect(sent).toEqual([]);
    hub.markReady();
    expect(sent).toHaveLength(1);
  });

  it('keeps only the newest events beyond its bound', () => {
    const bus = new AppEventBus();
    const { hub, sent } = hubWithSink(bus, 2);
    for (const id of ['1', '2', '3']) bus.emit('app:onDidRequestOpenItem', { kind: 'job', id });
    hub.markReady();
    expect(sent.map((s) => (s.payload as { id: string }).id)).toEqual(['2', '3']);
  });

  it('stops listening when disposed', () => {
    const bus = new AppEventBus();
    const { hub, sent } = hubWithSink(bus);
    hub.markReady();
    hub.dispose();
    bus.emit('app:onDidRequestCommand', { command: 'openSettings' });
    expect(sent).toEqual([]);
  });
});
