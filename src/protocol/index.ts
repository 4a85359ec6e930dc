export {
  assertNever,
  type Viewport,
  type PreviewProblem,
  type PreviewSettings,
  type UpdateMessage,
  type HighlightMessage,
  type SettingsMessage,
  type HostToPreviewMessage,
  type ReadyMessage,
  type RevealLineMessage,
  type RevealElementMessage,
  type ViewportChangedMessage,
  type ExportRequestMessage,
  type OpenLinkMessage,
  type RenderedMessage,
  type LogMessage,
  type PreviewToHostMessage,
  type PreviewState,
} from './previewMessages';
export { parseWebviewMessage, parsePreviewState, type ParseOutcome } from './validate';
export { parseDiagramView, type DiagramViewOutcome } from './diagramView';
