import type { ElementSelection, SelectedElementKind } from '../protocol/mcpAppMessages';
import type { IconTotals } from '../core/icons';
import type { Locale } from '../core/model';

/**
 * Every sentence the diagram server itself says (refusals, summaries, the prompt), in
 * each supported locale. Diagnostics are localised by the language module, not here.
 */
export interface ServerMessages {
  textTooLarge(bytes: number, limit: number): string;
  outputEmpty(): string;
  outputNotSvg(output: string): string;
  outputNulByte(): string;
  outputControlChar(): string;
  outputDotDot(output: string): string;
  outputDeviceName(segment: string): string;
  outputNameTooLong(segment: string, limit: number): string;
  outputPathTooLong(limit: number): string;
  outputBadSegment(segment: string): string;
  outputOutsideRoots(path: string): string;
  outputSymlinkOut(path: string, realPath: string): string;
  outputNotAFile(path: string): string;
  outputIsSymlink(path: string): string;
  noRoots(): string;
  allowedRoots(roots: readonly string[]): string;
  writeFailed(path: string, reason: string): string;
  renderFailed(reason: string): string;
  /** The preview was drawn smaller than asked, to stay under the pixel cap. */
  previewScaledDown(width: number, height: number): string;
  /** The layout ran past its time limit and was stopped. */
  layoutTimedOut(seconds: number): string;
  /** Refused before queuing: this client has `limit` renders in hand (`lane`), or `limit` renders wait already (`queue`). */
  renderQueueFull(scope: 'lane' | 'queue', limit: number): string;
  /** The layout thread died (crash or out of memory) while drawing; a fresh one takes the next render. */
  layoutWorkerDied(outOfMemory: boolean): string;
  invalidBackground(value: string): string;
  invalidLayout(line: number, column: number, problem: string): string;
  /** `render_diagram` was given both `text` and `path`, or neither. */
  textOrPath(both: boolean): string;
  /** `path` does not name a `.diagram` file. */
  pathNotDiagram(path: string): string;
  /** `reason` is `missing`, `directory`, `encoding` (not UTF-8), or the system's own message. */
  diagramUnreadable(path: string, reason: string): string;
  /** A summary line: the layout file beside `path`'s diagram does not parse and was not used. */
  layoutBesideIgnored(name: string, line: number, column: number, problem: string): string;
  diagramHasErrors(errors: number): string;
  countsLine(elements: number, connections: number, errors: number, warnings: number): string;
  renderSummary(elements: number, connections: number, size: string, path: string): string;
  moreWarnings(count: number): string;
  noIconMatches(query: string): string;
  /** The last line of a search: how many matches, and among how many names and icons of which sets. */
  iconSearchSummary(matches: number, searched: IconTotals, set: { prefix: string; name: string } | undefined): string;
  unknownIconSet(prefix: string, known: readonly string[]): string;
  /** One suggested fix under its diagnostic: replace the span `at` (`LINE:COL-LINE:COL`) with `text`. */
  suggestion(text: string, at: string): string;
  drawArchitecture(focus: string | undefined): string;
  /** What the model is told when the user clicks an element of the diagram view (labels already cleaned). */
  elementSelected(selection: ElementSelection): string;
  diagramAppMissing(path: string): string;
}

