export { DIAGRAM_FENCE_LANGUAGES, isDiagramInfo, parseFenceInfo, slugify, type FenceInfo } from './fenceInfo';
export { extractDiagramFences, mayHoldDiagramFence, toMarkdownRange, toMarkdownDiagnostic, unclosedFenceDiagnostic, fenceNames, type DiagramFence } from './fences';
export { analyzeMarkdown, fenceContainsLine, type FenceAnalysis, type MarkdownAnalysis, type MarkdownAnalyzeOptions } from './markdownAnalysis';
export { drawnFenceHtml, pendingFenceHtml, problemsFenceHtml, type FenceBlock, type FenceFiles, type FenceSvgs, type FenceProblem, type FenceLabels } from './fenceHtml';
export { replaceFences } from './rewrite';
