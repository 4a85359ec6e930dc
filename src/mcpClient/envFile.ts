import { readFile } from 'node:fs/promises';
import { parseEnv } from 'node:util';

/**
 * Reads a dotenv file (`NAME=value`, quotes, `#` comments) with Node's own parser.
 * Rejects with a message naming the file when it cannot be read.
 */
export async function readEnvFile(path: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`envFile ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const parsed = parseEnv(text);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) if (value !== undefined) out[key] = value;
  return out;
}
