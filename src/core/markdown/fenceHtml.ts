import { escapeXml } from '../render/xml';

/** What the markdown-it rule knows of the block it replaces. */
export interface FenceBlock {
  /** VS Code's `data-line` (0-based source line, for scroll sync), when the host set one. */
  dataLine?: string | null;
  /** Extra classes the host asked for (VS Code adds `code-line`). */
  className?: string | null;
  /** Position among the document's diagram fences (for the context menu). */
  index?: number;
  /** The Markdown document, for the context menu's commands. */
  resource?: string;
}

/**
 * The drawings of one diagram: one per palette (and, in `both`, one drawing for the two, see
 * `renderLightDark`), or a single one when the diagram fixes its theme.
 */
export type FenceSvgs = { light: string; dark: string; both?: string } | { fixed: string };

/** One problem as the box lists it: its line in the Markdown file and its message. */
export interface FenceProblem {
  severity: 'error' | 'warning';
  line: number;
  message: string;
}

/** The words of the boxes, in the user's language. */
export interface FenceLabels {
  /** e.g. "This diagram has 2 problems". */
  problemsHeading(count: number): string;
  /** e.g. "Line 14". */
  line(line: number): string;
  /** Shown while a diagram is being laid out for the first time. */
  pending: string;
}

function open(block: FenceBlock, state: 'drawn' | 'pending' | 'problems'): string {
  const classes = ['archflow-md', `archflow-md-${state}`, ...(block.className ? block.className.split(/\s+/) : [])].filter(Boolean);
  let attrs = ` class="${escapeXml(classes.join(' '))}"`;
  if (block.dataLine != null) attrs += ` data-line="${escapeXml(block.dataLine)}"`;
  if (block.index !== undefined) {
    // VS Code reads this to offer the contributed context-menu commands on the block.
    const context = { webviewSection: 'archflowDiagram', archflowFence: block.index, ...(block.resource ? { archflowResource: block.resource } : {}) };
    attrs += ` data-vscode-context="${escapeXml(JSON.stringify(context))}"`;
  }
  return `<div${attrs}>`;
}

function drawings(svgs: FenceSvgs): string {
  if ('fixed' in svgs) return `<div class="archflow-md-drawing">${svgs.fixed}</div>`;
  // Either way a theme switch needs no new render: one drawing whose colours follow the
  // block's color-scheme, or both palettes of which the preview's theme class shows one
  // (see media/markdownPreview.css). One drawing halves what the page parses on each render.
  if (svgs.both !== undefined) return `<div class="archflow-md-drawing archflow-md-both">${svgs.both}</div>`;
  return `<div class="archflow-md-drawing archflow-md-light">${svgs.light}</div><div class="archflow-md-drawing archflow-md-dark">${svgs.dark}</div>`;
}

/**
 * The HTML of a diagram fence in a Markdown preview, drawn. `svgs` are trusted SVG from the
 * core renderer (which escapes every label); everything else here is escaped.
 */
export function drawnFenceHtml(block: FenceBlock, svgs: FenceSvgs): string {
  return `${open(block, 'drawn')}${drawings(svgs)}</div>\n`;
}

/** Where a pending drawing will appear as files (webview URLs): one per palette, or one for a fixed theme. */
export type FenceFiles = { light: string; dark: string } | { fixed: string };

/**
 * The HTML of a fence whose drawing is not ready yet: the last drawing of the block if any
 * (dimmed by CSS), else a short note. With `files`, the block carries where the drawing will
 * be written, and the preview script shows it from there as soon as it exists.
 */
export function pendingFenceHtml(block: FenceBlock, labels: FenceLabels, previous?: FenceSvgs, files?: FenceFiles): string {
  const body = previous ? drawings(previous) : `<div class="archflow-md-status">${escapeXml(labels.pending)}</div>`;
  const head = open(block, 'pending');
  const withFiles = files ? `${head.slice(0, -1)} data-archflow-files="${escapeXml(JSON.stringify(files))}">` : head;
  return `${withFiles}${body}</div>\n`;
}

/**
 * The HTML of a fence with errors: a box listing every problem with its line in the Markdown
 * file, followed by the block's last drawing (dimmed by CSS) when there is one.
 */
export function problemsFenceHtml(block: FenceBlock, problems: readonly FenceProblem[], labels: FenceLabels, previous?: FenceSvgs): string {
  const items = problems
    .map((p) => `<li class="archflow-md-${p.severity}"><span class="archflow-md-line">${escapeXml(labels.line(p.line))}</span> ${escapeXml(p.message)}</li>`)
    .join('');
  const box = `<div class="archflow-md-box" role="alert"><div class="archflow-md-heading">${escapeXml(labels.problemsHeading(problems.length))}</div><ul>${items}</ul></div>`;
  return `${open(block, 'problems')}${box}${previous ? drawings(previous) : ''}</div>\n`;
}
