import type MarkdownIt from 'markdown-it';
import * as vscode from 'vscode';
import { formatMessage } from '../../core/language/index';
import { drawnFenceHtml, isDiagramInfo, parseFenceInfo, pendingFenceHtml, problemsFenceHtml, unclosedFenceDiagnostic, type FenceBlock, type FenceLabels, type FenceProblem } from '../../core/markdown/index';
import type { DiagramService } from '../documents/diagramService';
import { displayLocale } from '../locale';
import type { FenceDrawings } from './fenceDrawings';

type Token = ReturnType<MarkdownIt['parse']>[number];

/** What VS Code's Markdown engine passes as `env` to renderer rules (only what is read here). */
interface RenderEnv {
  currentDocument?: { toString(): string };
  /** The preview webview's resource mapping (absent when rendering outside a preview). */
  resourceProvider?: { asWebviewUri(uri: vscode.Uri): vscode.Uri };
}

function labels(): FenceLabels {
  return {
    problemsHeading: (n) => (n === 1 ? vscode.l10n.t('This diagram has 1 problem') : vscode.l10n.t('This diagram has {0} problems', n)),
    line: (n) => vscode.l10n.t('Line {0}', n),
    pending: vscode.l10n.t('Drawing…'),
  };
}

/**
 * The markdown-it plugin VS Code's Markdown preview loads (`markdown.markdownItPlugins`): a
 * fenced block whose info string starts with `diagram` or `archflow` becomes the diagram's
 * drawing, inline SVG from the core renderer (once for both palettes, its colours following
 * the color-scheme media/markdownPreview.css sets by the preview's theme; both palettes when
 * they differ in more than colours), or a box listing its problems at their lines in the
 * Markdown file. It runs in the extension host when the preview renders, never lays out
 * itself (the worker does, see FenceDrawings) and returns the same HTML for an unchanged
 * fence, so the preview's DOM diff leaves unchanged drawings in place while another is edited.
 * Other fences go to the previous rule untouched.
 */
export function extendMarkdownIt(md: MarkdownIt, service: DiagramService, drawings: FenceDrawings): MarkdownIt {
  const render = md.renderer.render.bind(md.renderer);
  const trace = drawings.trace;
  md.renderer.render = (tokens, options, env: RenderEnv) => {
    drawings.beginRender(env?.currentDocument?.toString());
    const started = trace ? performance.now() : 0;
    let html = '';
    try {
      html = render(tokens, options, env);
      return html;
    } finally {
      drawings.endRender();
      trace?.('render', { ms: Math.round(performance.now() - started), chars: html.length, pending: (html.match(/archflow-md-pending/g) ?? []).length });
    }
  };
  if (trace) {
    const parse = md.parse.bind(md);
    md.parse = (src, env) => {
      const started = performance.now();
      trace('parse-begin');
      const tokens = parse(src, env);
      trace('parse', { ms: Math.round(performance.now() - started) });
      return tokens;
    };
  }
  const previous = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, idx, options, env: RenderEnv, self) => {
    const token = tokens[idx]!;
    if (!isDiagramInfo(token.info)) return previous ? previous(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    try {
      return renderDiagramFence(token, ordinal(tokens, idx), env, service, drawings);
    } catch (err) {
      // A failure here must never blank the whole preview: show the block as code.
      console.error('[archflow] a diagram fence could not be rendered', err);
      return previous ? previous(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    }
  };
  return md;
}

/** The position of the fence at `idx` among the diagram fences before it (the CLI's and the exporter's numbering). */
function ordinal(tokens: Token[], idx: number): number {
  let n = 0;
  for (let i = 0; i < idx; i++) if (tokens[i]!.type === 'fence' && isDiagramInfo(tokens[i]!.info)) n++;
  return n;
}

function renderDiagramFence(token: Token, index: number, env: RenderEnv, service: DiagramService, drawings: FenceDrawings): string {
  const resource = env?.currentDocument?.toString();
  const block: FenceBlock = { dataLine: token.attrGet('data-line'), className: token.attrGet('class'), index, ...(resource ? { resource } : {}) };
  const [start, end] = token.map ?? [0, 0];
  const firstLine = start + 1;
  const contentLines = token.content === '' ? 0 : token.content.replace(/\n$/, '').split('\n').length;
  const locale = displayLocale();
  const previous = drawings.lastDrawn(resource, index);

  if (token.map && end - start !== contentLines + 2) {
    const lang = parseFenceInfo(token.info).lang;
    const d = unclosedFenceDiagnostic({ markup: token.markup, lang, openRange: { line: firstLine, column: 1, endLine: firstLine, endColumn: 1 } });
    return problemsFenceHtml(block, [{ severity: 'error', line: firstLine, message: formatMessage(d, locale) }], labels(), previous);
  }
  const analysis = service.analyzeText(token.content);
  if (analysis.counts.errors > 0) {
    const problems: FenceProblem[] = analysis.diagnostics.map((d) => ({ severity: d.severity, line: firstLine + d.range.line, message: formatMessage(d, locale) }));
    return problemsFenceHtml(block, problems, labels(), previous);
  }
  const drawing = drawings.drawingForPreview(token.content, resource, index);
  switch (drawing.state) {
    case 'ready':
      drawings.remember(resource, index, drawing.svgs);
      return drawnFenceHtml(block, drawing.svgs);
    case 'pending': {
      const provider = env?.resourceProvider;
      const files = provider ? drawings.awaitFiles(token.content, analysis.model.theme !== 'auto', (uri) => provider.asWebviewUri(uri).toString(), resource, index) : undefined;
      if (!files) drawings.needsRefresh();
      return pendingFenceHtml(block, labels(), previous, files);
    }
    case 'failed':
      return problemsFenceHtml(block, [{ severity: 'error', line: firstLine, message: vscode.l10n.t('The diagram could not be laid out: {0}', drawing.message) }], labels(), previous);
  }
}
