import type { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

/** What dist/webview/chatApps.js (bridgeEntry.ts) provides. */
export interface BridgeModule {
  AppBridge: typeof AppBridge;
  PostMessageTransport: typeof PostMessageTransport;
}

type WithBridge = { __archflowAppBridge?: BridgeModule };

// Read while the chat's own script runs: the bridge bundle sits next to it and is allowed by the same nonce.
const chatScript = document.currentScript instanceof HTMLScriptElement ? document.currentScript : undefined;
let loading: Promise<BridgeModule> | undefined;

/**
 * ext-apps' AppBridge, loaded the first time a card shows an app (a second script beside the
 * chat's, with the chat's CSP nonce). Rejects when it cannot be loaded; the next call tries again.
 */
export function loadBridge(): Promise<BridgeModule> {
  const ready = (globalThis as WithBridge).__archflowAppBridge;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<BridgeModule>((resolve, reject) => {
    const script = document.createElement('script');
    if (chatScript?.nonce) script.nonce = chatScript.nonce;
    script.src = new URL('chatApps.js', chatScript?.src ?? document.baseURI).href;
    script.onload = () => {
      const loaded = (globalThis as WithBridge).__archflowAppBridge;
      if (loaded) resolve(loaded);
      else reject(new Error('the app bridge script ran but provided nothing'));
    };
    script.onerror = () => reject(new Error('the app bridge script could not be loaded'));
    document.head.append(script);
  });
  loading.catch(() => (loading = undefined));
  return loading;
}
