// What every UI runner does the same way: its command line (`--vsix FILE`, `--keep`,
// `--screenshots DIR`), the packaged .vsix it tests, and screenshots in test-results/ (and a
// copy in `--screenshots`, for the README).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { repoRoot } from '../extension/harness/codeServer';

export interface UiRunner {
  /** test-results/ of the repository (created). */
  readonly artifacts: string;
  /** `--keep`: leave code-server's scratch folder for a look after the run. */
  readonly keep: boolean;
  /** The value after `--name` on the command line. */
  option(name: string): string | undefined;
  /** The .vsix given with `--vsix` (when it exists), else one packaged now into test-results/`fileName`. */
  vsix(fileName: string): string;
  /** Saves test-results/`name`.png of the page (or of `only`), with the mouse moved away so no tooltip lingers. */
  screenshot(page: Page, name: string, only?: Locator): Promise<void>;
}

export function uiRunner(argv: readonly string[] = process.argv.slice(2)): UiRunner {
  const option = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const artifacts = join(repoRoot, 'test-results');
  mkdirSync(artifacts, { recursive: true });
  const copies = option('--screenshots');
  return {
    artifacts,
    keep: argv.includes('--keep'),
    option,
    vsix(fileName) {
      const given = option('--vsix');
      if (given && existsSync(given)) return given;
      const out = join(artifacts, fileName);
      const r = spawnSync(process.execPath, [join(repoRoot, 'scripts/packageExtension.mjs'), '--out', out], { cwd: repoRoot, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`packaging the .vsix failed:\n${r.stdout}\n${r.stderr}`);
      return out;
    },
    async screenshot(page, name, only) {
      await page.mouse.move(5, 300);
      await new Promise((r) => setTimeout(r, 600));
      const file = join(artifacts, `${name}.png`);
      await (only ?? page).screenshot({ path: file });
      if (copies) {
        mkdirSync(copies, { recursive: true });
        copyFileSync(file, join(copies, `${name}.png`));
      }
    },
  };
}
