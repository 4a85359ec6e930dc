// The service owns these now; kept here so the preview and the MCP editor bridge import them unchanged.
export { elementAtLine, connectionsAtLine, elementTarget, elementById, occurrencesOf, occurrenceAt, type IdOccurrence } from '../../languageService/occurrences';