const en: ServerMessages = {
  textTooLarge: (bytes, limit) => {
    const [size, max] = distinctSizes(bytes, limit, 'en');
    return `The diagram text is ${size}; the limit is ${max}. Split it into smaller diagrams.`;
  },
  outputEmpty: () => 'Refused: `output` is empty; give a path ending in .svg.',
  outputNotSvg: (output) => `Refused: '${output}' does not end in .svg; render_diagram writes only .svg files.`,
  outputNulByte: () => 'Refused: the output path contains a NUL byte.',
  outputControlChar: () => 'Refused: the output path contains a control character.',
  outputDotDot: (output) => `Refused: '${output}' contains '..'; give a path inside an allowed root without '..'.`,
  outputDeviceName: (segment) => `Refused: '${segment}' is a reserved device name.`,
  outputNameTooLong: (segment, limit) => `Refused: the name '${segment.slice(0, 40)}…' is longer than ${limit} bytes.`,
  outputPathTooLong: (limit) => `Refused: the output path is longer than ${limit} bytes.`,
  outputBadSegment: (segment) => `Refused: the name '${segment}' ends in a dot or space, or has characters file systems reject (<>:"|?*).`,
  outputOutsideRoots: (path) => `Refused: ${path} is outside the allowed roots.`,
  outputSymlinkOut: (path, realPath) => `Refused: ${path} leads through a symbolic link to ${realPath}, outside the allowed roots.`,
  outputNotAFile: (path) => `Refused: ${path} exists and is not a regular file.`,
  outputIsSymlink: (path) => `Refused: ${path} is a symbolic link; give the real path instead.`,
  noRoots: () => 'Refused: no output root is available (no MCP roots from the client and no usable start directory or --root DIR).',
  allowedRoots: (roots) => (roots.length ? `Allowed roots: ${roots.join(', ')}` : 'Allowed roots: none'),
  writeFailed: (path, reason) => `Could not write ${path}: ${reason}`,
  renderFailed: (reason) => `The diagram could not be rendered: ${reason}`,
  renderQueueFull: (scope, limit) =>
    scope === 'lane'
      ? `Refused: you already have ${limit} renders queued or running; wait for one to finish before sending another. Nothing was written.`
      : `The server is busy: ${limit} renders are already waiting. Try again in a few seconds; nothing was written.`,
  layoutWorkerDied: (outOfMemory) =>
    `${outOfMemory ? 'The layout ran out of memory' : 'The layout thread stopped unexpectedly'} while drawing this diagram, and nothing was written. A fresh layout thread serves the next render: try again; if it happens again, split the diagram into smaller ones.`,
  previewScaledDown: (width, height) => `The preview is scaled down to ${width} × ${height} px to stay small; the SVG is full size.`,
  layoutTimedOut: (seconds) =>
    `The layout took longer than ${seconds} s and was stopped: the diagram is too large or too dense to lay out in time. Split it into smaller diagrams or connect fewer pairs; nothing was written.`,
  invalidLayout: (line, column, problem) => `Invalid layout at ${line}:${column}: ${problem}. Pass the layout file's content unchanged (as archflow layout --keep or the editor wrote it), or leave layout out for a fresh layout. Nothing was written.`,
  textOrPath: (both) =>
    both
      ? 'Refused: give either text (the diagram) or path (a .diagram file inside the allowed roots), not both. Nothing was written.'
      : 'Refused: give text (the diagram) or path (a .diagram file inside the allowed roots). Nothing was written.',
  pathNotDiagram: (path) => `Refused: '${path}' does not end in .diagram; path names the diagram file to draw.`,
  diagramUnreadable: (path, reason) =>
    `Could not read ${path}: ${reason === 'missing' ? 'no such file' : reason === 'directory' ? 'it is a directory' : reason === 'encoding' ? 'it is not UTF-8 text' : reason}. Nothing was written.`,
  layoutBesideIgnored: (name, line, column, problem) => `${name}:${line}:${column}: the layout file does not parse (${problem}); drawn without it, the file left as it was.`,
  invalidBackground: (value) => `Invalid background '${value}': give a CSS colour (#rrggbb, #rgb, rgb(), hsl(), a colour name) or 'transparent'.`,
  diagramHasErrors: (errors) => `Nothing was written: the diagram has ${plural(errors, 'error', 'errors')}. Fix them (check_diagram shows the same list) and render again.`,
  countsLine: (elements, connections, errors, warnings) =>
    `${plural(elements, 'element', 'elements')}, ${plural(connections, 'connection', 'connections')}; ${plural(errors, 'error', 'errors')}, ${plural(warnings, 'warning', 'warnings')}`,
  renderSummary: (elements, connections, size, path) =>
    `${plural(elements, 'element', 'elements')}, ${plural(connections, 'connection', 'connections')}, ${size} -> ${path}`,
  moreWarnings: (count) => `…and ${plural(count, 'more warning', 'more warnings')} (check_diagram lists them all).`,
  noIconMatches: (query) => `No icon matches '${query}'. Try a shorter or more general word (e.g. 'database', 'aws', 'queue').`,
  iconSearchSummary: (matches, searched, set) =>
    `${plural(matches, 'match', 'matches')}${matches > 1 ? ', best first,' : ''} among ${count(searched.names, 'en')} names (aliases included) of ` +
    `${count(searched.icons, 'en')} icons in ${set ? `${set.name} (${set.prefix})` : plural(searched.sets, 'set', 'sets')}.`,
  unknownIconSet: (prefix, known) => `Unknown icon set '${prefix}'. Bundled sets: ${known.join(', ')}.`,
  suggestion: (text, at) => `  fix: replace ${at} with ${JSON.stringify(text)}`,
  drawArchitecture: (focus) =>
    [
      'Draw the architecture of this workspace as an ArchFlow diagram.',
      focus ? `Focus on: ${focus}.` : 'Cover the main components, data stores, external services and how requests and data flow between them.',
      '',
      'Steps:',
      '1. Call `syntax_help` to learn the `.diagram` language.',
      '2. Read the workspace: README, package manifests, entry points, service and infrastructure files (Docker, compose, Terraform, Kubernetes, CI).',
      '3. Pick icons with `search_icons` (e.g. a database, a queue, a cloud service); use only ids it returns.',
      '4. Write the diagram: group related parts, label the connections with what flows, animate the main request path.',
      '5. Call `check_diagram` and fix every error and warning until it is clean.',
      '6. Call `render_diagram` with `output: "docs/architecture.svg"` and `preview: true`; look at the preview and improve the layout, labels and grouping if needed.',
      '7. Save the source next to it as `docs/architecture.diagram` and tell me what you drew.',
    ].join('\n'),
  elementSelected: (s) =>
    `The user selected the ${EN_KINDS[s.kind]} ${s.id}${details(s.label, s.line, 'line')} in the ArchFlow diagram${s.diagram ? ` "${s.diagram}"` : ''}${s.file ? ` of ${s.file}` : ''}${s.output ? ` written to ${s.output}` : ''}. When they say "this" or "it", they probably mean it.`,
  diagramAppMissing: (path) => `The ArchFlow diagram view is not built (${path} is missing); run \`npm run build\`.`,
};

