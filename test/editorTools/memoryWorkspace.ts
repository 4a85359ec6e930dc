// A DiagramWorkspace over real files with an editor's documents held in memory: what the
// VS Code adapter does, minus VS Code (the code-server suite tests that one). Opening a file
// reads it from disk; edits change the open document (version + 1, dirty) and are saved
// when it was clean, as the adapter does; `type` is the user typing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { analyzeText } from '../../src/core/analysis';
import { layoutDiagram } from '../../src/core/layout';
import type { Scene } from '../../src/core/scene';
import type { DiagramDocument, DiagramWorkspace, EditOutcome } from '../../src/editorTools';

interface OpenDoc {
  path?: string;
  name: string;
  text: string;
  version: number;
  dirty: boolean;
}

export class MemoryWorkspace implements DiagramWorkspace {
  readonly docs = new Map<string, OpenDoc>();
  activePath: string | undefined;
  /** Every call the tools made, in order (to prove that a refused path reached nothing). */
  readonly calls: string[] = [];
  shown: { path: string; select: string | undefined } | undefined;
  /** Runs between the tools' read and their edit (the user typing meanwhile). */
  beforeEdit: (() => void) | undefined;

  constructor(private readonly roots: string[]) {}

  folders(): readonly string[] {
    return this.roots;
  }

  async active(): Promise<DiagramDocument | undefined> {
    this.calls.push('active');
    const doc = this.activePath ? this.docs.get(this.activePath) : undefined;
    return doc && snapshot(doc);
  }

  openDiagrams(): readonly string[] {
    return [...this.docs.values()].map((d) => d.name);
  }

  async read(path: string): Promise<DiagramDocument | undefined> {
    this.calls.push(`read ${path}`);
    const doc = this.#open(path);
    return doc && snapshot(doc);
  }

  async create(path: string, text: string): Promise<EditOutcome> {
    this.calls.push(`create ${path}`);
    this.beforeEdit?.();
    if (existsSync(path)) return { status: 'changed', document: snapshot(this.#open(path)!) };
    writeFileSync(path, text, { flag: 'wx' });
    return { status: 'applied', document: snapshot(this.#open(path)!), saved: true };
  }

  async replace(path: string, text: string, version: number): Promise<EditOutcome> {
    this.calls.push(`replace ${path}`);
    this.beforeEdit?.();
    const doc = this.#open(path);
    if (!doc) return { status: 'failed', reason: 'gone' };
    if (doc.version !== version) return { status: 'changed', document: snapshot(doc) };
    const wasDirty = doc.dirty;
    doc.text = text;
    doc.version++;
    doc.dirty = wasDirty;
    if (!wasDirty) writeFileSync(path, text);
    return { status: 'applied', document: snapshot(doc), saved: !wasDirty };
  }

  async show(path: string, select: string | undefined): Promise<DiagramDocument> {
    this.calls.push(`show ${path}`);
    this.shown = { path, select };
    return snapshot(this.#open(path)!);
  }

  /** The core's layout, as the adapter's worker runs it (icons drawn as placeholders: no catalog here). */
  async scene(document: DiagramDocument): Promise<Scene> {
    this.calls.push(`scene ${document.path ?? document.name} v${document.version}`);
    const icons = Object.fromEntries(document.model.elements.flatMap((e) => (e.icon ? [[e.icon, null]] : [])));
    return layoutDiagram(document.model, icons);
  }

  /** The user types: the open document changes and is left unsaved. */
  type(path: string, text: string): void {
    const doc = this.#open(path)!;
    doc.text = text;
    doc.version++;
    doc.dirty = true;
  }

  #open(path: string): OpenDoc | undefined {
    let doc = this.docs.get(path);
    if (!doc && existsSync(path)) {
      doc = { path, name: basename(path), text: readFileSync(path, 'utf8'), version: 1, dirty: false };
      this.docs.set(path, doc);
    }
    return doc;
  }
}

function snapshot(doc: OpenDoc): DiagramDocument {
  const { model, diagnostics, counts } = analyzeText(doc.text);
  return { ...(doc.path ? { path: doc.path } : {}), name: doc.name, text: doc.text, version: doc.version, dirty: doc.dirty, model, diagnostics, counts };
}
