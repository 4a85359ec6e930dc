/** A diagram text's parse and drawing, each made at most once while the text is cached. */
interface TextEntry<A, S> {
  analysis?: A;
  scene?: Promise<S>;
}

/**
 * Parses and drawings of diagram texts that are not documents of their own (Markdown fences),
 * keyed by the text itself, least recently used dropped first. Keying by text is what makes
 * an edit inside one fence re-lay out that fence only: every other fence's text is unchanged,
 * so its drawing is found here, whatever moved around it in the document. Free of VS Code, so
 * the reuse is unit-tested by counting layouts.
 */
export class TextLayouts<A, S> {
  readonly #entries = new Map<string, TextEntry<A, S>>();

  constructor(
    private readonly size: number,
    private readonly analyze: (text: string) => A,
    /** Lays the text out; rejects when it cannot be drawn (errors, a failed layout). */
    private readonly draw: (text: string, analysis: A) => Promise<S>,
  ) {}

  analysis(text: string): A {
    const entry = this.#entry(text);
    entry.analysis ??= this.analyze(text);
    return entry.analysis;
  }

  scene(text: string): Promise<S> {
    const entry = this.#entry(text);
    if (!entry.scene) {
      entry.scene = this.draw(text, this.analysis(text));
      entry.scene.catch(() => undefined);
    }
    return entry.scene;
  }

  /** Parses again on next use (the icon catalog loaded: icons are checked now); drawings stay. */
  resetAnalyses(): void {
    this.#entries.forEach((e) => (e.analysis = undefined));
  }

  #entry(text: string): TextEntry<A, S> {
    let entry = this.#entries.get(text);
    if (entry) this.#entries.delete(text);
    else entry = {};
    this.#entries.set(text, entry);
    if (this.#entries.size > this.size) this.#entries.delete(this.#entries.keys().next().value!);
    return entry;
  }
}
