// Regenerates syntaxes/diagram.tmLanguage.json from the core's vocabulary.
// Usage: node --import tsx src/extension/grammar/writeGrammar.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagramGrammar } from './diagramGrammar';

const target = join(import.meta.dirname, '../../../syntaxes/diagram.tmLanguage.json');
writeFileSync(target, `${JSON.stringify(diagramGrammar(), null, 2)}\n`);
console.error(`[grammar] wrote ${target}`);
