// Shared texts and checks of the picture's edits: every edit must give exactly the expected
// text, apply as its own edits say, parse without errors, and leave the formatter nothing
// to do on a formatted file.
import assert from 'node:assert/strict';
import { formatDiagram, parseDiagram } from '../../../src/core/language/index';
import { applyEdits, type PictureEditResult } from '../../../src/languageService/pictureEdits/index';

export const PT = `diagrama "Loja"
direção LR

# clientes
cliente = pessoa "Clientes"
lb      = ícone logos:aws-elb "LB"

app = grupo "App" {
  api1 = retângulo "API 1"
  api2 = retângulo "API 2"
}
db = cilindro "Postgres" # o banco

cliente -> lb "HTTPS" anim=pacotes
lb -> api1, api2
api1, api2 -> db "SQL" estilo=tracejado
`;

export const EN = `diagram "Shop"
direction LR

// customers
customer = person "Customers"
lb       = icon logos:aws-elb "LB"

app = group "App" {
    api1 = rectangle "API 1"
    api2 = rectangle "API 2"
}
db = cylinder "Postgres" // the database

customer -> lb "HTTPS" anim=packets
lb -> api1, api2
api1, api2 -> db "SQL" style=dashed
`;

export const crlf = (text: string) => text.replace(/\n/g, '\r\n');

/** The text after a successful edit, checked: its edits give it, it parses, and it is as formatted as the input was. */
export function edited(before: string, result: PictureEditResult): string {
  if (!result.ok) assert.fail(`refused: ${result.reason}`);
  assert.equal(applyEdits(before, result.edits), result.text, 'the edits give the text');
  assert.deepEqual(
    parseDiagram(result.text).diagnostics.filter((d) => d.severity === 'error'),
    [],
    'the text parses',
  );
  if (formatDiagram(before) === before) assert.equal(formatDiagram(result.text), result.text, 'the formatter has nothing to change');
  return result.text;
}

/** The 0-based lines of the input an edit touched (replaced or removed, or where it inserted). */
export function touchedLines(result: PictureEditResult): number[] {
  assert.ok(result.ok);
  const out: number[] = [];
  for (const e of result.edits) {
    if (e.range.start.line === e.range.end.line) out.push(e.range.start.line);
    for (let l = e.range.start.line; l < e.range.end.line; l++) out.push(l);
  }
  return out;
}

export function refused(result: PictureEditResult, pattern: RegExp): void {
  assert.equal(result.ok, false, 'refused');
  if (!result.ok) assert.match(result.reason, pattern);
}

/** `text` with 1-based line `n` replaced (or removed with `null`), for expected texts. */
export function withLine(text: string, n: number, line: string | null): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(eol);
  if (line === null) lines.splice(n - 1, 1);
  else lines[n - 1] = line;
  return lines.join(eol);
}

/** `text` with lines inserted after 1-based line `n`. */
export function insertAfter(text: string, n: number, ...added: string[]): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(eol);
  lines.splice(n, 0, ...added);
  return lines.join(eol);
}
