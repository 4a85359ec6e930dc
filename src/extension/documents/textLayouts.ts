/** A diagram text's parse and drawings (one per set of kept positions), each made at most once while the text is cached. */
interface TextEntry<A, S> {
  analysis?: A;
  scenes?: Map<string, Promise<S>>;
}

/** Positions a drawing keeps, and the key that names them (the same key, the same positions). */
export interface KeptText<K> {
  key: string;
  kept: K;
}

/**
 * Parses and drawings of diagram texts that are not documents of their own (Markdown fences),
 * keyed by the text itself, least recently used dropped first. Keying by text is what makes
 * an edit inside one fence re-lay out that fence only: every other fence's text is unchanged,
 * so its drawing is found here, whatever moved around it in the document. Free of VS Code, so
 * the reuse is unit-tested by counting layouts.
 */
export class TextLayouts<A, S, K = never> {
  readonly #entries = new Map<string, TextEntry<A, S>>();

  constructor(
    private readonly size: number,
    private readonly analyze: (text: string) => A,
    /** Lays the text out (keeping `kept`; as a Markdown fence is drawn when `fence`); rejects when it cannot be drawn (errors, a failed layout). */
    private readonly draw: (text: string, analysis: A, kept: K | undefined, fence: boolean) => Promise<S>,
  ) {}

  analysis(text: string): A {
    const entry = this.#entry(text);
    entry.analysis ??= this.analyze(text);
    return entry.analysis;
  }

  /**
   * The text's drawing, keeping `kept` (a Markdown fence's entry of its layout file); `fence`:
   * drawn as a Markdown fence is (see FENCE_CANDIDATES), else as a diagram file.
   */
  scene(text: string, kept?: KeptText<K>, fence = false): Promise<S> {
    const entry = this.#entry(text);
    entry.scenes ??= new Map();
    const key = `${fence ? 'fence' : 'file'}\u0000${kept?.key ?? ''}`;
    let scene = entry.scenes.get(key);
    if (!scene) {
      scene = this.draw(text, this.analysis(text), kept?.kept, fence);
      scene.catch(() => undefined);
      // Only the newest positions of a text are worth keeping: older ones are not asked for again.
      if (entry.scenes.size >= 2) entry.scenes.delete(entry.scenes.keys().next().value!);
      entry.scenes.set(key, scene);
    }
    return scene;
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
