// Debian's Chromium driven by playwright-core (which never downloads a browser).
import { chromium, type Browser } from 'playwright-core';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.ARCHFLOW_CHROMIUM ?? '/usr/bin/chromium';

/** Launches headless Chromium with the flags that keep it offline and quiet. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set ARCHFLOW_CHROMIUM)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // performance.memory as it is, not in coarse buckets refreshed every 20 minutes: the editor's memory soak reads it.
      '--enable-precise-memory-info',
    ],
  });
}
