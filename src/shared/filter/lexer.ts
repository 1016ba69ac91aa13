/**
 * Splits filter text into tokens on demand, so that the first problem in the text is the one
 * reported. Keywords are plain words here; the parser matches them case-insensitively.
 */
import { FilterSyntaxError, excerpt } from './errors';

/** A comparison symbol; `LIKE` and `NOT LIKE` are words. */
type OperatorSymbol = '=' | '!=' | '>' | '<' | '>=' | '<=';

/** One token, with its 0-based offset and its text as written. */
export type Token =
  | { kind: 'word'; pos: number; text: string }
  | { kind: 'string'; pos: number; text: string; value: string }
  | { kind: 'number'; pos: number; text: string; value: number }
  | { kind: 'bare'; pos: number; text: string }
  | { kind: 'op'; pos: number; text: OperatorSymbol }
  | { kind: 'punct'; pos: number; text: '(' | ')' | ',' }
  | { kind: 'eof'; pos: number; text: '' };

const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
// A bare literal runs on over the characters of numbers and ISO timestamps; it is then
// classified as a whole, so that `2026-1-5` is reported as one bad date, not as `2026` and `-1`.
// What is not a number stays a `bare` token (a date, or a mistake): only the parser knows which
// type the property wants and can name the problem.
const BARE = /-?[0-9][0-9A-Za-z:.+_-]*/y;
// Exponents are accepted so that every finite number the printer writes reads back.
const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const WHITESPACE = /\s/;
// Operators from other SQL dialects and languages, refused with the one to use instead.
const MISTAKEN_OPERATORS: Readonly<Record<string, string>> = { '<>': '!=', '==': '=' };

/** Whether `text` is a number as the grammar writes it: `42`, `-1.5`, `1e-7`. */
export function isNumberText(text: string): boolean {
  return NUMBER.test(text);
}

/** Describes a token for a message: `"abc"`, `the string "abc"`, `end of input`, ... */
export function describeToken(token: Token): string {
  switch (token.kind) {
    case 'eof':
      return 'end of input';
    case 'string':
      return `the string ${excerpt(token.text)}`;
    case 'number':
      return `the number ${excerpt(token.text)}`;
    default:
      return `"${excerpt(token.text)}"`;
  }
}

/** A lexer over one filter text with one token of lookahead. */
export class FilterLexer {
  private offset = 0;
  private lookahead: Token | undefined;

  constructor(private readonly source: string) {}

  /** The next token, without consuming it. */
  peek(): Token {
    this.lookahead ??= this.scan();
    return this.lookahead;
  }

  /** Consumes and returns the next token. */
  next(): Token {
    const token = this.peek();
    this.lookahead = undefined;
    return token;
  }

  private scan(): Token {
    while (this.offset < this.source.length && WHITESPACE.test(this.source[this.offset] ?? '')) {
      this.offset += 1;
    }
    const pos = this.offset;
    const char = this.source[pos];
    if (char === undefined) return { kind: 'eof', pos, text: '' };
    if (char === '(' || char === ')' || char === ',') {
      this.offset += 1;
      return { kind: 'punct', pos, text: char };
    }
    if (char === '"') return this.scanString(pos);
    if ('=!<>'.includes(char)) return this.scanOperator(pos);
    const word = this.matchAt(WORD, pos);
    if (word !== undefined) return { kind: 'word', pos, text: word };
    const bare = this.matchAt(BARE, pos);
    if (bare !== undefined) return classifyBare(bare, pos);
    throw unexpectedCharacter(String.fromCodePoint(this.source.codePointAt(pos) ?? 0), pos);
  }

  private matchAt(pattern: RegExp, pos: number): string | undefined {
    pattern.lastIndex = pos;
    const match = pattern.exec(this.source);
    if (!match) return undefined;
    this.offset = pos + match[0].length;
    return match[0];
  }

  private scanOperator(pos: number): Token {
    const two = this.source.slice(pos, pos + 2);
    const instead = MISTAKEN_OPERATORS[two];
    if (instead !== undefined) {
      throw new FilterSyntaxError(
        `Operator "${two}" is not supported at position ${pos}; use "${instead}"`,
        pos,
      );
    }
    const text = ['!=', '>=', '<='].includes(two) ? two : two.slice(0, 1);
    if (text === '!') {
      throw new FilterSyntaxError(`Unexpected "!" at position ${pos}; did you mean "!="?`, pos);
    }
    this.offset = pos + text.length;
    return { kind: 'op', pos, text: text as OperatorSymbol };
  }

  private scanString(pos: number): Token {
    let value = '';
    let index = pos + 1;
    while (index < this.source.length) {
      const char = this.source[index] ?? '';
      if (char === '"') {
        this.offset = index + 1;
        return { kind: 'string', pos, text: this.source.slice(pos, index + 1), value };
      }
      if (char === '\\') {
        const escaped = this.source[index + 1];
        if (escaped === undefined) break;
        if (escaped !== '"' && escaped !== '\\') {
          throw new FilterSyntaxError(
            `Unknown escape "\\${escaped}" at position ${index}; inside a string only \\" and \\\\ are escapes`,
            index,
          );
        }
        value += escaped;
        index += 2;
      } else {
        value += char;
        index += 1;
      }
    }
    throw new FilterSyntaxError(
      `Unterminated string starting at position ${pos}; close it with a double quote`,
      pos,
    );
  }
}

function classifyBare(text: string, pos: number): Token {
  if (isNumberText(text)) {
    const value = Number(text);
    if (!Number.isFinite(value)) {
      throw new FilterSyntaxError(`Number ${excerpt(text)} at position ${pos} is too large`, pos);
    }
    // -0 would print as 0; keep the tree and its printed form in step.
    return { kind: 'number', pos, text, value: value === 0 ? 0 : value };
  }
  // Not a number: a bare date, or a mistake the parser names knowing the property's type.
  return { kind: 'bare', pos, text };
}

function unexpectedCharacter(char: string, pos: number): FilterSyntaxError {
  const hint =
    char === "'"
      ? '; strings are written in double quotes'
      : char === '%'
        ? '; the LIKE wildcard is *'
        : '';
  return new FilterSyntaxError(`Unexpected character "${char}" at position ${pos}${hint}`, pos);
}
