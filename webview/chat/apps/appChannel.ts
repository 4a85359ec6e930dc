import type { AppMethod, AppRequestParams, AppRequestResults, AppResponseMessage } from '../../../src/protocol/index';
import type { ChatHost } from '../host';

/**
 * Requests of the chat's MCP Apps to the host, each answered by one `appResponse`. The host
 * decides everything (which tools an app may call, whether a link opens); this only pairs
 * answers with questions.
 */
export class AppChannel {
  #next = 1;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  constructor(private readonly host: ChatHost) {}

  request<M extends AppMethod>(toolUseId: string, method: M, params?: AppRequestParams[M]): Promise<AppRequestResults[M]> {
    const requestId = this.#next++;
    return new Promise<AppRequestResults[M]>((resolve, reject) => {
      this.#pending.set(requestId, { resolve: resolve as (value: unknown) => void, reject });
      this.host.post({ type: 'appRequest', requestId, toolUseId, method, ...(params !== undefined ? { params } : {}) });
    });
  }

  /** An answer from the host (unknown ids are ignored: a page that restarted). */
  receive(message: AppResponseMessage): void {
    const pending = this.#pending.get(message.requestId);
    if (!pending) return;
    this.#pending.delete(message.requestId);
    if (message.error !== undefined) pending.reject(new Error(message.error));
    else pending.resolve(message.result);
  }
}
