// Entry of the analysis worker thread (bundled to dist/analysisWorker.js). See createAnalysisWorker.
import { parentPort } from 'node:worker_threads';
import { analyzeText } from '../core/analysis';
import type { IconCatalog } from '../core/icons';
import { getIconCatalog } from './iconStore';
import type { AnalysisPayload, TextAnalysis } from './analysisWorkerClient';
import { serveRequests } from './workerClient';

if (!parentPort) throw new Error('analysisWorker.js must run in a worker thread');
serveRequests<AnalysisPayload, TextAnalysis>(parentPort, async ({ text }) => {
  let catalog: IconCatalog | undefined;
  let catalogError: string | undefined;
  try {
    catalog = await getIconCatalog();
  } catch (err) {
    // Checking works without icons: only unknown-icon warnings are lost, and the caller says so.
    catalogError = (err as Error).message;
  }
  // The model stays here: a check needs only what is wrong and how much there is.
  const { diagnostics, counts } = analyzeText(text, catalog ? { catalog } : {});
  return catalogError === undefined ? { diagnostics, counts } : { diagnostics, counts, catalogError };
});
