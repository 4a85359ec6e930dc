/** A deterministic architecture of `nodes` nodes (the Markdown benchmark's fences, also drawn by the unit tests): a spanning tree plus a few cross links, two groups. */
export function benchDiagramText(seed: number, nodes: number): string {
  let state = seed * 2654435761 + 1;
  const rand = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const shapes = ['rectangle', 'rounded', 'cylinder', 'queue', 'hexagon'];
  const lines = [`diagram "Part ${seed}"`, 'direction LR'];
  lines.push('edge = group "Edge" {', '  n0 = rectangle "Gateway"', '  n1 = rounded "Auth"', '}');
  for (let i = 2; i < nodes; i++) lines.push(`n${i} = ${shapes[i % shapes.length]} "Service ${i}"`);
  for (let i = 1; i < nodes; i++) lines.push(`n${Math.floor(rand() * i)} -> n${i}${i % 6 === 0 ? ` "call ${i}"` : ''}`);
  for (let k = 0; k < nodes / 5; k++) {
    const a = Math.floor(rand() * nodes);
    const b = Math.floor(rand() * nodes);
    if (a !== b) lines.push(`n${Math.min(a, b)} -> n${Math.max(a, b)}`);
  }
  return lines.join('\n');
}
