// A minimal MCP Apps host page, bundled and served by test/harness/mcpAppHost: ext-apps'
// AppBridge (the host side of the standard) with an app in a sandboxed iframe, its
// document carrying the CSP a host applies. Everything the app asks of the host is
// recorded in `events`; its tools/call go to Node (`archflowCallTool`, a real SDK client).
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { HostApi, HostEvent, LoadOptions } from './types';

declare global {
  interface Window {
    archflowHost: HostApi;
    archflowCallTool(params: CallToolRequest['params']): Promise<CallToolResult>;
  }
}

const events: HostEvent[] = [];
let bridge: AppBridge | undefined;
let context: McpUiHostContext = {};
let frame: HTMLIFrameElement | undefined;

function record(method: string, params: unknown): void {
  events.push({ method, params: JSON.parse(JSON.stringify(params ?? null)) });
}

function withCsp(html: string, csp: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${csp.replace(/"/g, '&quot;')}">`;
  return html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`);
}

function connectedBridge(target: Window, options: LoadOptions): { bridge: AppBridge; initialized: Promise<void> } {
  context = options.hostContext;
  const b = new AppBridge(null, { name: options.hostName ?? 'archflow-test-host', version: '1.0.0' }, options.capabilities, { hostContext: context });
  const initialized = new Promise<void>((resolve) => (b.oninitialized = () => resolve()));
  b.oncalltool = async (params) => {
    record('tools/call', params);
    return window.archflowCallTool(params);
  };
  b.onupdatemodelcontext = async (params) => {
    record('ui/update-model-context', params);
    return {};
  };
  b.onmessage = async (params) => {
    record('ui/message', params);
    return {};
  };
  b.onopenlink = async (params) => {
    record('ui/open-link', params);
    return {};
  };
  b.onrequestdisplaymode = async (params) => {
    record('ui/request-display-mode', params);
    context = { ...context, displayMode: params.mode };
    b.setHostContext(context);
    if (frame) frame.style.height = params.mode === 'fullscreen' ? '100vh' : `${lastHeight}px`;
    return { mode: params.mode };
  };
  b.onsizechange = (params) => {
    record('ui/notifications/size-changed', params);
    if (frame && typeof params.height === 'number') {
      lastHeight = params.height;
      frame.style.height = `${params.height}px`;
    }
  };
  b.onloggingmessage = (params) => record('notifications/message', params);
  void b.connect(new PostMessageTransport(target, target));
  return { bridge: b, initialized };
}

let lastHeight = 300;

window.archflowHost = {
  events,
  async load(options) {
    await this.unload();
    events.length = 0;
    lastHeight = 300;
    frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.title = 'app';
    frame.style.cssText = `display:block;width:100%;height:${lastHeight}px;border:0`;
    document.body.append(frame);
    let initialized: Promise<void> = Promise.resolve();
    if (options.answer) ({ bridge, initialized } = connectedBridge(frame.contentWindow!, options));
    frame.srcdoc = withCsp(options.html, options.csp);
    await initialized;
  },
  sendToolInputPartial: (args) => bridge!.sendToolInputPartial({ arguments: args }),
  sendToolInput: (args) => bridge!.sendToolInput({ arguments: args }),
  async sendToolResult(result) {
    const sent = performance.timeOrigin + performance.now();
    await bridge!.sendToolResult(result);
    return sent;
  },
  sendToolCancelled: (reason) => bridge!.sendToolCancelled({ reason }),
  setHostContext(next) {
    context = next;
    bridge!.setHostContext(next);
  },
  frameHeight: () => frame?.getBoundingClientRect().height ?? 0,
  async unload() {
    frame?.remove();
    frame = undefined;
    await bridge?.close();
    bridge = undefined;
  },
};
