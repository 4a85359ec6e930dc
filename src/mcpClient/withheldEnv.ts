/**
 * Variables a spawned MCP server never receives from the process that starts it, whatever its
 * configuration says: the model's credentials are for the agent loop only.
 */
export const WITHHELD_ENV: readonly string[] = ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN'];

/** `env` without the variables in {@link WITHHELD_ENV} (a copy; `env` is not changed). */
export function withoutWithheld(env: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  const copy: Record<string, string | undefined> = { ...env };
  for (const name of WITHHELD_ENV) delete copy[name];
  return copy;
}
