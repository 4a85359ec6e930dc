import type { Locale } from '../core/model';

/** What the editor tools tell the model, in the locale of the extension. */
export interface EditorMessages {
  noFolder(): string;
  notDiagram(path: string): string;
  noActiveDiagram(open: readonly string[]): string;
  notFound(path: string): string;
  untitled(): string;
  /** First line of a read: which file, which version, unsaved or not. */
  header(path: string, version: number, dirty: boolean): string;
  elements(ids: readonly string[]): string;
  connections(count: number): string;
  noProblems(): string;
  problems(errors: number, warnings: number): string;
  created(path: string, version: number): string;
  replaced(path: string, version: number, saved: boolean): string;
  unchanged(path: string, version: number): string;
  /** The text changed on saving (a format-on-save, say): the model must read it again. */
  changedOnSave(): string;
  fixAndWrite(version: number): string;
  clean(): string;
  goneSinceRead(path: string, baseVersion: number): string;
  stale(path: string, baseVersion: number, version: number): string;
  unseen(path: string, version: number): string;
  editFailed(path: string, reason: string): string;
  failed(reason: string): string;
  currentText(): string;
  shown(path: string, version: number, select: string | undefined): string;
  shownWithErrors(errors: number): string;
  unknownElement(id: string, path: string, ids: readonly string[]): string;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function list(items: readonly string[], none: string, max = 60): string {
  if (items.length === 0) return none;
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown}, … (${items.length - max} more)` : shown;
}

const en: EditorMessages = {
  noFolder: () => 'No folder is open in VS Code: the editor tools read and write .diagram files only inside the workspace folders. Ask the user to open a folder.',
  notDiagram: (path) => `Refused: '${path}' is not a .diagram file; the editor tools read and write only .diagram files.`,
  noActiveDiagram: (open) =>
    `No .diagram file is active in the editor. Give a path relative to the workspace folder${open.length ? `; open .diagram files: ${list(open, '')}` : ', e.g. "docs/architecture.diagram"'}.`,
  notFound: (path) => `${path} does not exist. write_diagram creates it (without baseVersion).`,
  untitled: () => 'It is not saved in a file yet: write_diagram needs a path, so write the text to a new .diagram file instead.',
  header: (path, version, dirty) => `${path}, version ${version}${dirty ? ' (unsaved changes in the editor)' : ''}`,
  elements: (ids) => `Elements (${ids.length}): ${list(ids, 'none')}`,
  connections: (count) => `Connections: ${count}`,
  noProblems: () => 'Problems: none',
  problems: (errors, warnings) => `Problems: ${plural(errors, 'error', 'errors')}, ${plural(warnings, 'warning', 'warnings')}:`,
  created: (path, version) => `Created ${path} (version ${version}); the editor shows it.`,
  replaced: (path, version, saved) =>
    `Replaced the text of ${path}: now version ${version}, shown in the editor (one undo step)${saved ? ' and saved' : '; left unsaved, because the editor had unsaved changes before'}.`,
  unchanged: (path, version) => `${path} already has exactly this text (version ${version}); nothing was changed.`,
  changedOnSave: () => 'Saving changed the text (a format-on-save): its text as saved is below.',
  fixAndWrite: (version) => `Fix every problem and write the whole text again with baseVersion: ${version}.`,
  clean: () => 'No problems. Call show_diagram to open the preview for the user.',
  goneSinceRead: (path, baseVersion) => `Nothing was written: ${path} no longer exists (you passed baseVersion ${baseVersion}). Write it without baseVersion to create it again.`,
  stale: (path, baseVersion, version) =>
    `Nothing was written: ${path} changed since version ${baseVersion} (the user may be editing it); it is now at version ${version}. Its current text is below: make your change to that text and write it with baseVersion: ${version}. Keep what the user changed.`,
  unseen: (path, version) =>
    `Nothing was written: ${path} already exists and you have not seen its current text. Its text is below (version ${version}); to replace it, write again with baseVersion: ${version}, keeping what should stay.`,
  editFailed: (path, reason) => `Nothing was written to ${path}: ${reason}`,
  failed: (reason) => `The editor could not do it: ${reason}`,
  currentText: () => 'Current text:',
  shown: (path, version, select) => `The preview of ${path} (version ${version}) is open beside its editor${select ? `; '${select}' is selected` : ''}.`,
  shownWithErrors: (errors) => `The text has ${plural(errors, 'error', 'errors')}: the preview keeps its last drawing without errors and lists the problems.`,
  unknownElement: (id, path, ids) => `Nothing was shown: ${path} has no element '${id}'. Its elements: ${list(ids, 'none')}.`,
};

const ptBR: EditorMessages = {
  noFolder: () => 'Nenhuma pasta está aberta no VS Code: as ferramentas do editor leem e gravam arquivos .diagram só dentro das pastas do workspace. Peça ao usuário para abrir uma pasta.',
  notDiagram: (path) => `Recusado: '${path}' não é um arquivo .diagram; as ferramentas do editor leem e gravam só arquivos .diagram.`,
  noActiveDiagram: (open) =>
    `Nenhum arquivo .diagram está ativo no editor. Informe um caminho relativo à pasta do workspace${open.length ? `; arquivos .diagram abertos: ${list(open, '')}` : ', ex.: "docs/architecture.diagram"'}.`,
  notFound: (path) => `${path} não existe. write_diagram o cria (sem baseVersion).`,
  untitled: () => 'Ainda não está salvo em um arquivo: write_diagram precisa de um caminho, então grave o texto em um novo arquivo .diagram.',
  header: (path, version, dirty) => `${path}, versão ${version}${dirty ? ' (alterações não salvas no editor)' : ''}`,
  elements: (ids) => `Elementos (${ids.length}): ${list(ids, 'nenhum')}`,
  connections: (count) => `Conexões: ${count}`,
  noProblems: () => 'Problemas: nenhum',
  problems: (errors, warnings) => `Problemas: ${plural(errors, 'erro', 'erros')}, ${plural(warnings, 'aviso', 'avisos')}:`,
  created: (path, version) => `${path} foi criado (versão ${version}); o editor o mostra.`,
  replaced: (path, version, saved) =>
    `O texto de ${path} foi substituído: agora na versão ${version}, mostrado no editor (um passo de desfazer)${saved ? ' e salvo' : '; não foi salvo, porque o editor já tinha alterações não salvas'}.`,
  unchanged: (path, version) => `${path} já tem exatamente este texto (versão ${version}); nada foi alterado.`,
  changedOnSave: () => 'Salvar alterou o texto (formatação ao salvar): o texto salvo está abaixo.',
  fixAndWrite: (version) => `Corrija todos os problemas e grave o texto inteiro de novo com baseVersion: ${version}.`,
  clean: () => 'Nenhum problema. Chame show_diagram para abrir a prévia para o usuário.',
  goneSinceRead: (path, baseVersion) => `Nada foi gravado: ${path} não existe mais (você passou baseVersion ${baseVersion}). Grave-o sem baseVersion para criá-lo de novo.`,
  stale: (path, baseVersion, version) =>
    `Nada foi gravado: ${path} mudou desde a versão ${baseVersion} (o usuário pode estar editando); agora está na versão ${version}. O texto atual está abaixo: faça sua alteração nesse texto e grave com baseVersion: ${version}. Mantenha o que o usuário mudou.`,
  unseen: (path, version) =>
    `Nada foi gravado: ${path} já existe e você não viu o texto atual. O texto está abaixo (versão ${version}); para substituí-lo, grave de novo com baseVersion: ${version}, mantendo o que deve ficar.`,
  editFailed: (path, reason) => `Nada foi gravado em ${path}: ${reason}`,
  failed: (reason) => `O editor não conseguiu fazer isso: ${reason}`,
  currentText: () => 'Texto atual:',
  shown: (path, version, select) => `A prévia de ${path} (versão ${version}) está aberta ao lado do editor${select ? `; '${select}' está selecionado` : ''}.`,
  shownWithErrors: (errors) => `O texto tem ${plural(errors, 'erro', 'erros')}: a prévia mantém o último desenho sem erros e lista os problemas.`,
  unknownElement: (id, path, ids) => `Nada foi mostrado: ${path} não tem o elemento '${id}'. Os elementos: ${list(ids, 'nenhum')}.`,
};

/** The editor tools' messages in `locale`. */
export function editorMessages(locale: Locale): EditorMessages {
  return locale === 'pt-BR' ? ptBR : en;
}
