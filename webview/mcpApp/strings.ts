import type { ElementSelection, SelectedElementKind } from '../../src/protocol/mcpAppMessages';

/** Everything the view says to the person looking at it (what the model reads comes from the server). */
export interface ViewStrings {
  diagram: string;
  connecting: string;
  hostSilent: string;
  hostSilentDetail: string;
  hostFailed: string;
  waiting: string;
  writing(lines: number): string;
  rendering(output: string | undefined): string;
  failed: string;
  unreadable: string;
  missing: string;
  missingDetail(summary: string): string;
  cancelled: string;
  cancelledDetail(reason: string | undefined): string;
  crashed: string;
  fullscreen: string;
  exitFullscreen: string;
  openInVsCode: string;
  openInVsCodeTitle(path: string): string;
  /** Inside VS Code (ArchFlow's own chat): the written file opens in the editor. */
  openFile: string;
  openFileTitle(path: string): string;
  kind(kind: SelectedElementKind): string;
  line(line: number): string;
  shared: string;
  askAbout: string;
  askMessage(selection: ElementSelection): string;
  notShared: string;
  linkHint: string;
  /** A .diagram document at one version, drawn: its caption. */
  sourceCaption(path: string, version: number, elements: number, connections: number): string;
  notDrawn(path: string, version: number, errors: number): string;
  severity(severity: 'error' | 'warning'): string;
  moreErrors(count: number): string;
}

const en: ViewStrings = {
  diagram: 'ArchFlow diagram',
  connecting: 'Connecting to the chat…',
  hostSilent: 'The chat has not connected this view yet',
  hostSilentDetail: 'Still waiting for it to answer. The tool result below the view says what was drawn.',
  hostFailed: 'This chat could not connect the diagram view',
  waiting: 'Waiting for the diagram…',
  writing: (lines) => (lines > 0 ? `The diagram is being written (${lines} ${lines === 1 ? 'line' : 'lines'} so far)…` : 'The diagram is being written…'),
  rendering: (output) => (output ? `Drawing ${output}…` : 'Drawing…'),
  failed: 'Nothing was drawn',
  unreadable: 'This drawing could not be read',
  missing: 'The chat did not pass the drawing to this view',
  missingDetail: (summary) => (summary ? `The diagram was written: ${summary}` : 'The tool result says what happened.'),
  cancelled: 'The drawing was cancelled',
  cancelledDetail: (reason) => (reason ? `Reason: ${reason}` : 'Nothing was drawn.'),
  crashed: 'The diagram view stopped',
  fullscreen: 'Full screen',
  exitFullscreen: 'Back to the chat',
  openInVsCode: 'Open in VS Code',
  openInVsCodeTitle: (path) => `Open ${path} in VS Code`,
  openFile: 'Open File',
  openFileTitle: (path) => `Open ${path} in the editor`,
  kind: (kind) => ({ node: 'node', group: 'group', connection: 'connection' })[kind],
  line: (line) => `line ${line}`,
  shared: 'The chat knows you mean it',
  askAbout: 'Ask about it',
  askMessage: (s) => `Tell me about ${s.label ? `“${s.label}” (${s.id})` : s.id} in this diagram.`,
  notShared: 'This chat cannot be told about the selection',
  linkHint: 'Ctrl+click opens its link',
  sourceCaption: (path, version, elements, connections) =>
    `${path}, version ${version}: ${elements} ${elements === 1 ? 'element' : 'elements'}, ${connections} ${connections === 1 ? 'connection' : 'connections'}`,
  notDrawn: (path, version, errors) => `Not drawn: ${path} (version ${version}) has ${errors} ${errors === 1 ? 'error' : 'errors'}`,
  severity: (severity) => (severity === 'error' ? 'error' : 'warning'),
  moreErrors: (count) => `… and ${count} more ${count === 1 ? 'error' : 'errors'}`,
};

const ptBR: ViewStrings = {
  diagram: 'Diagrama do ArchFlow',
  connecting: 'Conectando ao chat…',
  hostSilent: 'O chat ainda não conectou esta visualização',
  hostSilentDetail: 'Ainda aguardando a resposta. O resultado da ferramenta abaixo diz o que foi desenhado.',
  hostFailed: 'Este chat não conseguiu conectar a visualização do diagrama',
  waiting: 'Aguardando o diagrama…',
  writing: (lines) => (lines > 0 ? `O diagrama está sendo escrito (${lines} ${lines === 1 ? 'linha' : 'linhas'} até agora)…` : 'O diagrama está sendo escrito…'),
  rendering: (output) => (output ? `Desenhando ${output}…` : 'Desenhando…'),
  failed: 'Nada foi desenhado',
  unreadable: 'Não foi possível ler este desenho',
  missing: 'O chat não passou o desenho para esta visualização',
  missingDetail: (summary) => (summary ? `O diagrama foi gravado: ${summary}` : 'O resultado da ferramenta diz o que aconteceu.'),
  cancelled: 'O desenho foi cancelado',
  cancelledDetail: (reason) => (reason ? `Motivo: ${reason}` : 'Nada foi desenhado.'),
  crashed: 'A visualização do diagrama parou',
  fullscreen: 'Tela cheia',
  exitFullscreen: 'Voltar ao chat',
  openInVsCode: 'Abrir no VS Code',
  openInVsCodeTitle: (path) => `Abrir ${path} no VS Code`,
  openFile: 'Abrir Arquivo',
  openFileTitle: (path) => `Abrir ${path} no editor`,
  kind: (kind) => ({ node: 'nó', group: 'grupo', connection: 'conexão' })[kind],
  line: (line) => `linha ${line}`,
  shared: 'O chat sabe que você se refere a ele',
  askAbout: 'Perguntar sobre ele',
  askMessage: (s) => `Fale sobre ${s.label ? `“${s.label}” (${s.id})` : s.id} neste diagrama.`,
  notShared: 'Este chat não pode ser avisado da seleção',
  linkHint: 'Ctrl+clique abre o link',
  sourceCaption: (path, version, elements, connections) =>
    `${path}, versão ${version}: ${elements} ${elements === 1 ? 'elemento' : 'elementos'}, ${connections} ${connections === 1 ? 'conexão' : 'conexões'}`,
  notDrawn: (path, version, errors) => `Não desenhado: ${path} (versão ${version}) tem ${errors} ${errors === 1 ? 'erro' : 'erros'}`,
  severity: (severity) => (severity === 'error' ? 'erro' : 'aviso'),
  moreErrors: (count) => `… e mais ${count} ${count === 1 ? 'erro' : 'erros'}`,
};

/** The view's strings for a BCP 47 locale (Portuguese for `pt*`, else English). */
export function viewStrings(locale: string | undefined): ViewStrings {
  return locale?.toLowerCase().startsWith('pt') ? ptBR : en;
}
