import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GroupDecl, NodeDecl } from '../../../src/core/model';
import { CSS_COLOR_NAMES, parseColor } from '../../../src/core/language';
import { element, only, parse } from './helpers';

const node = (attrs: string) => {
  const r = parse(`n = rect "N" ${attrs}`);
  return { node: element(r.model, 'n') as NodeDecl, diagnostics: r.diagnostics };
};

const conn = (attrs: string) => {
  const r = parse(`a = rect\nb = rect\na -> b ${attrs}`);
  return { c: r.model.connections[0], diagnostics: r.diagnostics };
};

test('node attributes in Portuguese and English give the same canonical values', () => {
  const pt = node('ícone=lucide:server cor=#F00 fundo=AliceBlue dica="Olá \\"mundo\\"" link="https://example.com/a?b=1#c" tamanho=grande');
  const en = node('icon=lucide:server color=#F00 fill=AliceBlue tooltip="Olá \\"mundo\\"" link="https://example.com/a?b=1#c" size=large');
  const plain = node('icone=lucide:server COR=#F00 Fundo=AliceBlue DICA="Olá \\"mundo\\"" LINK="https://example.com/a?b=1#c" TAMANHO=GRANDE');
  for (const r of [pt, en, plain]) {
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(
      [r.node.icon, r.node.color, r.node.fill, r.node.tooltip, r.node.link, r.node.size],
      ['lucide:server', '#f00', 'aliceblue', 'Olá "mundo"', 'https://example.com/a?b=1#c', 'large'],
    );
  }
});

test('sizes: pequeno/small, médio/medio/medium, grande/large', () => {
  const cases: [string, string][] = [
    ['tamanho=pequeno', 'small'],
    ['size=small', 'small'],
    ['tamanho=médio', 'medium'],
    ['tamanho=medio', 'medium'],
    ['size=medium', 'medium'],
    ['size=large', 'large'],
  ];
  for (const [attr, want] of cases) {
    const r = node(attr);
    assert.deepEqual(r.diagnostics, [], attr);
    assert.equal(r.node.size, want, attr);
  }
});

test('colours: #rgb, #rrggbb and all 148 CSS names; others are invalid', () => {
  assert.equal(CSS_COLOR_NAMES.length, 148);
  for (const name of CSS_COLOR_NAMES) assert.equal(parseColor(name), name);
  assert.equal(parseColor('#ABC'), '#abc');
  assert.equal(parseColor('#A1b2C3'), '#a1b2c3');
  for (const bad of ['#abcd', '#ab', '#ggg', '#', 'transparent', 'vermelho', 'rgb']) assert.equal(parseColor(bad), undefined, bad);
  assert.equal(node('cor=rebeccapurple').node.color, 'rebeccapurple');
  assert.equal(node('fill="#123456"').node.fill, '#123456');
});

test('links: only https:, http: and mailto:', () => {
  for (const ok of ['https://a.b', 'http://a.b/c', 'mailto:ops@example.com', 'HTTPS://A.B']) {
    const r = node(`link="${ok}"`);
    assert.deepEqual(r.diagnostics, [], ok);
    assert.equal(r.node.link, ok);
  }
  for (const bad of ['ftp://a.b', 'javascript:alert(1)', 'file:///etc/passwd', 'https://', 'example.com', 'data:text/html,x']) {
    const r = node(`link="${bad}"`);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.args.kind]),
      [['invalid-value', 'link']],
      bad,
    );
    assert.equal(r.node.link, undefined);
  }
});

test('connection attributes in both languages', () => {
  const pt = conn('"x" anim=pacotes velocidade=lenta estilo=tracejado cor=green');
  const en = conn('"x" anim=packets speed=slow style=dashed color=green');
  for (const r of [pt, en]) {
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual([r.c.label, r.c.anim, r.c.speed, r.c.style, r.c.color], ['x', 'packets', 3, 'dashed', 'green']);
  }
});

