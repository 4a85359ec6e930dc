import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../../src/core/language';
import {
  connectionKeys,
  emptyLayout,
  LAYOUT_FORMAT,
  layoutFileName,
  layoutFromScene,
  mergeLayout,
  parseLayoutFile,
  serializeLayoutFile,
  staleIds,
  type DiagramLayout,
  type LayoutFile,
} from '../../../src/core/layout/layoutFile';
import type { Scene } from '../../../src/core/scene';

const sample = (): DiagramLayout => {
  const l = emptyLayout('LR');
  l.nodes.set('web', { x: 40, y: 70, width: 120, height: 48 });
  l.nodes.set('api', { x: 240, y: 70, width: 120, height: 48 });
  l.nodes.set('db', { x: 440, y: 70, width: 120, height: 60 });
  l.groups.set('backend', { x: 220, y: 24, width: 360, height: 130 });
  l.waypoints.set('api -> db', [{ x: 400, y: 94 }, { x: 400, y: 100 }]);
  return l;
};

const parsed = (text: string, markdown = false): LayoutFile => {
  const r = parseLayoutFile(text, markdown);
  assert.ok(r.ok, r.ok ? '' : JSON.stringify(r.problems));
  return r.file;
};

describe('layout file: format', () => {
  it('round-trips a diagram layout, byte for byte', () => {
    const text = serializeLayoutFile({ kind: 'diagram', layout: sample() });
    const back = parsed(text);
    assert.deepEqual(back, { kind: 'diagram', layout: sample() });
    assert.equal(serializeLayoutFile(back), text);
  });

  it('routes: one line per connection after the waypoints, read back; a file without them reads as before', () => {
    const l = sample();
    l.routes.set('web -> api', [{ x: 160, y: 94 }, { x: 240, y: 94 }]);
    l.routes.set('api -> db', [{ x: 360, y: 94.4 }, { x: 400, y: 94 }, { x: 400, y: 100 }, { x: 440, y: 100 }]);
    const text = serializeLayoutFile({ kind: 'diagram', layout: l });
    assert.ok(text.endsWith('  "routes": {\n    "api -> db": [[360, 94], [400, 94], [400, 100], [440, 100]],\n    "web -> api": [[160, 94], [240, 94]]\n  }\n}\n'), text);
    const back = parsed(text);
    assert.ok(back.kind === 'diagram');
    assert.deepEqual([...back.layout.routes.keys()], ['api -> db', 'web -> api']);
    assert.deepEqual(back.layout.routes.get('api -> db')![0], { x: 360, y: 94 });
    assert.equal(serializeLayoutFile(back), text);
    const without = parsed(serializeLayoutFile({ kind: 'diagram', layout: sample() }));
    assert.ok(without.kind === 'diagram' && without.layout.routes.size === 0);
    const bad = parseLayoutFile(text.replace('[[160, 94], [240, 94]]', '[[160, 94], "x"]'));
    assert.ok(!bad.ok && bad.problems[0]!.code === 'layout-value' && bad.problems[0]!.message.includes('the route of "web -> api"'), JSON.stringify(bad));
  });

  it('merging drops the routes of connections that are gone without naming them', () => {
    const l = sample();
    l.routes.set('web -> api', [{ x: 160, y: 94 }, { x: 240, y: 94 }]);
    l.routes.set('web -> db', [{ x: 160, y: 100 }, { x: 440, y: 100 }]);
    const { model } = parseDiagram('web\nbackend = group {\n  api\n  db\n}\nweb -> api\napi -> db');
    const { layout, dropped } = mergeLayout(l, model);
    assert.deepEqual(dropped, []);
    assert.deepEqual([...layout.routes.keys()], ['web -> api']);
  });

  it('writes sorted keys, one element per line, whole pixels', () => {
    const l = sample();
    l.nodes.set('a.first', { x: 10.4, y: 10.6, width: 99.5, height: -0.2 });
    const text = serializeLayoutFile({ kind: 'diagram', layout: l });
    assert.equal(
      text,
      [
        '{',
        `  "format": "${LAYOUT_FORMAT}",`,
        '  "direction": "LR",',
        '  "groups": {',
        '    "backend": { "x": 220, "y": 24, "width": 360, "height": 130 }',
        '  },',
        '  "nodes": {',
        '    "a.first": { "x": 10, "y": 11, "width": 100, "height": 0 },',
        '    "api": { "x": 240, "y": 70, "width": 120, "height": 48 },',
        '    "db": { "x": 440, "y": 70, "width": 120, "height": 60 },',
        '    "web": { "x": 40, "y": 70, "width": 120, "height": 48 }',
        '  },',
        '  "connections": {',
        '    "api -> db": [[400, 94], [400, 100]]',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('gives the same bytes whatever order the ids were inserted in', () => {
    const a = sample();
    const b = emptyLayout('LR');
    for (const id of ['db', 'web', 'api']) b.nodes.set(id, a.nodes.get(id)!);
    b.groups.set('backend', a.groups.get('backend')!);
    b.waypoints.set('api -> db', a.waypoints.get('api -> db')!);
    assert.equal(serializeLayoutFile({ kind: 'diagram', layout: a }), serializeLayoutFile({ kind: 'diagram', layout: b }));
  });

  it('moving one box changes exactly one line', () => {
    const before = serializeLayoutFile({ kind: 'diagram', layout: sample() }).split('\n');
    const l = sample();
    l.nodes.set('api', { x: 260, y: 90, width: 120, height: 48 });
    const after = serializeLayoutFile({ kind: 'diagram', layout: l }).split('\n');
    assert.equal(before.length, after.length);
    assert.deepEqual(after.flatMap((line, i) => (line === before[i] ? [] : [line])), ['    "api": { "x": 260, "y": 90, "width": 120, "height": 48 },']);
  });

  it('holds one entry per fence for Markdown, each round-tripping', () => {
    const diagrams = new Map([['overview', sample()], ['deploy', emptyLayout('TB')]]);
    diagrams.get('deploy')!.nodes.set('ci', { x: 24, y: 24, width: 120, height: 48 });
    const text = serializeLayoutFile({ kind: 'markdown', diagrams });
    assert.ok(text.indexOf('"deploy"') < text.indexOf('"overview"'), 'fence names sorted');
    const back = parsed(text, true);
    assert.equal(back.kind, 'markdown');
    if (back.kind !== 'markdown') return;
    assert.deepEqual([...back.diagrams.keys()].sort(), ['deploy', 'overview']);
    assert.deepEqual(back.diagrams.get('overview'), sample());
    assert.deepEqual(back.diagrams.get('deploy')!.nodes.get('ci'), { x: 24, y: 24, width: 120, height: 48 });
    assert.equal(serializeLayoutFile(back), text);
    assert.equal(serializeLayoutFile({ kind: 'markdown', diagrams: new Map() }), `{\n  "format": "${LAYOUT_FORMAT}",\n  "diagrams": {}\n}\n`);
  });

  it('names the file beside its document', () => {
    assert.equal(layoutFileName('shop.diagram'), 'shop.diagram.layout.json');
    assert.equal(layoutFileName('README.md'), 'README.md.layout.json');
  });

  it('accepts ids JSON must escape and ids that are Object prototype names', () => {
    const l = emptyLayout();
    l.nodes.set('__proto__', { x: 1, y: 2, width: 3, height: 4 });
    l.nodes.set('say "hi"', { x: 5, y: 6, width: 7, height: 8 });
    const back = parsed(serializeLayoutFile({ kind: 'diagram', layout: l }));
    assert.deepEqual(back, { kind: 'diagram', layout: l });
  });
});

describe('layout file: broken files are reported with a line and column', () => {
  const problem = (text: string, markdown = false) => {
    const r = parseLayoutFile(text, markdown);
    assert.equal(r.ok, false);
    if (r.ok) throw new Error('unreachable');
    assert.equal(r.problems.length, 1);
    return r.problems[0]!;
  };

  it('bad JSON: a missing comma, a trailing comma, an unterminated string, empty text', () => {
    const text = `{\n  "format": "${LAYOUT_FORMAT}"\n  "nodes": {}\n}\n`;
    assert.deepEqual({ ...problem(text), message: '' }, { code: 'layout-syntax', message: '', line: 3, column: 3 });
    assert.equal(problem(`{ "format": "${LAYOUT_FORMAT}", }`).code, 'layout-syntax');
    assert.equal(problem('{\n"format": "archf').line, 2);
    assert.equal(problem('').code, 'layout-syntax');
    assert.equal(problem(`{ "format": "${LAYOUT_FORMAT}" } x`).column, 18 + LAYOUT_FORMAT.length);
    const dup = problem(`{\n  "format": "${LAYOUT_FORMAT}",\n  "nodes": { "a": { "x": 1, "y": 1, "width": 1, "height": 1 }, "a": {} }\n}`);
    assert.deepEqual([dup.line, dup.column, dup.code], [3, 64, 'layout-syntax']);
  });

  it('a wrong or missing version', () => {
    const wrong = problem('{\n  "format": "archflow-layout-file/2",\n  "nodes": {}\n}');
    assert.deepEqual([wrong.code, wrong.line, wrong.column], ['layout-format', 2, 13]);
    assert.match(wrong.message, /archflow-layout-file\/2/);
    assert.equal(problem('{ "nodes": {} }').code, 'layout-format');
    assert.equal(problem('{ "format": 1 }').code, 'layout-format');
    assert.equal(problem('[1, 2]').code, 'layout-value');
  });

  it('wrong types: a string coordinate, a negative width, a missing field, a bad direction, bad waypoints', () => {
    const head = `{\n  "format": "${LAYOUT_FORMAT}",\n`;
    const s = problem(`${head}  "nodes": {\n    "a": { "x": "10", "y": 1, "width": 1, "height": 1 }\n  }\n}`);
    assert.deepEqual([s.code, s.line, s.column], ['layout-value', 4, 17]);
    assert.match(s.message, /"x" of node "a" must be a number/);
    assert.match(problem(`${head}  "nodes": { "a": { "x": 1, "y": 1, "width": -5, "height": 1 } }\n}`).message, /at least 0/);
    assert.match(problem(`${head}  "groups": { "g": { "x": 1, "y": 1, "width": 5 } }\n}`).message, /group "g" has no "height"/);
    assert.equal(problem(`${head}  "direction": "up"\n}`).line, 3);
    assert.equal(problem(`${head}  "connections": { "a -> b": [[1, 2, 3]] }\n}`).code, 'layout-value');
    assert.equal(problem(`${head}  "connections": { "a -> b": {} }\n}`).code, 'layout-value');
    assert.equal(problem(`${head}  "nodes": []\n}`).code, 'layout-value');
    assert.match(problem(`${head}  "diagrams": { "x": { "nodes": 3 } }\n}`, true).message, /of diagram "x"/);
  });

  it('skips fields it does not know (a later version may add some)', () => {
    const file = parsed(`{ "format": "${LAYOUT_FORMAT}", "hash": "abc", "nodes": { "a": { "x": 1, "y": 2, "width": 3, "height": 4, "locked": true } } }`);
    assert.deepEqual(file.kind === 'diagram' && file.layout.nodes.get('a'), { x: 1, y: 2, width: 3, height: 4 });
  });
});

describe('layout file: merging with the diagram', () => {
  const model = (text: string) => parseDiagram(text).model;

  it('keys connections by their ends, repeats numbered', () => {
    assert.deepEqual(connectionKeys([{ source: 'a', target: 'b' }, { source: 'b', target: 'a' }, { source: 'a', target: 'b' }]), ['a -> b', 'b -> a', 'a -> b #2']);
  });

  it('keeps ids the diagram has, drops and names the removed and renamed ones', () => {
    const layout = sample();
    // `db` renamed to `store`, `web` removed, `cache` added; the group and `api` stay.
    const m = model('backend = group "Backend" {\n  api = rectangle\n  store = cylinder\n}\ncache = rectangle\napi -> store\n');
    assert.deepEqual(staleIds(layout, m), ['api -> db', 'db', 'web']);
    const { layout: merged, dropped } = mergeLayout(layout, m);
    assert.deepEqual(dropped, ['api -> db', 'db', 'web']);
    assert.deepEqual([...merged.nodes.keys()], ['api']);
    assert.deepEqual([...merged.groups.keys()], ['backend']);
    assert.equal(merged.waypoints.size, 0);
    assert.equal(merged.direction, 'LR');
  });

  it('a node that became a group (or the reverse) is stale; nothing stale returns the same layout', () => {
    const layout = sample();
    const m = model('web = group {\n}\napi = rectangle\ndb = rectangle\nbackend = group {\n}\napi -> db\n');
    assert.deepEqual(mergeLayout(layout, m).dropped, ['web']);
    const all = model('backend = group {\n  api = rectangle\n  db = rectangle\n}\nweb = rectangle\napi -> db\n');
    const same = mergeLayout(layout, all);
    assert.equal(same.layout, layout);
    assert.deepEqual(same.dropped, []);
  });

  it('takes whole-pixel boxes and routes from a scene and carries the waypoints of connections still drawn', () => {
    const box = (id: string, x: number) => ({ id, x, y: 10.5, width: 100.25, height: 40 });
    const scene = {
      direction: 'TB',
      nodes: [box('a', 24.4), box('b', 200)],
      groups: [box('g', 10)],
      edges: [{ source: 'a', target: 'b', points: [{ x: 124.4, y: 30.5 }, { x: 200, y: 30.5 }] }],
    } as unknown as Scene;
    const previous = emptyLayout();
    previous.waypoints.set('a -> b', [{ x: 50.2, y: 60 }]);
    previous.waypoints.set('b -> a', [{ x: 1, y: 1 }]);
    const l = layoutFromScene(scene, previous);
    assert.equal(l.direction, 'TB');
    assert.deepEqual(l.nodes.get('a'), { x: 24, y: 11, width: 100, height: 40 });
    assert.deepEqual(l.groups.get('g'), { x: 10, y: 11, width: 100, height: 40 });
    assert.deepEqual([...l.waypoints], [['a -> b', [{ x: 50, y: 60 }]]]);
    assert.deepEqual([...l.routes], [['a -> b', [{ x: 124, y: 31 }, { x: 200, y: 31 }]]]);
  });
});
