import { createContext, useContext } from 'react';
import type { ChatStrings } from '../../src/protocol/index';
import type { AppChannel } from './apps/appChannel';
import type { ChatHost } from './host';

export interface ChatEnv {
  host: ChatHost;
  strings: ChatStrings;
  lang: string;
  reportPaints: boolean;
  /** Requests of the MCP Apps in tool cards to the host. */
  apps: AppChannel;
}

export const ChatEnvContext = createContext<ChatEnv | undefined>(undefined);

/** The host channel, the strings and the flags every component may need. */
export function useChatEnv(): ChatEnv {
  const env = useContext(ChatEnvContext);
  if (!env) throw new Error('useChatEnv outside ChatEnvContext');
  return env;
}
