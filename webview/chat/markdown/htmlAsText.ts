import type { Html, Parent, Root, RootContent } from 'mdast';

function convert(parent: Parent): void {
  parent.children = parent.children.map((child): RootContent => {
    if (child.type === 'html') {
      const text = { type: 'text' as const, value: (child as Html).value, ...(child.position ? { position: child.position } : {}) };
      // A block of HTML becomes a paragraph of its text; inline HTML stays inline.
      return parent.type === 'root' || parent.type === 'blockquote' || parent.type === 'listItem' ? { type: 'paragraph', children: [text] } : text;
    }
    if ('children' in child) convert(child as Parent);
    return child;
  }) as Parent['children'];
}

/**
 * A remark plugin: raw HTML in the model's Markdown is shown as the text it is (`<script>…`
 * appears literally), never turned into elements and never silently dropped, so the user sees
 * exactly what the model wrote.
 */
export function remarkHtmlAsText() {
  return (tree: Root) => convert(tree);
}
