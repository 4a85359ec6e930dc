/**
 * Why an agent run ended: the loop (src/agent) reports it, the chat's host records it and the
 * chat webview shows it, so it lives here, where every one of them may import it.
 */
export type RunEndReason =
  | 'end_turn'
  | 'stop_sequence'
  | 'max_tokens'
  | 'refusal'
  | 'context_window_exceeded'
  | 'round_cap'
  | 'repeat_guard'
  | 'budget'
  | 'cancelled'
  | 'error';