test('every animation, speed and style value', () => {
  const anims: [string, string][] = [
    ['pacotes', 'packets'],
    ['packets', 'packets'],
    ['fluxo', 'flow'],
    ['flow', 'flow'],
    ['pulso', 'pulse'],
    ['pulse', 'pulse'],
    ['nenhuma', 'none'],
    ['none', 'none'],
  ];
  for (const [v, want] of anims) assert.equal(conn(`anim=${v}`).c.anim, want, v);
  const speeds: [string, number][] = [
    ['lenta', 3],
    ['slow', 3],
    ['normal', 1.5],
    ['rápida', 0.75],
    ['rapida', 0.75],
    ['fast', 0.75],
    ['2', 2],
    ['0.5', 0.5],
    ['1.25', 1.25],
  ];
  for (const [v, want] of speeds) {
    const r = conn(`velocidade=${v}`);
    assert.deepEqual(r.diagnostics, [], v);
    assert.equal(r.c.speed, want, v);
  }
  const styles: [string, string][] = [
    ['sólido', 'solid'],
    ['solido', 'solid'],
    ['solid', 'solid'],
    ['tracejado', 'dashed'],
    ['dashed', 'dashed'],
    ['pontilhado', 'dotted'],
    ['dotted', 'dotted'],
  ];
  for (const [v, want] of styles) assert.equal(conn(`estilo=${v}`).c.style, want, v);
});

test('bad speeds are errors and leave the default', () => {
  for (const bad of ['0', '-1', 'ligeira', '1,5', '2s', 'Infinity']) {
    const r = conn(`speed=${bad}`);
    assert.ok(r.diagnostics.length >= 1, bad);
    assert.ok(r.diagnostics.some((d) => ['invalid-value', 'unexpected-token', 'expected-value'].includes(d.code)), bad);
    assert.equal(r.c.speed, 1.5, bad);
  }
});

test('enumerated values may be quoted', () => {
  const r = conn('anim="fluxo" style="dotted"');
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual([r.c.anim, r.c.style], ['flow', 'dotted']);
});

test('label and attributes may come in any order', () => {
  const r = node('cor=red');
  assert.equal(r.node.label, 'N');
  const r2 = parse('n = rect cor=red "Late label"');
  assert.deepEqual(r2.diagnostics, []);
  assert.equal((element(r2.model, 'n') as NodeDecl).label, 'Late label');
});

test('spaces around = in an attribute are tolerated', () => {
  const r = node('cor = red');
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.node.color, 'red');
});

test('a repeated attribute warns and the last one wins', () => {
  const r = node('cor=red color=blue');
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['duplicate-attribute'],
  );
  assert.equal(r.node.color, 'blue');
  assert.deepEqual(r.diagnostics[0].related?.[0].range, { line: 1, column: 14, endLine: 1, endColumn: 17 });
});

test('groups take a size in either language, medium by default, with no diagnostic', () => {
  const cases: [string, string][] = [
    ['g = grupo "G" tamanho=pequeno {\n}', 'small'],
    ['g = grupo "G" tamanho=médio {\n}', 'medium'],
    ['g = grupo "G" TAMANHO=GRANDE {\n}', 'large'],
    ['g = group "G" size=small {\n}', 'small'],
    ['g = group "G" size=large icon=lucide:server {\n  n = rect\n}', 'large'],
    ['g = group "G" {\n}', 'medium'],
  ];
  for (const [text, want] of cases) {
    const r = parse(text);
    assert.deepEqual(r.diagnostics, [], text);
    assert.equal((element(r.model, 'g') as GroupDecl).size, want, text);
  }
  assert.equal(only('g = group size=huge {\n}', 'invalid-value').args.kind, 'size');
});

test('anim does not apply to groups or nodes, fill not to connections', () => {
  assert.equal(only('g = group anim=fluxo {\n}', 'inapplicable-attribute').args.context, 'group');
  assert.equal(only('n = rect anim=fluxo', 'inapplicable-attribute').args.context, 'node');
  assert.equal(only('a = rect\na -> a2 fundo=red\na2 = rect', 'inapplicable-attribute').args.context, 'connection');
});

test('an icon attribute on the icon shape overrides its positional id, with a warning', () => {
  const r = parse('x = icon logos:aws-elb icon=logos:aws-ec2');
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['duplicate-attribute'],
  );
  assert.equal((element(r.model, 'x') as NodeDecl).icon, 'logos:aws-ec2');
});
