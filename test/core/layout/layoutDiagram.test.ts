import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GROUP_FRAME, GROUP_METRICS, groupTitleBarHeight, layoutDiagram, NODE_METRICS, SCENE_MARGIN } from '../../../src/core/layout';
import type { Scene, SceneGroup, SceneNode } from '../../../src/core/scene';
import { ELLIPSIS, MAX_LABEL_LENGTH } from '../../../src/core/labelLimit';
import { personFigure } from '../../../src/core/layout/personFigure';
import { parseDiagram } from '../../../src/core/language';
import { diagram, generated, type EdgeSpec } from './builders';
import { assertSceneInvariants, boxesOf, contains, labelBox, onBorder, overlaps } from './sceneChecks';

const node = (scene: Scene, id: string): SceneNode => {
  const n = scene.nodes.find((x) => x.id === id);
  assert.ok(n, `node ${id} is in the scene`);
  return n;
};
const center = (b: { x: number; y: number; width: number; height: number }) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** A model that exercises most features at once. */
const mixed = diagram({
  title: 'Mixed',
  direction: 'LR',
  elements: [
    { id: 'client', shape: 'person', label: 'Clients', icon: 'lucide:user' },
    { id: 'lb', shape: 'icon', icon: 'logos:aws-elb', label: 'Load Balancer' },
    { group: 'app', label: 'App tier', icon: 'logos:aws-ec2' },
    { id: 'api1', parent: 'app', label: 'API 1', icon: 'logos:nodejs-icon' },
    { id: 'api2', parent: 'app', label: 'API 2', icon: 'logos:nodejs-icon' },
    { group: 'workers', parent: 'app', label: 'Workers', direction: 'TB' },
    { id: 'w1', parent: 'workers' },
    { id: 'w2', parent: 'workers' },
    { id: 'db', shape: 'cylinder', label: 'Postgres\nprimary', icon: 'logos:postgresql' },
    { id: 'cache', shape: 'hexagon', label: 'Redis' },
    { id: 'ghost', implicit: true },
  ],
  edges: [
    ['client', 'lb', { label: 'HTTPS' }],
    ['lb', 'api1'],
    ['lb', 'api2'],
    ['api1', 'db', { label: 'SQL' }],
    ['api2', 'db', { label: 'SQL' }],
    ['api2', 'cache', { label: 'get/set' }],
    ['w1', 'w2'],
    ['app', 'ghost', { label: 'metrics' }],
    ['lb', 'nowhere'],
  ],
});
const mixedIcons = { 'logos:aws-elb': { body: '<path d="M0 0h1v1z"/>', width: 24, height: 24 }, 'lucide:user': null, unused: { body: '<g/>', width: 1, height: 1 } };

