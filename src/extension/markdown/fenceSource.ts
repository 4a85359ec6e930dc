import * as vscode from 'vscode';
import { toMarkdownRange } from '../../core/markdown/index';
import { fenceEditsToMarkdown } from '../../languageService/pictureEdits/index';
import type { DiagramSource, SourceRead } from '../preview/diagramSource';
import { fenceNamesOf } from './fenceLayouts';
import type { MarkdownFences } from './markdownFences';

/**
 * One diagram fence of a Markdown document, found in each version by its name (its id, else
 * its title, else its place: the key of its entry in the document's layout file, as
 * `fenceNames` gives it), so that edits above it do not lose it.
 */
export function fenceSource(document: vscode.Uri, name: string, fences: MarkdownFences): DiagramSource {
  const file = document.path.split('/').pop() ?? document.path;
  const key = document.with({ fragment: name });
  return {
    document,
    key,
    fence: name,
    title: `${file}: ${name}`,
    read(doc): SourceRead {
      const analysis = fences.analyze(doc);
      const index = fenceNamesOf(analysis, doc.uri).indexOf(name);
      const fence = analysis.fences[index]?.fence;
      if (!fence) return { ok: false, reason: vscode.l10n.t('The diagram block {0} is no longer in {1}.', name, file) };
      if (!fence.closed) return { ok: false, reason: vscode.l10n.t('The diagram block {0} has no closing fence line.', name) };
      const lines = fence.columnOffsets.length;
      return {
        ok: true,
        text: {
          uri: key,
          version: doc.version,
          fence: name,
          index,
          getText: () => fence.text,
          toDocumentRange: (range) => toMarkdownRange(fence, range),
          positionAt: ({ line, character }) => {
            const i = line - fence.line;
            return i >= 0 && i < lines ? { line: i, character: Math.max(0, character - fence.columnOffsets[i]!) } : undefined;
          },
          toDocumentEdits: (edits) => fenceEditsToMarkdown(fence, doc.getText().split(/\r\n|\r|\n/), edits, doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n'),
        },
      };
    },
  };
}
