/**
 * A JSON reader that remembers where every value starts, so that a hand-edited layout file
 * can be reported with the line and column of its mistake (JSON.parse gives neither a
 * position for a wrong type nor, across engines, a reliable one for bad syntax).
 * Strict JSON (RFC 8259): no comments, no trailing commas.
 */

export interface Located {
  line: number;
  column: number;
}

export type JsonValue =
  | ({ kind: 'object'; entries: Array<{ key: string; keyAt: Located; value: JsonValue }> } & Located)
  | ({ kind: 'array'; items: JsonValue[] } & Located)
  | ({ kind: 'string'; value: string } & Located)
  | ({ kind: 'number'; value: number } & Located)
  | ({ kind: 'boolean'; value: boolean } & Located)
  | ({ kind: 'null' } & Located);

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** Parses `text` as JSON; throws `JsonSyntaxError` (1-based line and column, UTF-16 columns) on bad input. */
export function parseJsonWithPositions(text: string): JsonValue {
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const here = (): Located => ({ line, column: i - lineStart + 1 });
  const fail = (message: string): never => {
    throw new JsonSyntaxError(message, line, i - lineStart + 1);
  };
  const skip = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        i++;
        line++;
        lineStart = i;
      } else if (c === 32 || c === 9 || c === 13) i++;
      else return;
    }
  };
  const describe = () => (i >= text.length ? 'the end of the file' : JSON.stringify(text[i]));

  const string = (): string => {
    i++;
    let out = '';
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text[i]!;
      if (c === '"') {
        i++;
        return out;
      }
      if (c === '\n' || text.charCodeAt(i) < 0x20) fail('control character in a string');
      if (c === '\\') {
        const e = text[i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e !== undefined && Object.prototype.hasOwnProperty.call(simple, e)) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          i++;
          fail('invalid escape in a string');
        }
      } else {
        out += c;
        i++;
      }
    }
  };

  const value = (depth: number): JsonValue => {
    if (depth > 64) fail('nested too deeply');
    skip();
    const at = here();
    const c = text[i];
    if (c === '{') {
      i++;
      const entries: Array<{ key: string; keyAt: Located; value: JsonValue }> = [];
      const seen = new Set<string>();
      skip();
      if (text[i] === '}') {
        i++;
        return { kind: 'object', entries, ...at };
      }
      for (;;) {
        skip();
        if (text[i] !== '"') fail(`expected a key in quotes, found ${describe()}`);
        const keyAt = here();
        const key = string();
        if (seen.has(key)) {
          throw new JsonSyntaxError(`the key ${JSON.stringify(key)} appears twice`, keyAt.line, keyAt.column);
        }
        seen.add(key);
        skip();
        if (text[i] !== ':') fail(`expected ":" after a key, found ${describe()}`);
        i++;
        entries.push({ key, keyAt, value: value(depth + 1) });
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return { kind: 'object', entries, ...at };
        }
        fail(`expected "," or "}", found ${describe()}`);
      }
    }
    if (c === '[') {
      i++;
      const items: JsonValue[] = [];
      skip();
      if (text[i] === ']') {
        i++;
        return { kind: 'array', items, ...at };
      }
      for (;;) {
        items.push(value(depth + 1));
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return { kind: 'array', items, ...at };
        }
        fail(`expected "," or "]", found ${describe()}`);
      }
    }
    if (c === '"') return { kind: 'string', value: string(), ...at };
    const number = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 64));
    if (number) {
      i += number[0].length;
      return { kind: 'number', value: Number(number[0]), ...at };
    }
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v === null ? { kind: 'null', ...at } : { kind: 'boolean', value: v, ...at };
      }
    }
    return fail(`expected a value, found ${describe()}`);
  };

  // A byte order mark is what some editors put first; it is not part of the JSON.
  if (text.charCodeAt(0) === 0xfeff) i = lineStart = 1;
  const result = value(0);
  skip();
  if (i < text.length) fail(`unexpected ${describe()} after the end of the JSON value`);
  return result;
}
