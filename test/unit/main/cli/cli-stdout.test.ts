import { EventEmitter } from 'node:events';
import { expect, it } from 'vitest';
import { closableOutput } from '../../../../src/main/cli/cli-stdout';

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
  const write = closableOutput(output);
  write('one\n');
  output.emit('error', failure('EPIPE'));
  output.emit('error', failure('ERR_STREAM_DESTROYED'));
  write('two\n');
  expect(output.written).toEqual(['one\n']);
});

it('still fails on any other error of the output', () => {
  const output = new FakeOutput();
  closableOutput(output);
  expect(() => output.emit('error', failure('EIO'))).toThrow('EIO');
  expect(() => output.emit('error', failure('ERR_STREAM_DESTROYED'))).toThrow();
});
