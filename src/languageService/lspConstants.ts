import type * as lsp from 'vscode-languageserver-types';

// The protocol's enumeration values the service uses, as plain constants: the types package
// declares its enumerations as namespaces that bundlers cannot tree-shake, which would add
// the whole package (about 21 KiB minified) to every bundle that holds the service.

export const CompletionItemKind = {
  Module: 9,
  Variable: 6,
  Property: 10,
  Value: 12,
  Keyword: 14,
  Color: 16,
  Folder: 19,
  EnumMember: 20,
  Constant: 21,
  TypeParameter: 25,
} as const satisfies Record<string, lsp.CompletionItemKind>;
export type CompletionItemKind = lsp.CompletionItemKind;

export const InsertTextFormat = { PlainText: 1, Snippet: 2 } as const satisfies Record<string, lsp.InsertTextFormat>;
export const DiagnosticSeverity = { Error: 1, Warning: 2 } as const satisfies Record<string, lsp.DiagnosticSeverity>;
export const DocumentHighlightKind = { Text: 1, Read: 2, Write: 3 } as const satisfies Record<string, lsp.DocumentHighlightKind>;
export const SymbolKind = { Namespace: 3, Object: 19 } as const satisfies Record<string, lsp.SymbolKind>;
export const FoldingRangeKind = { Comment: 'comment', Imports: 'imports', Region: 'region' } as const satisfies Record<string, lsp.FoldingRangeKind>;
export const CodeActionKind = { Empty: '', QuickFix: 'quickfix' } as const satisfies Record<string, lsp.CodeActionKind>;
