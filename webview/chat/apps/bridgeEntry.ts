// A bundle of its own (dist/webview/chatApps.js): ext-apps' AppBridge and what it brings (the
// v2 MCP client's protocol and JSON Schema validator, zod), about 400 KB minified that the chat
// loads only when a card shows an MCP App.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { BridgeModule } from './bridgeLoader';

(globalThis as { __archflowAppBridge?: BridgeModule }).__archflowAppBridge = { AppBridge, PostMessageTransport };
