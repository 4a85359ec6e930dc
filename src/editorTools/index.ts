export { createEditorServer, EDITOR_SERVER_NAME, type EditorServerOptions } from './createEditorServer';
export { EditorTools, type EditorToolsOptions, type ReadDiagramInput, type WriteDiagramInput, type ShowDiagramInput, type DiagramState, type ReadDiagramData, type WriteDiagramData, type ElementSummary } from './editorTools';
export type { DiagramDocument, DiagramWorkspace, EditOutcome } from './diagramWorkspace';
export { editorMessages, type EditorMessages } from './editorMessages';
