/** Who requests are made as, and where, or what is missing before any can be. */
export type ProviderIdentity =
  | { ready: true; identity: string; region?: string }
  /** One sentence naming what to set or run. */
  | { ready: false; missing: string };
