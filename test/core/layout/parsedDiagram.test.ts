import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../../src/core/language';
import { layoutDiagram } from '../../../src/core/layout';
import { assertSceneInvariants } from './sceneChecks';

// The example of the language spec, plus an undeclared id and a self-connection.
const text = `diagrama "Load balancer"
direção LR

cliente = retângulo "Clientes" icon=lucide:monitor-smartphone
lb      = ícone logos:aws-elb "Load Balancer"

app = grupo "App tier" icon=logos:aws-ec2 {
  direção TB
  api1 = retângulo "API 1" icon=logos:nodejs-icon
  api2 = retângulo "API 2" icon=logos:nodejs-icon
}
db = cilindro "Postgres" icon=logos:postgresql

cliente -> lb "HTTPS" anim=pacotes
lb -> app anim=fluxo
api1 -> api2
app, db -> cache "get\\nset" estilo=tracejado
cache -> cache
`;

describe('layoutDiagram on a parsed document', () => {
  it('lays out every declared and implicit node of the spec example', async () => {
    const { model } = parseDiagram(text);
    const scene = await layoutDiagram(model, {});
    assertSceneInvariants(scene);
    assert.equal(scene.title, 'Load balancer');
    assert.deepEqual(scene.nodes.map((n) => n.id), model.elements.filter((e) => e.kind === 'node').map((e) => e.id));
    assert.equal(scene.nodes.find((n) => n.id === 'cache')?.implicit, true);
    assert.equal(scene.nodes.find((n) => n.id === 'lb')?.shape, 'icon');
    assert.equal(scene.edges.length, model.connections.length);
    assert.deepEqual(scene.edges.find((e) => e.source === 'app')?.label?.lines, ['get', 'set']);
    // No connection crosses the border of "app" (the outside ones end on it), so its TB holds.
    const [api1, api2] = ['api1', 'api2'].map((id) => scene.nodes.find((n) => n.id === id)!);
    assert.ok(api2!.y >= api1!.y + api1!.height, 'api2 is below api1');
  });
});