const ptBR: ServerMessages = {
  textTooLarge: (bytes, limit) => {
    const [size, max] = distinctSizes(bytes, limit, 'pt-BR');
    return `O texto do diagrama tem ${size}; o limite é ${max}. Divida-o em diagramas menores.`;
  },
  outputEmpty: () => 'Recusado: `output` está vazio; informe um caminho terminado em .svg.',
  outputNotSvg: (output) => `Recusado: '${output}' não termina em .svg; render_diagram só grava arquivos .svg.`,
  outputNulByte: () => 'Recusado: o caminho de saída contém um byte NUL.',
  outputControlChar: () => 'Recusado: o caminho de saída contém um caractere de controle.',
  outputDotDot: (output) => `Recusado: '${output}' contém '..'; informe um caminho dentro de uma raiz permitida, sem '..'.`,
  outputDeviceName: (segment) => `Recusado: '${segment}' é um nome de dispositivo reservado.`,
  outputNameTooLong: (segment, limit) => `Recusado: o nome '${segment.slice(0, 40)}…' tem mais de ${limit} bytes.`,
  outputPathTooLong: (limit) => `Recusado: o caminho de saída tem mais de ${limit} bytes.`,
  outputBadSegment: (segment) => `Recusado: o nome '${segment}' termina em ponto ou espaço, ou tem caracteres que sistemas de arquivos rejeitam (<>:"|?*).`,
  outputOutsideRoots: (path) => `Recusado: ${path} está fora das raízes permitidas.`,
  outputSymlinkOut: (path, realPath) => `Recusado: ${path} passa por um link simbólico até ${realPath}, fora das raízes permitidas.`,
  outputNotAFile: (path) => `Recusado: ${path} existe e não é um arquivo comum.`,
  outputIsSymlink: (path) => `Recusado: ${path} é um link simbólico; informe o caminho real.`,
  noRoots: () => 'Recusado: nenhuma raiz de saída disponível (o cliente não informou raízes MCP e não há diretório inicial ou --root DIR utilizável).',
  allowedRoots: (roots) => (roots.length ? `Raízes permitidas: ${roots.join(', ')}` : 'Raízes permitidas: nenhuma'),
  writeFailed: (path, reason) => `Não foi possível gravar ${path}: ${reason}`,
  renderFailed: (reason) => `O diagrama não pôde ser desenhado: ${reason}`,
  renderQueueFull: (scope, limit) =>
    scope === 'lane'
      ? `Recusado: você já tem ${limit} desenhos na fila ou em andamento; espere um terminar antes de enviar outro. Nada foi gravado.`
      : `O servidor está ocupado: ${limit} desenhos já estão esperando. Tente de novo em alguns segundos; nada foi gravado.`,
  layoutWorkerDied: (outOfMemory) =>
    `${outOfMemory ? 'O layout ficou sem memória' : 'A thread de layout parou inesperadamente'} ao desenhar este diagrama, e nada foi gravado. Uma thread de layout nova atende o próximo desenho: tente de novo; se acontecer outra vez, divida o diagrama em diagramas menores.`,
  previewScaledDown: (width, height) => `A prévia foi reduzida para ${width} × ${height} px para ficar pequena; o SVG tem o tamanho inteiro.`,
  layoutTimedOut: (seconds) =>
    `O layout levou mais de ${seconds} s e foi interrompido: o diagrama é grande ou denso demais para o layout a tempo. Divida-o em diagramas menores ou conecte menos pares; nada foi gravado.`,
  invalidLayout: (line, column, problem) => `Layout inválido em ${line}:${column}: ${problem}. Passe o conteúdo do arquivo de layout sem alterações (como archflow layout --keep ou o editor o gravou), ou omita layout para um layout novo. Nada foi gravado.`,
  textOrPath: (both) =>
    both
      ? 'Recusado: informe text (o diagrama) ou path (um arquivo .diagram dentro das raízes permitidas), não os dois. Nada foi gravado.'
      : 'Recusado: informe text (o diagrama) ou path (um arquivo .diagram dentro das raízes permitidas). Nada foi gravado.',
  pathNotDiagram: (path) => `Recusado: '${path}' não termina em .diagram; path indica o arquivo do diagrama a desenhar.`,
  diagramUnreadable: (path, reason) =>
    `Não foi possível ler ${path}: ${reason === 'missing' ? 'o arquivo não existe' : reason === 'directory' ? 'é uma pasta' : reason === 'encoding' ? 'não é texto UTF-8' : reason}. Nada foi gravado.`,
  layoutBesideIgnored: (name, line, column, problem) => `${name}:${line}:${column}: o arquivo de layout não é válido (${problem}); desenhado sem ele, o arquivo ficou como estava.`,
  invalidBackground: (value) => `Fundo inválido '${value}': informe uma cor CSS (#rrggbb, #rgb, rgb(), hsl(), um nome de cor) ou 'transparent'.`,
  diagramHasErrors: (errors) => `Nada foi gravado: o diagrama tem ${plural(errors, 'erro', 'erros')}. Corrija-os (check_diagram mostra a mesma lista) e desenhe de novo.`,
  countsLine: (elements, connections, errors, warnings) =>
    `${plural(elements, 'elemento', 'elementos')}, ${plural(connections, 'conexão', 'conexões')}; ${plural(errors, 'erro', 'erros')}, ${plural(warnings, 'aviso', 'avisos')}`,
  renderSummary: (elements, connections, size, path) =>
    `${plural(elements, 'elemento', 'elementos')}, ${plural(connections, 'conexão', 'conexões')}, ${size} -> ${path}`,
  moreWarnings: (count) => `…e mais ${plural(count, 'aviso', 'avisos')} (check_diagram lista todos).`,
  noIconMatches: (query) => `Nenhum ícone corresponde a '${query}'. Tente uma palavra mais curta ou mais geral (ex.: 'database', 'aws', 'queue').`,
  iconSearchSummary: (matches, searched, set) =>
    `${plural(matches, 'resultado', 'resultados')}${matches > 1 ? ', os melhores primeiro,' : ''} entre ${count(searched.names, 'pt-BR')} nomes (com apelidos) de ` +
    `${count(searched.icons, 'pt-BR')} ícones em ${set ? `${set.name} (${set.prefix})` : plural(searched.sets, 'conjunto', 'conjuntos')}.`,
  unknownIconSet: (prefix, known) => `Conjunto de ícones desconhecido '${prefix}'. Conjuntos incluídos: ${known.join(', ')}.`,
  suggestion: (text, at) => `  correção: substitua ${at} por ${JSON.stringify(text)}`,
  drawArchitecture: (focus) =>
    [
      'Desenhe a arquitetura deste workspace como um diagrama do ArchFlow.',
      focus ? `Foco: ${focus}.` : 'Cubra os componentes principais, bancos de dados, serviços externos e como requisições e dados fluem entre eles.',
      '',
      'Passos:',
      '1. Chame `syntax_help` para aprender a linguagem `.diagram`.',
      '2. Leia o workspace: README, manifestos de pacotes, pontos de entrada, arquivos de serviços e de infraestrutura (Docker, compose, Terraform, Kubernetes, CI).',
      '3. Escolha ícones com `search_icons` (ex.: um banco de dados, uma fila, um serviço de nuvem); use só ids que ele retornar.',
      '4. Escreva o diagrama: agrupe partes relacionadas, rotule as conexões com o que trafega, anime o caminho principal das requisições.',
      '5. Chame `check_diagram` e corrija todos os erros e avisos até ficar limpo.',
      '6. Chame `render_diagram` com `output: "docs/architecture.svg"` e `preview: true`; olhe a prévia e melhore layout, rótulos e agrupamentos se preciso.',
      '7. Salve o código ao lado, como `docs/architecture.diagram`, e me conte o que desenhou.',
    ].join('\n'),
  elementSelected: (s) =>
    `O usuário selecionou ${PT_KINDS[s.kind]} ${s.id}${details(s.label, s.line, 'linha')} no diagrama do ArchFlow${s.diagram ? ` "${s.diagram}"` : ''}${s.file ? ` de ${s.file}` : ''}${s.output ? `, gravado em ${s.output}` : ''}. Quando ele disser "isto" ou "este", provavelmente se refere a ele.`,
  diagramAppMissing: (path) => `A visualização de diagramas do ArchFlow não foi gerada (${path} não existe); rode \`npm run build\`.`,
};

