// What every UI runner does the same way: its command line (`--vsix FILE`, `--keep`,
// `--screenshots DIR`), the packaged .vsix it tests, the workbench it drives (code-server with
// the .vsix installed, its settings, headless Chromium on it), and screenshots in test-results/
// (and a copy in `--screenshots`, for the README).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { repoRoot, scratchWorkspace, startCodeServer, type CodeServer } from '../extension/harness/codeServer';
import { launchChromium } from '../harness/browser';
import { openFolder } from './workbench';

/** What a UI runner's workbench differs in; everything else is {@link UiRunner.openWorkbench}'s. */
export interface WorkbenchOptions {
  /** Names the files in test-results/: `<name>.server.log`. */
  name: string;
  /** The .vsix installed into code-server. */
  vsix: string;
  /** Files written into the scratch copy of the fixture workspace (path relative to it -> text). */
  files?: Record<string, string>;
  /** User settings added to (or overriding) {@link UI_SETTINGS}. */
  settings?: Record<string, unknown>;
  /** Environment added to code-server's (reaches the extension host). */
  env?: Record<string, string>;
  viewport?: { width: number; height: number };
}

/** The workbench a runner's tests drive. */
export interface Workbench {
  readonly server: CodeServer;
  readonly browser: Browser;
  readonly page: Page;
  /** The scratch copy of test/extension/fixtures/workspace that code-server opened. */
  readonly workspace: string;
  /** Closes the browser, stops code-server (its scratch folder kept with `--keep`) and removes the workspace. */
  close(): Promise<void>;
}

/** The settings every UI runner starts with: the light theme of the screenshots, no minimap, a plain title bar. */
export const UI_SETTINGS: Record<string, unknown> = {
  'workbench.colorTheme': 'Default Light Modern',
  'editor.minimap.enabled': false,
  'window.commandCenter': false,
  'workbench.layoutControl.enabled': false,
};

export interface UiRunner {
  /** test-results/ of the repository (created). */
  readonly artifacts: string;
  /** `--keep`: leave code-server's scratch folder for a look after the run. */
  readonly keep: boolean;
  /** The value after `--name` on the command line. */
  option(name: string): string | undefined;
  /** The .vsix given with `--vsix` (when it exists), else one packaged now into test-results/`fileName`. */
  vsix(fileName: string): string;
  /**
   * Saves test-results/`name`.png of the page (or of `only`), with the mouse moved away so no
   * tooltip lingers; `midGesture` leaves the mouse where it is, since moving a held button
   * drags whatever it holds (a segment handle follows the pointer to wherever it goes).
   */
  screenshot(page: Page, name: string, only?: Locator, options?: { midGesture?: boolean }): Promise<void>;
  /**
   * Opens the workbench: a scratch copy of the fixture workspace with `files` in it, code-server
   * with the .vsix installed and {@link UI_SETTINGS} plus `settings`, and a Chromium page on it,
   * resolved once the Explorer shows. What was started is stopped again when a step fails.
   */
  openWorkbench(options: WorkbenchOptions): Promise<Workbench>;
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
    async openWorkbench(options) {
      const workspace = scratchWorkspace(join(repoRoot, 'test/extension/fixtures/workspace'));
      let server: CodeServer | undefined;
      let browser: Browser | undefined;
      const close = async () => {
        await browser?.close().catch(() => undefined);
        await server?.stop({ keep: argv.includes('--keep') });
        rmSync(workspace, { recursive: true, force: true });
      };
      try {
        for (const [path, text] of Object.entries(options.files ?? {})) {
          mkdirSync(dirname(join(workspace, path)), { recursive: true });
          writeFileSync(join(workspace, path), text);
        }
        server = await startCodeServer({
          workspace,
          installVsix: [options.vsix],
          ...(options.env ? { env: options.env } : {}),
          logFile: join(artifacts, `${options.name}.server.log`),
          settings: { ...UI_SETTINGS, ...options.settings },
        });
        browser = await launchChromium();
        const page = await browser.newPage({ viewport: options.viewport ?? { width: 1440, height: 900 } });
        await openFolder(page, server.origin, workspace);
        return { server, browser, page, workspace, close };
      } catch (err) {
        await close();
        throw err;
      }
    },
    async screenshot(page, name, only, options) {
      if (!options?.midGesture) {
        await page.mouse.move(5, 300);
        await new Promise((r) => setTimeout(r, 600));
      }
      const file = join(artifacts, `${name}.png`);
      await (only ?? page).screenshot({ path: file });
      if (copies) {
        mkdirSync(copies, { recursive: true });
        copyFileSync(file, join(copies, `${name}.png`));
      }
    },
  };
}
