import { EventEmitter } from 'node:events';
import { expect, it } from 'vitest';
import {
  EXIT_OUTPUT_CLOSED,
  closableOutput,
  exitCodeAfterOutput,
} from '../../../../../src/main/cli/output/stdout';

class FakeOutput extends EventEmitter {
  readonly written: string[] = [];
  write(text: string): boolean {
    this.written.push(text);
    return true;
  }
}

const failure = (code: string) => Object.assign(new Error(code), { code });

it('writes until the reader closes the pipe, then drops the rest quietly', () => {
  const output = new FakeOutput();
  const stdout = closableOutput(output);
  stdout.write('one\n');
  expect(stdout.closed()).toBe(false);
  output.emit('error', failure('EPIPE'));
  output.emit('error', failure('ERR_STREAM_DESTROYED'));
  stdout.write('two\n');
  expect(output.written).toEqual(['one\n']);
  expect(stdout.closed()).toBe(true);
});

it('still fails on any other error of the output', () => {
  const output = new FakeOutput();
  closableOutput(output);
  expect(() => output.emit('error', failure('EIO'))).toThrow('EIO');
  expect(() => output.emit('error', failure('ERR_STREAM_DESTROYED'))).toThrow();
});

it("ends with the shell's code for a closed pipe when the command itself succeeded", () => {
  const output = new FakeOutput();
  const stdout = closableOutput(output);
  expect(exitCodeAfterOutput(0, stdout)).toBe(0);
  output.emit('error', failure('EPIPE'));
  expect(EXIT_OUTPUT_CLOSED).toBe(128 + 13);
  expect(exitCodeAfterOutput(0, stdout)).toBe(141);
  // A command that failed on its own keeps the code that says why.
  expect(exitCodeAfterOutput(4, stdout)).toBe(4);
  expect(exitCodeAfterOutput(130, stdout)).toBe(130);
});