/** The server's messages in `locale`. */
export function serverMessages(locale: Locale): ServerMessages {
  return locale === 'pt-BR' ? ptBR : en;
}

/** `41 KB`, `1.2 MB`, `512 B`: sizes as a person reads them (1 KB = 1024 bytes). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Two sizes as `formatSize` shows them, or as exact byte counts where those would read the same. */
export function distinctSizes(a: number, b: number, locale: Locale): [string, string] {
  const [sa, sb] = [formatSize(a), formatSize(b)];
  if (sa !== sb || a === b) return [sa, sb];
  return [`${a.toLocaleString(locale)} bytes`, `${b.toLocaleString(locale)} bytes`];
}

const EN_KINDS: Record<SelectedElementKind, string> = { node: 'node', group: 'group', connection: 'connection' };
const PT_KINDS: Record<SelectedElementKind, string> = { node: 'o nó', group: 'o grupo', connection: 'a conexão' };

/** ` ("API", line 3)`: the label and the line, whichever are known. */
function details(label: string, line: number | undefined, lineWord: string): string {
  const parts = [label ? JSON.stringify(label) : '', line ? `${lineWord} ${line}` : ''].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A count with the locale's digit groups (39,049 / 39.049). */
function count(n: number, locale: Locale): string {
  return n.toLocaleString(locale);
}
