/**
 * Where a tool call is. Its own module because both the chat's messages (a tool card's state)
 * and the MCP Apps rules (which states show an app) need it, and neither should import the other.
 */
export type ToolStatus = 'preparing' | 'approval' | 'running' | 'done' | 'failed' | 'denied' | 'cancelled' | 'not_run';
