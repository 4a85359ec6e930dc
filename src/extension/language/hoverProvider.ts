import * as vscode from 'vscode';
import type { LanguageService } from '../../languageService/index';
import { fromVsPosition, serviceDocument, toVsMarkdown, toVsRange } from './lspTypes';

/** Hover from the language service: an id describes its element, an icon id shows its picture, a keyword explains itself. */
export class DiagramHoverProvider implements vscode.HoverProvider {
  constructor(private readonly language: LanguageService) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const hover = await this.language.hover(serviceDocument(document), fromVsPosition(position));
    if (!hover) return undefined;
    const contents = Array.isArray(hover.contents) ? hover.contents : [hover.contents];
    const md = contents.map((c) => (typeof c === 'string' || 'kind' in c ? toVsMarkdown(c) : new vscode.MarkdownString().appendCodeblock(c.value, c.language)));
    return new vscode.Hover(md, hover.range ? toVsRange(hover.range) : undefined);
  }
}
