import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { askOnTerminal, askSecretOnTerminal } from '../../../../../src/main/cli/terminal/ask';

/**
 * Streams standing in for a terminal's input and output. With `terminal`, readline edits the
 * line as on a terminal: it echoes each key to the output, and reads Ctrl+C and Ctrl+D.
 */
function streams(terminal = false) {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
  return { input, output, terminal, written: () => written };
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

  it('shows what is typed on a terminal', async () => {
    const io = streams(true);
    const answer = askOnTerminal('User name: ', io);
    io.input.write('alice\r');
    expect(await answer).toBe('alice');
    expect(io.written()).toContain('alice');
  });
});

describe('askSecretOnTerminal', () => {
  it('answers the line typed on a terminal and shows the question and the line end only', async () => {
    const io = streams(true);
    const answer = askSecretOnTerminal('Password: ', io);
    // Typed key by key, with a correction, and the line redrawn (Ctrl+L) as a terminal would.
    for (const key of ['s', '3', 'x', '\x7f', 'c', '\x0c', 'r', 'e', 't', '\r'])
      io.input.write(key);
    expect(await answer).toBe('s3cret');
    const shown = io.written();
    expect(shown).toContain('Password: ');
    expect(shown).not.toMatch(/s3|x|cret/);
    expect(shown.endsWith('\n')).toBe(true);
  });

  it('ends with CANCELLED on Ctrl+C, having read nothing', async () => {
    const io = streams(true);
    const answer = askSecretOnTerminal('Password: ', io);
    io.input.write('half');
    io.input.write('\x03');
    await expect(answer).rejects.toMatchObject({
      code: 'CANCELLED',
      message: 'Stopped with Ctrl+C: nothing was sent.',
    });
    expect(io.written()).not.toContain('half');
  });

  it('answers undefined on Ctrl+D at an empty line', async () => {
    const io = streams(true);
    const answer = askSecretOnTerminal('Password: ', io);
    io.input.write('\x04');
    expect(await answer).toBeUndefined();
  });

  it('answers undefined when the input ends (not a terminal)', async () => {
    const io = streams();
    const answer = askSecretOnTerminal('Password: ', io);
    io.input.end();
    expect(await answer).toBeUndefined();
    expect(io.written()).toBe('Password: \n');
  });
});
