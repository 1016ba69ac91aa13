import { afterEach, describe, expect, it } from 'vitest';
import {
  DisposableStore,
  Emitter,
  setUnexpectedErrorReporter,
  toSubscription,
} from '../../../../../src/main/services/common/emitter';

afterEach(() => setUnexpectedErrorReporter(() => undefined));

describe('Emitter', () => {
  it('calls every listener in order, and a subscription stops called or disposed', () => {
    const emitter = new Emitter<number>();
    const seen: string[] = [];
    const first = emitter.event((value) => seen.push(`a${value}`));
    const second = emitter.event((value) => seen.push(`b${value}`));
    emitter.fire(1);
    first();
    emitter.fire(2);
    second.dispose();
    emitter.fire(3);
    expect(seen).toEqual(['a1', 'b1', 'b2']);
    expect(emitter.listenerCount).toBe(0);
  });

  it('reports a listener that throws and still calls the others', () => {
    const errors: unknown[] = [];
    const emitter = new Emitter<string>({ onListenerError: (error) => errors.push(error) });
    const seen: string[] = [];
    emitter.event(() => {
      throw new Error('closed window');
    });
    emitter.event((value) => seen.push(value));
    emitter.fire('x');
    expect(seen).toEqual(['x']);
    expect(errors).toEqual([new Error('closed window')]);
  });

  it('sends failures of emitters without a reporter to the process-wide one', () => {
    const errors: unknown[] = [];
    setUnexpectedErrorReporter((error) => errors.push(error));
    const emitter = new Emitter<void>();
    emitter.event(() => {
      throw new Error('boom');
    });
    emitter.fire();
    expect(errors).toHaveLength(1);
  });

  it('counts the same function subscribed twice as two listeners', () => {
    const emitter = new Emitter<number>();
    let calls = 0;
    const listener = (): void => void (calls += 1);
    const once = emitter.event(listener);
    emitter.event(listener);
    emitter.fire(0);
    once();
    emitter.fire(0);
    expect(calls).toBe(3);
  });

  it('lets a listener unsubscribe another during a fire without skipping anyone', () => {
    const emitter = new Emitter<number>();
    const seen: string[] = [];
    const late = emitter.event(() => seen.push('late'));
    emitter.event(() => late());
    emitter.fire(0);
    expect(seen).toEqual(['late']);
  });

  it('takes no listener once disposed', () => {
    const emitter = new Emitter<number>();
    emitter.dispose();
    let called = false;
    emitter.event(() => (called = true));
    emitter.fire(1);
    expect(called).toBe(false);
  });
});

describe('toSubscription and DisposableStore', () => {
  it('runs a stop once however often it is called', () => {
    let stops = 0;
    const subscription = toSubscription(() => (stops += 1));
    subscription();
    subscription.dispose();
    expect(stops).toBe(1);
  });

  it('disposes in reverse order, past a failing item, and at once after its own end', () => {
    const errors: unknown[] = [];
    setUnexpectedErrorReporter((error) => errors.push(error));
    const order: string[] = [];
    const store = new DisposableStore();
    store.add({ dispose: () => order.push('first') });
    store.add({
      dispose: () => {
        throw new Error('bad');
      },
    });
    store.add({ dispose: () => order.push('last') });
    store.dispose();
    expect(order).toEqual(['last', 'first']);
    expect(errors).toHaveLength(1);
    store.add({ dispose: () => order.push('late') });
    expect(order).toEqual(['last', 'first', 'late']);
  });
});