describe('layoutDiagram', () => {
  it('is deterministic: the same input gives deep-equal and byte-equal scenes', async () => {
    const a = await layoutDiagram(mixed, mixedIcons);
    const b = await layoutDiagram(mixed, mixedIcons);
    assert.deepStrictEqual(a, b);
    assert.equal(JSON.stringify(a), JSON.stringify(b));
    // The scene is plain JSON data.
    assert.deepStrictEqual(JSON.parse(JSON.stringify(a)), a);
  });

  it('satisfies every geometric invariant on a mixed diagram', async () => {
    const scene = await layoutDiagram(mixed, mixedIcons);
    assertSceneInvariants(scene);
    assert.equal(scene.title, 'Mixed');
    assert.equal(scene.direction, 'LR');
    assert.equal(scene.theme, 'auto');
    assert.deepEqual(scene.nodes.map((n) => n.id), ['client', 'lb', 'api1', 'api2', 'w1', 'w2', 'db', 'cache', 'ghost']);
    assert.deepEqual(scene.groups.map((g) => [g.id, g.depth, g.parent]), [['app', 0, undefined], ['workers', 1, 'app']]);
  });

  it('starts the drawing at the margin', async () => {
    const scene = await layoutDiagram(mixed, mixedIcons);
    const xs = [...scene.nodes, ...scene.groups].map((e) => e.x);
    const ys = [...scene.nodes, ...scene.groups].map((e) => e.y);
    const points = scene.edges.flatMap((e) => e.points);
    assert.equal(Math.min(...xs, ...points.map((p) => p.x)), SCENE_MARGIN);
    assert.equal(Math.min(...ys, ...points.map((p) => p.y)), SCENE_MARGIN);
    const custom = await layoutDiagram(mixed, mixedIcons, { margin: 5 });
    assert.equal(custom.width, scene.width - 2 * (SCENE_MARGIN - 5));
  });

  it('skips connections to missing ids and keeps the others in model order', async () => {
    const scene = await layoutDiagram(mixed, mixedIcons);
    assert.deepEqual(scene.edges.map((e) => e.id), ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    assert.ok(!scene.edges.some((e) => e.target === 'nowhere'));
  });

  it('copies the icons the diagram uses, null for unknown ones', async () => {
    const scene = await layoutDiagram(mixed, mixedIcons);
    assert.deepEqual(Object.keys(scene.icons).sort(), ['logos:aws-ec2', 'logos:aws-elb', 'logos:nodejs-icon', 'logos:postgresql', 'lucide:user']);
    assert.deepEqual(scene.icons['logos:aws-elb'], mixedIcons['logos:aws-elb']);
    assert.equal(scene.icons['lucide:user'], null);
    assert.equal(scene.icons['logos:postgresql'], null);
    // Every element with an icon gets an icon box inside its own box, missing icon or not.
    for (const e of [...scene.nodes, ...scene.groups]) {
      assert.equal(e.iconBox !== undefined, e.icon !== undefined, e.id);
      if (e.iconBox) assert.ok(contains(e, { x: e.iconBox.x, y: e.iconBox.y, width: e.iconBox.size, height: e.iconBox.size }), e.id);
    }
  });

  it('draws persons as a head over shoulders, every label below the head and clear of the shoulders, every connection on the outline', async () => {
    const { model } = parseDiagram(
      [
        'direction LR',
        'a = rect "A"\nb = rect "B"\nc = rect "C"\nd = rect "D"',
        'p = person "Customer"',
        'q = person "A support agent with a long label that wraps" icon=lucide:headset size=large',
        'r = actor "Ops" size=small icon=lucide:user',
        'a, b, c, d -> p',
        'p -> q, r',
        'q -> a',
        't = group "Top-down" {\n  direction TB\n  u = person "User"\n  x = rect "X"\n  y = rect "Y"\n  z = rect "Z"\n  x, y, z -> u\n  u -> x\n}',
      ].join('\n'),
    );
    const scene = await layoutDiagram(model, {});
    assertSceneInvariants(scene);
    const persons = scene.nodes.filter((n) => n.shape === 'person');
    assert.equal(persons.length, 4);
    for (const n of persons) {
      const f = personFigure(n.width, n.size, n.height);
      const label = { x: n.labelPosition.x - n.x, y: n.labelPosition.y - n.y, width: n.label.width, height: n.label.height };
      const content = n.iconBox ? Math.min(label.y, n.iconBox.y - n.y) : label.y;
      assert.ok(content >= f.bodyTop, `${n.id}: content starts below the head and the notch`);
      // Where the content starts, the shoulders' rounding leaves it room on both sides.
      const depth = f.shoulderTop + f.shoulderRadius - content;
      const inset = depth > 0 ? f.shoulderRadius - Math.sqrt(f.shoulderRadius ** 2 - depth ** 2) : 0;
      assert.ok(label.x >= inset && label.x + label.width <= n.width - inset, `${n.id}: label clear of the shoulders`);
      assert.ok(n.height / 2 >= f.shoulderTop + f.shoulderRadius - 0.01, `${n.id}: the middle of each side is straight`);
    }
  });

  it('places every node label inside its node, and group titles inside the title bar', async () => {
    const scene = await layoutDiagram(mixed, mixedIcons);
    for (const n of scene.nodes) {
      assert.ok(contains(n, { ...n.labelPosition, width: n.label.width, height: n.label.height }), n.id);
      if (n.iconBox) assert.ok(!overlaps({ ...n.labelPosition, width: n.label.width, height: n.label.height }, { x: n.iconBox.x, y: n.iconBox.y, width: n.iconBox.size, height: n.iconBox.size }), `${n.id}: icon and label apart`);
    }
    for (const g of scene.groups) {
      assert.ok(contains(g, { ...g.labelPosition, width: g.label.width, height: g.label.height }), g.id);
      const children = [...scene.nodes, ...scene.groups].filter((e) => e.parent === g.id);
      for (const c of children) assert.ok(g.labelPosition.y + g.label.height <= c.y, `${g.id}'s title is above ${c.id}`);
    }
  });

  it('lays out implicit nodes, marked implicit with line 0', async () => {
    const scene = await layoutDiagram(mixed, mixedIcons);
    const ghost = node(scene, 'ghost');
    assert.equal(ghost.implicit, true);
    assert.equal(ghost.line, 0);
    assert.ok(ghost.width > 0 && ghost.height > 0);
    assert.equal(node(scene, 'client').line, 1);
    assert.equal(node(scene, 'client').implicit, undefined);
  });

  it('gives an empty diagram a valid small scene', async () => {
    const scene = await layoutDiagram(diagram({}), {});
    assert.deepEqual(scene, { direction: 'LR', theme: 'auto', width: 2 * SCENE_MARGIN, height: 2 * SCENE_MARGIN, groups: [], nodes: [], edges: [], icons: {} });
  });

  it('never throws on odd but valid models', async () => {
    const odd = diagram({
      elements: [
        { group: 'g' },
        { id: 'a', parent: 'g' },
        { id: 'b', parent: 'missing' },
        { id: 'c', parent: 'a' },
        { group: 'empty', label: 'An empty group with a rather long title' },
        { id: 'a', label: 'duplicate declaration' },
      ],
      edges: [['a', 'a'], ['g', 'a'], ['g', 'g'], ['empty', 'b'], ['c', 'g', { label: 'up' }], ['x', 'y']],
    });
    const scene = await layoutDiagram(odd, {});
    assertSceneInvariants(scene);
    assert.deepEqual(scene.nodes.map((n) => [n.id, n.parent]), [['a', 'g'], ['b', undefined], ['c', undefined]]);
    assert.equal(scene.edges.length, 5);
    const empty = scene.groups.find((g) => g.id === 'empty')!;
    assert.ok(empty.width >= empty.label.width, 'an empty group is as wide as its title');
  });
});

describe('layoutDiagram directions', () => {
  const chain = (direction: 'LR' | 'RL' | 'TB' | 'BT') =>
    diagram({ direction, elements: ['a', 'b', 'c', 'd'].map((id) => ({ id })), edges: [['a', 'b'], ['b', 'c'], ['c', 'd'], ['a', 'c']] });

  const cases: [('LR' | 'RL' | 'TB' | 'BT'), (s: { x: number; y: number }, t: { x: number; y: number }) => boolean][] = [
    ['LR', (s, t) => t.x > s.x],
    ['RL', (s, t) => t.x < s.x],
    ['TB', (s, t) => t.y > s.y],
    ['BT', (s, t) => t.y < s.y],
  ];
  for (const [direction, forward] of cases) {
    it(`${direction}: every connection goes ${direction === 'LR' ? 'right' : direction === 'RL' ? 'left' : direction === 'TB' ? 'down' : 'up'}`, async () => {
      const scene = await layoutDiagram(chain(direction), {});
      assertSceneInvariants(scene);
      assert.equal(scene.direction, direction);
      const boxes = boxesOf(scene);
      for (const e of scene.edges) {
        assert.ok(forward(center(boxes.get(e.source)!), center(boxes.get(e.target)!)), `${e.source} -> ${e.target}`);
        const first = e.points[0]!;
        const last = e.points[e.points.length - 1]!;
        assert.ok(forward(first, last), `${e.id} runs forward`);
      }
    });
  }

  it('mirrors RL against LR and BT against TB', async () => {
    const lr = await layoutDiagram(chain('LR'), {});
    const rl = await layoutDiagram(chain('RL'), {});
    const tb = await layoutDiagram(chain('TB'), {});
    const bt = await layoutDiagram(chain('BT'), {});
    for (const id of ['a', 'b', 'c', 'd']) {
      const [l, r, t, b] = [lr, rl, tb, bt].map((s) => node(s, id));
      assert.ok(Math.abs(l!.x - (lr.width - r!.x - r!.width)) <= 1, `${id} mirrored horizontally`);
      assert.ok(Math.abs(t!.y - (tb.height - b!.y - b!.height)) <= 1, `${id} mirrored vertically`);
    }
  });

  it('lets options.direction override the model', async () => {
    const scene = await layoutDiagram(chain('LR'), {}, { direction: 'TB' });
    assert.equal(scene.direction, 'TB');
    assert.ok(node(scene, 'b').y > node(scene, 'a').y);
  });

  it("honours a group's own direction when no connection crosses its border", async () => {
    const model = diagram({
      direction: 'LR',
      elements: [
        { id: 'in' },
        { group: 'down', direction: 'TB' },
        { id: 'd1', parent: 'down' },
        { id: 'd2', parent: 'down' },
        { id: 'd3', parent: 'down' },
        { group: 'across', parent: 'down', direction: 'RL' },
        { id: 'r1', parent: 'across' },
        { id: 'r2', parent: 'across' },
        { id: 'out' },
      ],
      edges: [['in', 'down'], ['d1', 'd2', { label: 'inside' }], ['d2', 'd3'], ['r1', 'r2', { label: 'nested' }], ['down', 'out']],
    });
    const scene = await layoutDiagram(model, {});
    assertSceneInvariants(scene);
    // Labels of a separately laid out group are in absolute coordinates too.
    for (const [edgeId, groupId] of [['c1', 'down'], ['c3', 'across']]) {
      const lb = labelBox(scene.edges.find((e) => e.id === edgeId)!)!;
      assert.ok(contains(scene.groups.find((g) => g.id === groupId)!, lb), `${edgeId}'s label is inside ${groupId}`);
      for (const n of scene.nodes) assert.ok(!overlaps(lb, n), `${edgeId}'s label is clear of ${n.id}`);
    }
    const [d1, d2, d3, r1, r2] = ['d1', 'd2', 'd3', 'r1', 'r2'].map((id) => node(scene, id));
    assert.ok(d2!.y >= d1!.y + d1!.height && d3!.y >= d2!.y + d2!.height, 'TB inside the group');
    assert.ok(r2!.x + r2!.width <= r1!.x, 'RL inside the nested group');
    const down = scene.groups.find((g) => g.id === 'down')!;
    assert.ok(node(scene, 'in').x + node(scene, 'in').width <= down.x && down.x + down.width <= node(scene, 'out').x, 'LR at the top level');
  });

  it('keeps a sealed group in its own direction even inside a group crossed by connections', async () => {
    const model = diagram({
      direction: 'TB',
      elements: [
        { id: 'top' },
        { group: 'outer', direction: 'LR' },
        { id: 'o1', parent: 'outer' },
        { group: 'inner', parent: 'outer', direction: 'LR' },
        { id: 'i1', parent: 'inner' },
        { id: 'i2', parent: 'inner' },
        { id: 'i3', parent: 'inner' },
      ],
      edges: [['top', 'o1'], ['o1', 'inner'], ['i1', 'i2'], ['i2', 'i3']],
    });
    const scene = await layoutDiagram(model, {});
    assertSceneInvariants(scene);
    const [i1, i2, i3] = ['i1', 'i2', 'i3'].map((id) => node(scene, id));
    assert.ok(i2!.x >= i1!.x + i1!.width && i3!.x >= i2!.x + i2!.width, 'LR inside the sealed inner group');
    assert.ok(node(scene, 'o1').y > node(scene, 'top').y + node(scene, 'top').height, 'outer is crossed, so it follows TB');
  });

  it('honours a sealed group direction when connections cross groups inside it', async () => {
    const model = diagram({
      direction: 'LR',
      elements: [
        { id: 'a' },
        { group: 'g', direction: 'TB' },
        { id: 'b', parent: 'g' },
        { id: 'c', parent: 'g' },
        { group: 'h', parent: 'g', direction: 'RL' },
        { id: 'h1', parent: 'h' },
        { id: 'h2', parent: 'h' },
        { id: 'z' },
      ],
      edges: [['a', 'g'], ['b', 'c'], ['c', 'h1', { label: 'into h' }], ['h1', 'h2'], ['g', 'z']],
    });
    const scene = await layoutDiagram(model, {});
    assertSceneInvariants(scene);
    const [a, b, c, h1, h2, z] = ['a', 'b', 'c', 'h1', 'h2', 'z'].map((id) => node(scene, id));
    const g = scene.groups.find((x) => x.id === 'g')!;
    assert.ok(a!.x + a!.width <= g.x && g.x + g.width <= z!.x, 'LR at the top level');
    assert.ok(c!.y >= b!.y + b!.height && h1!.y >= c!.y + c!.height, 'TB inside g');
    // h is crossed by c -> h1, so it follows g's run (TB) rather than its own RL.
    assert.ok(h2!.y >= h1!.y + h1!.height, 'h follows the TB of its run');
  });

  it("documented compromise: a group crossed by a connection follows its run's direction", async () => {
    const model = diagram({
      direction: 'LR',
      elements: [{ id: 'src' }, { group: 'g', direction: 'TB' }, { id: 'g1', parent: 'g' }, { id: 'g2', parent: 'g' }, { id: 'g3', parent: 'g' }],
      edges: [['src', 'g1'], ['g1', 'g2'], ['g2', 'g3']],
    });
    const scene = await layoutDiagram(model, {});
    assertSceneInvariants(scene);
    const [g1, g2, g3] = ['g1', 'g2', 'g3'].map((id) => node(scene, id));
    assert.ok(g2!.x >= g1!.x + g1!.width && g3!.x >= g2!.x + g2!.width, 'laid out LR, like the diagram');
  });
});

describe('layoutDiagram groups and edges', () => {
  it('attaches connections whose end is a group to the group border', async () => {
    const model = diagram({
      direction: 'TB',
      elements: [{ id: 'a' }, { group: 'g', label: 'Cluster' }, { id: 'x', parent: 'g' }, { id: 'y', parent: 'g' }, { id: 'z' }, { group: 'h' }, { id: 'h1', parent: 'h' }],
      edges: [['a', 'g', { label: 'deploys' }], ['g', 'z'], ['x', 'y'], ['z', 'h'], ['a', 'h1']],
    });
    const scene = await layoutDiagram(model, {});
    assertSceneInvariants(scene);
    const g = scene.groups.find((x) => x.id === 'g')!;
    const toGroup = scene.edges.find((e) => e.target === 'g')!;
    assert.ok(onBorder(toGroup.points[toGroup.points.length - 1]!, g));
    const fromGroup = scene.edges.find((e) => e.source === 'g')!;
    assert.ok(onBorder(fromGroup.points[0]!, g));
  });

  it('keeps nested groups and their children inside their parents', async () => {
    const model = diagram({
      elements: [
        { group: 'l0', label: 'Level 0', icon: 'mdi:cloud' },
        { group: 'l1', parent: 'l0', label: 'Level 1\nsecond line' },
        { group: 'l2', parent: 'l1', label: 'Level 2' },
        { id: 'deep', parent: 'l2' },
        { id: 'mid', parent: 'l1' },
        { id: 'top', parent: 'l0' },
        { id: 'outside' },
      ],
      edges: [['outside', 'deep'], ['deep', 'mid'], ['mid', 'top'], ['top', 'outside']],
    });
    const scene = await layoutDiagram(model, {});
    assertSceneInvariants(scene);
    assert.deepEqual(scene.groups.map((g) => [g.id, g.depth]), [['l0', 0], ['l1', 1], ['l2', 2]]);
    const boxes = boxesOf(scene);
    assert.ok(contains(boxes.get('l0')!, boxes.get('l2')!));
    assert.ok(!overlaps(boxes.get('l0')!, boxes.get('outside')!));
  });

  it('makes a group wide enough for its whole title, crossed or not', async () => {
    const title = 'A group whose title is much longer than its only child';
    const model = diagram({
      elements: [{ group: 'sealed', label: title, icon: 'mdi:box' }, { id: 's', parent: 'sealed', shape: 'text', label: 'x' }, { group: 'crossed', label: title }, { id: 'c', parent: 'crossed', shape: 'text', label: 'y' }, { id: 'out' }],
      edges: [['out', 'c']],
    });
    const scene = await layoutDiagram(model, {});
    assertSceneInvariants(scene);
    for (const g of scene.groups) {
      assert.ok(g.labelPosition.x + g.label.width <= g.x + g.width, `${g.id}'s title fits`);
      assert.ok(g.label.lines.length >= 1 && g.label.width > 200, `${g.id}'s title is long`);
    }
  });

  it('keeps edge label boxes off every node', async () => {
    const edges: EdgeSpec[] = [
      ['a', 'b', { label: 'HTTPS' }],
      ['a', 'c', { label: 'gRPC stream' }],
      ['a', 'd', { label: 'a long label that wraps onto two lines' }],
      ['b', 'e', { label: 'SQL\nread/write' }],
      ['c', 'e', { label: 'SQL' }],
      ['d', 'e', { label: 'events' }],
      ['e', 'a', { label: 'feedback' }],
      ['x', 'y', { label: 'inside' }],
      ['b', 'x', { label: 'into group' }],
    ];
    for (const direction of ['LR', 'TB'] as const) {
      const model = diagram({
        direction,
        elements: [{ id: 'a' }, { id: 'b', shape: 'circle' }, { id: 'c' }, { id: 'd', shape: 'diamond' }, { id: 'e', shape: 'cylinder' }, { group: 'g' }, { id: 'x', parent: 'g' }, { id: 'y', parent: 'g' }],
        edges,
      });
      const scene = await layoutDiagram(model, {});
      assertSceneInvariants(scene);
      const labelled = scene.edges.filter((e) => e.label);
      assert.equal(labelled.length, edges.length);
      for (const e of labelled) {
        const lb = labelBox(e)!;
        for (const n of scene.nodes) assert.ok(!overlaps(lb, n), `${direction}: label of ${e.id} clear of ${n.id}`);
      }
      const twoLines = scene.edges.find((e) => e.id === 'c3')!;
      assert.deepEqual(twoLines.label!.lines, ['SQL', 'read/write']);
      assert.ok(scene.edges.find((e) => e.id === 'c2')!.label!.lines.length >= 2, 'long edge label wraps');
    }
  });

  it('completes a generated 300-node graph with groups', { timeout: 120_000 }, async () => {
    const model = generated(300);
    const scene = await layoutDiagram(model, {});
    assert.equal(scene.nodes.length, 300);
    assert.equal(scene.edges.length, model.connections.length);
    assert.ok(scene.groups.length > 0);
    assertSceneInvariants(scene);
  });
});

describe('layoutDiagram node sizes', () => {
  const single = (spec: Parameters<typeof diagram>[0]['elements']) => layoutDiagram(diagram({ elements: spec }), {});

  it('grows nodes with their label, wrapping long labels', async () => {
    const long = 'An unusually long service name that cannot fit on one line';
    const scene = await single([{ id: 'short', label: 'DB' }, { id: 'long', label: long }, { id: 'multi', label: 'one\ntwo\nthree' }]);
    const [s, l, m] = ['short', 'long', 'multi'].map((id) => node(scene, id));
    assert.equal(s!.width, NODE_METRICS.medium.minWidth);
    assert.ok(l!.label.lines.length > 1);
    assert.ok(l!.label.width <= NODE_METRICS.medium.maxLabelWidth);
    assert.ok(l!.height > s!.height && l!.width > s!.width);
    assert.deepEqual(m!.label.lines, ['one', 'two', 'three']);
    assert.ok(m!.height >= m!.label.height + 2 * NODE_METRICS.medium.paddingY);
  });

  it('draws a label past the limit shortened with an ellipsis, the whole label leading the tooltip', async () => {
    const blob = 'QUJD'.repeat(50_000);
    const { model } = parseDiagram(
      `diagram "${'T'.repeat(MAX_LABEL_LENGTH + 1)}"\n` +
        `g = group "${blob}" {\n  a = rect "${blob}" tooltip="base64 of the key"\n}\nb = rect\na -> b "${blob}"\nc = rect "${'c'.repeat(MAX_LABEL_LENGTH)}"`,
    );
    const scene = await layoutDiagram(model, {});
    const a = node(scene, 'a');
    const g = scene.groups.find((x) => x.id === 'g')!;
    const edge = scene.edges[0]!;
    for (const block of [a.label, g.label, edge.label!]) {
      const drawn = block.lines.join('');
      assert.ok(drawn.endsWith(ELLIPSIS), 'ends with an ellipsis');
      assert.equal(drawn.length, MAX_LABEL_LENGTH, 'the first characters, then the ellipsis');
      assert.ok(blob.startsWith(drawn.slice(0, -1)));
    }
    assert.equal(a.tooltip, `${blob}\n\nbase64 of the key`);
    assert.equal(g.tooltip, blob);
    assert.equal(edge.tooltip, blob);
    assert.ok(a.height < 1000, `a box of ${a.height} px, not thousands of lines`);
    // Up to the limit a label is drawn whole, with no tooltip of its own.
    const c = node(scene, 'c');
    assert.equal(c.label.lines.join(''), 'c'.repeat(MAX_LABEL_LENGTH));
    assert.equal(c.tooltip, undefined);
    // The scene keeps the whole title; the renderers shorten it (see drawnTitle).
    assert.equal(scene.title, 'T'.repeat(MAX_LABEL_LENGTH + 1));
  });

  it('gives circles, diamonds and hexagons more room than rectangles for the same label', async () => {
    const label = 'Payment service';
    const scene = await single((['rectangle', 'circle', 'diamond', 'hexagon', 'cloud'] as const).map((shape) => ({ id: shape, shape, label })));
    const area = (id: string) => node(scene, id).width * node(scene, id).height;
    for (const shape of ['circle', 'diamond', 'hexagon', 'cloud']) assert.ok(area(shape) > area('rectangle'), shape);
    assert.equal(node(scene, 'circle').width, node(scene, 'circle').height);
  });

  it('draws the icon shape as a big icon with the label under it, and text as just the label', async () => {
    const scene = await single([
      { id: 'i', shape: 'icon', icon: 'logos:aws-lambda', label: 'Lambda' },
      { id: 'r', shape: 'rectangle', icon: 'logos:aws-lambda', label: 'Lambda' },
      { id: 't', shape: 'text', label: 'Lambda' },
    ]);
    const [i, r, t] = ['i', 'r', 't'].map((id) => node(scene, id));
    assert.equal(i!.iconBox!.size, NODE_METRICS.medium.bigIconSize);
    assert.ok(i!.labelPosition.y >= i!.iconBox!.y + i!.iconBox!.size, 'label under the icon');
    assert.ok(r!.iconBox!.size < i!.iconBox!.size);
    assert.ok(t!.width < r!.width && t!.height < r!.height, 'text is just the label');
    assert.ok(t!.width >= t!.label.width && t!.height >= t!.label.height);
  });

  it('scales fonts, icons and boxes with size', async () => {
    const sizes = ['small', 'medium', 'large'] as const;
    const scene = await single(sizes.map((size) => ({ id: size, size, label: 'Queue', icon: 'mdi:tray' })));
    const [s, m, l] = sizes.map((id) => node(scene, id));
    assert.ok(s!.label.fontSize < m!.label.fontSize && m!.label.fontSize < l!.label.fontSize);
    assert.ok(s!.iconBox!.size < m!.iconBox!.size && m!.iconBox!.size < l!.iconBox!.size);
    assert.ok(s!.width < m!.width && m!.width < l!.width && s!.height < m!.height && m!.height < l!.height);
  });
});

describe('layoutDiagram group sizes', () => {
  const sizes = ['small', 'medium', 'large'] as const;
  const sized = (withIcon: boolean) =>
    diagram({
      elements: sizes.flatMap((size) => [
        withIcon ? { group: size, size, label: 'Payments', icon: 'mdi:cash' } : { group: size, size, label: 'Payments' },
        { id: `${size}Child`, parent: size },
      ]),
    });
  const group = (scene: Scene, id: string): SceneGroup => {
    const g = scene.groups.find((x) => x.id === id);
    assert.ok(g, `group ${id} is in the scene`);
    return g;
  };
  // The title label is centred in the title bar, so the bar's height follows from the scene.
  const titleBar = (g: SceneGroup) => 2 * (g.labelPosition.y - g.y) + g.label.height;

  it('scales the title bar with size: small < medium < large, children below it', async () => {
    for (const withIcon of [false, true]) {
      const scene = await layoutDiagram(sized(withIcon), {});
      assertSceneInvariants(scene);
      const [s, m, l] = sizes.map((id) => group(scene, id));
      assert.deepEqual([s!.size, m!.size, l!.size], sizes);
      assert.ok(titleBar(s!) < titleBar(m!) && titleBar(m!) < titleBar(l!), `bars ${[s, m, l].map((g) => titleBar(g!))}`);
      assert.ok(s!.label.fontSize < m!.label.fontSize && m!.label.fontSize < l!.label.fontSize);
      assert.ok(l!.label.fontSize >= 1.2 * m!.label.fontSize, 'large is clearly larger');
      for (const g of [s!, m!, l!]) {
        // Positions are rounded to 1/100 px.
        assert.ok(Math.abs(titleBar(g) - groupTitleBarHeight(g.label.height, withIcon, g.size)) < 0.05, g.id);
        const child = node(scene, `${g.id}Child`);
        assert.ok(child.y >= g.y + titleBar(g) + GROUP_FRAME.contentGap - 0.01, `${g.id}'s child is below its title bar`);
        if (withIcon) {
          assert.equal(g.iconBox!.size, GROUP_METRICS[g.size].iconSize, g.id);
          assert.ok(g.iconBox!.x + g.iconBox!.size <= g.labelPosition.x, `${g.id}: icon left of the title`);
        }
      }
      if (withIcon) assert.ok(s!.iconBox!.size < m!.iconBox!.size && m!.iconBox!.size < l!.iconBox!.size);
    }
  });

  it('keeps medium, the default, exactly as before sizes existed', async () => {
    assert.deepEqual(GROUP_METRICS.medium, { fontSize: 13, iconSize: 18, titlePaddingX: 12, titlePaddingY: 8, titleGap: 6, maxLabelWidth: 320 });
    const explicit = await layoutDiagram(diagram({ elements: [{ group: 'g', size: 'medium', label: 'Payments', icon: 'mdi:cash' }, { id: 'x', parent: 'g' }] }), {});
    const implicit = await layoutDiagram(diagram({ elements: [{ group: 'g', label: 'Payments', icon: 'mdi:cash' }, { id: 'x', parent: 'g' }] }), {});
    assert.deepEqual(implicit, explicit);
    const g = group(implicit, 'g');
    assert.equal(g.size, 'medium');
    assert.equal(g.label.fontSize, 13);
    assert.equal(g.label.fontWeight, 600);
    assert.equal(g.iconBox!.size, 18);
    assert.equal(g.iconBox!.x - g.x, 12);
    assert.equal(g.labelPosition.x - g.x, 12 + 18 + 6);
    assert.ok(Math.abs(titleBar(g) - (Math.max(g.label.height, 18) + 2 * 8)) < 0.05);
  });
});

describe('ELK tuning by size', () => {
  it('keeps ELK default effort and every quality option for ordinary diagrams and eases off for large ones', async () => {
    const { elkTuning } = await import('../../../src/core/layout/elkTuning');
    const effort = (n: number) => elkTuning(n).run['elk.layered.thoroughness'];
    assert.deepEqual([effort(10), effort(200), effort(201), effort(500), effort(501), effort(1000)], ['7', '7', '3', '3', '1', '1']);
    const small = elkTuning(200);
    assert.equal(small.run['elk.layered.nodePlacement.strategy'], 'NETWORK_SIMPLEX');
    assert.equal(small.run['elk.layered.crossingMinimization.greedySwitchHierarchical.type'], 'TWO_SIDED');
    assert.equal(small.runRoot['elk.layered.crossingMinimization.forceNodeModelOrder'], 'true');
    const large = elkTuning(201);
    assert.equal(large.run['elk.layered.nodePlacement.strategy'], undefined);
    assert.equal(large.run['elk.layered.crossingMinimization.greedySwitchHierarchical.type'], undefined);
    assert.equal(large.runRoot['elk.layered.crossingMinimization.forceNodeModelOrder'], undefined);
    // Model order's tie-break is what made the 300-node layout several times raw elkjs.
    assert.deepEqual(large, { run: { 'elk.layered.thoroughness': '3' }, runRoot: {} });
    assert.deepEqual(elkTuning(501), { run: { 'elk.layered.thoroughness': '1' }, runRoot: {} });
  });

  it('sets the model-order options on the root of a run and never on a group inside it', async () => {
    const { buildElkGraph } = await import('../../../src/core/layout/elkGraph');
    const { buildHierarchy } = await import('../../../src/core/layout/hierarchy');
    const { parseDiagram } = await import('../../../src/core/language');
    const { model } = parseDiagram('a = rectangle "A"\ng = group "G" {\n  b = rectangle "B"\n}\na -> b\n');
    const { graph } = buildElkGraph(buildHierarchy(model, 'LR'), 'LR');
    assert.equal(graph.layoutOptions!['elk.layered.considerModelOrder.strategy'], 'NODES_AND_EDGES');
    const g = graph.children!.find((c) => c.id === 'g')!;
    assert.equal(g.layoutOptions!['elk.hierarchyHandling'], 'INCLUDE_CHILDREN');
    assert.equal(g.layoutOptions!['elk.layered.considerModelOrder.strategy'], undefined);
    assert.equal(g.layoutOptions!['elk.layered.nodePlacement.strategy'], 'NETWORK_SIMPLEX');
  });
});
