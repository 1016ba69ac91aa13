/**
 * Blocks the whole process, its timers included, until `done()` answers true: a process
 * stopped or asleep as far as its own code can tell (the tests of the audit lock's holders).
 */
export function standStillUntil(done: () => boolean): void {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  while (!done()) Atomics.wait(cell, 0, 0, 10);
}
