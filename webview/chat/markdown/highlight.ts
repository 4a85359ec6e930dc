import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toText } from 'hast-util-to-text';
import { createLowlight } from 'lowlight';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { diagramLanguage } from './diagramLanguage';

const lowlight = createLowlight({ bash, css, diff, go, java, javascript, json, markdown, python, rust, sql, typescript, xml, yaml, diagram: diagramLanguage });
lowlight.registerAlias({ bash: ['sh', 'shell', 'zsh', 'console'], javascript: ['js', 'jsx', 'mjs', 'cjs'], typescript: ['ts', 'tsx'], xml: ['html', 'svg'], yaml: ['yml'], diagram: ['archflow'], json: ['jsonc'] });

function languageOf(code: Element): string | undefined {
  const classes: unknown = code.properties?.className;
  const list = Array.isArray(classes) ? classes : typeof classes === 'string' ? classes.split(' ') : [];
  for (const c of list) {
    const m = /^language-(.+)$/.exec(String(c));
    if (m) return m[1].toLowerCase();
  }
  return undefined;
}

function walk(node: Root | Element, visit: (el: Element, parent: Root | Element) => void): void {
  for (const child of node.children as (RootContent | ElementContent)[]) {
    if (child.type !== 'element') continue;
    visit(child, node);
    walk(child, visit);
  }
}

/**
 * A rehype plugin: code in fenced blocks whose language is known (a handful of common ones and
 * ArchFlow's own `diagram`) becomes `span`s with `hljs-*` classes. Only class names are added,
 * never inline styles or HTML, so the page's CSP holds. Runs after sanitising.
 */
export function rehypeHighlightCode() {
  return (tree: Root) => {
    walk(tree, (el, parent) => {
      if (el.tagName !== 'code' || parent.type !== 'element' || parent.tagName !== 'pre') return;
      const lang = languageOf(el);
      if (!lang || !lowlight.registered(lang)) return;
      const result = lowlight.highlight(lang, toText(el, { whitespace: 'pre' }));
      el.children = result.children as ElementContent[];
      const classes = Array.isArray(el.properties.className) ? el.properties.className : [];
      el.properties.className = [...classes, 'hljs'];
    });
  };
}
