import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { askOnTerminal } from '../../../../src/main/cli/cli-ask';

/** Streams standing in for a terminal's input and output (no line editing). */
function streams() {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
  return { input, output, terminal: false, written: () => written };
}

describe('askOnTerminal', () => {
  it('writes the question and answers the line typed, without its end', async () => {
    const io = streams();
    const answer = askOnTerminal('Type the database name to drop it: ', io);
    io.input.write('Sales\n');
    expect(await answer).toBe('Sales');
    expect(io.written()).toBe('Type the database name to drop it: ');
  });

  it('answers undefined when the input ends before a line (Ctrl+D)', async () => {
    const io = streams();
    const answer = askOnTerminal('Drop it? [y/N] ', io);
    io.input.end();
    expect(await answer).toBeUndefined();
  });
});
