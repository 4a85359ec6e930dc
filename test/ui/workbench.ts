// Small drivers for VS Code's workbench in code-server 4.139.1 (selectors from
// shared/testing/real-vscode.md).
import assert from 'node:assert/strict';
import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';

export async function waitForWorkbench(page: Page): Promise<void> {
  await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
  await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60_000 });
}

/**
 * How a workbench page is loaded: up to its DOM, not to `load` (goto's default, within 30 s),
 * which its megabytes of scripts exceed on a busy machine; {@link waitForWorkbench} then says
 * when the workbench is there.
 */
const PAGE_LOAD = { waitUntil: 'domcontentloaded', timeout: 120_000 } as const;

/** Opens `folder` in the workbench that code-server serves at `origin`; resolves once the Explorer shows. */
export async function openFolder(page: Page, origin: string, folder: string): Promise<void> {
  await page.goto(`${origin}/?folder=${encodeURIComponent(folder)}`, PAGE_LOAD);
  await waitForWorkbench(page);
}

/** Reloads the window (Developer: Reload Window, as a user would); resolves once the Explorer shows again. */
export async function reloadWorkbench(page: Page): Promise<void> {
  await page.reload(PAGE_LOAD);
  await waitForWorkbench(page);
}

/**
 * Puts the keyboard focus back in the workbench's own document when a webview holds it. A key
 * pressed while a webview's frame has the focus goes to that frame's document, which hands it
 * on to the workbench only by a message, and not at all while the webview is (re)loading its
 * page: the shortcut is then lost and the palette never opens. From the workbench's document,
 * the keybinding service (listening on its window) gets the key directly.
 */
export async function focusWorkbench(page: Page): Promise<void> {
  await page.evaluate(() => {
    const active = document.activeElement;
    if (active instanceof HTMLIFrameElement) active.blur();
  });
}

/**
 * Opens a workspace file by name with Quick Open (Ctrl+P). Enter waits until the file is the
 * focused row: while the list filters, recently opened files are listed (and focused) first.
 * Quick Open closed before the name was typed is opened again, twice at most.
 */
export async function quickOpen(page: Page, fileName: string): Promise<void> {
  const input = page.locator('.quick-input-widget input[type="text"]');
  // A webview or an editor taking the focus as it loads closes Quick Open: open it again.
  for (let attempt = 0; ; attempt++) {
    await focusWorkbench(page);
    await page.keyboard.press('Control+P');
    try {
      await input.waitFor({ state: 'visible', timeout: attempt < 2 ? 10_000 : 30_000 });
      await input.fill(fileName, { timeout: attempt < 2 ? 10_000 : 30_000 });
      await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: fileName }).first().waitFor({ timeout: attempt < 2 ? 10_000 : 30_000 });
      break;
    } catch (err) {
      if (attempt >= 2) throw err;
      await page.keyboard.press('Escape');
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: fileName }).first().waitFor();
}

/**
 * Runs a command from the palette (F1) by its title. A command whose `when` clause depends on
 * the active editor (`resourceLangId == …`) can be missing from a palette opened the moment
 * an editor became active, before its context keys settle, and a webview or editor taking
 * the focus as it loads closes the palette: it is then closed and opened again, twice at most.
 */
export async function runCommand(page: Page, title: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await focusWorkbench(page);
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input[type="text"]');
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    try {
      // A webview or an editor taking the focus as it loads closes the palette: open it again.
      await input.waitFor({ state: 'visible', timeout: attempt < 2 ? 10_000 : 30_000 });
      await input.fill(`>${title}`, { timeout: attempt < 2 ? 10_000 : 30_000 });
      await row.waitFor({ timeout: attempt < 2 ? 10_000 : 30_000 });
    } catch (err) {
      if (attempt >= 2) throw err;
      await page.keyboard.press('Escape');
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    await row.click();
    return;
  }
}

/**
 * Waits until the command palette lists `title`: an installed extension's contributions reach
 * the workbench some seconds after it shows (code-server scans its extensions late).
 */
export async function waitForCommand(page: Page, title: string, timeoutMs = 60_000): Promise<void> {
  const input = page.locator('.quick-input-widget input[type="text"]');
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title });
  await until(
    async () => {
      await focusWorkbench(page);
      await page.keyboard.press('F1');
      await input.waitFor({ state: 'visible' });
      await input.fill(`>${title}`);
      const found = await row
        .first()
        .waitFor({ timeout: 2000 })
        .then(() => true)
        .catch(() => false);
      await page.keyboard.press('Escape');
      return found;
    },
    `the command "${title}"`,
    timeoutMs,
  );
}

/**
 * Runs `item` of the context menu a webview shows on `target` (a drawing in the Markdown
 * preview). The webview is given the focus first, and the menu opened only once its document
 * has it: a right-click that also moves the focus into the webview lets VS Code focus the
 * webview again a moment later (its focus is told by a message, which lags on a loaded
 * machine), and that closes the menu just opened. When the menu closes between Playwright's
 * check and its click, the click lands on the page beneath and the command never runs. So the
 * click is checked: the menu acts on `mouseup`, and a capturing listener in the workbench's
 * document records whether that `mouseup` reached the menu. A click that missed it is a lost
 * gesture, not a failure of the product, and the menu is opened again (twice at most); a click
 * that reached it is done, and what the command does is for the caller to check.
 */
export async function webviewContextMenu(page: Page, target: Locator, item: string): Promise<void> {
  await target.click();
  await until(() => target.evaluate(() => document.hasFocus()), 'the focus in the webview');
  const action = page.locator('.context-view .action-label', { hasText: item }).first();
  const missed: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await target.click({ button: 'right' });
    try {
      await action.waitFor({ timeout: 10_000 });
    } catch {
      missed.push('the menu did not show');
      continue;
    }
    await page.evaluate(() => {
      const w = window as Window & { __archflowMenuHit?: boolean };
      w.__archflowMenuHit = false;
      document.addEventListener(
        'mouseup',
        (e) => {
          w.__archflowMenuHit = e.composedPath().some((n) => n instanceof Element && n.matches('.context-view'));
        },
        { capture: true, once: true },
      );
    });
    try {
      await action.click({ timeout: 10_000 });
    } catch {
      missed.push('the menu closed before its item could be clicked');
      continue;
    }
    if (await page.evaluate(() => (window as Window & { __archflowMenuHit?: boolean }).__archflowMenuHit === true)) {
      // VS Code's menu items start listening for mouseup 100 ms after they render (a timer, late
      // on a loaded machine): a click before that reaches the item, does nothing and leaves the
      // menu open. A menu still open is clicked again; one that closed ran the item.
      let ran = await action.waitFor({ state: 'hidden', timeout: 2_000 }).then(
        () => true,
        () => false,
      );
      for (let again = 0; !ran && again < 5; again++) {
        missed.push('the menu was still open after the click (its item not listening yet)');
        await action.click({ timeout: 10_000 }).catch(() => undefined);
        ran = await action.waitFor({ state: 'hidden', timeout: 2_000 }).then(
          () => true,
          () => false,
        );
      }
      if (!ran) throw new Error(`"${item}" did not run: ${missed.join('; ')}`);
      // Said on stderr so a run's log shows how often the gesture was lost and done again.
      if (missed.length) console.error(`webviewContextMenu: "${item}" reached the menu after ${missed.length} lost attempt(s): ${missed.join('; ')}`);
      return;
    }
    missed.push('the click landed beneath the menu (it had closed)');
    await page.keyboard.press('Escape');
  }
  throw new Error(`could not run "${item}" from the webview's context menu: ${missed.join('; ')}`);
}

/** Error and warning counts from the status bar item (its aria-label). */
export async function problemCounts(page: Page): Promise<{ errors: number; warnings: number }> {
  const label = (await page.locator('#status\\.problems a').first().getAttribute('aria-label')) ?? '';
  // 1.139.1 says `Errors: 1, Warnings: 1`; older builds said `1 Error, 1 Warning`.
  const num = (re: RegExp) => Number(re.exec(label)?.slice(1).find((g) => g !== undefined) ?? 0);
  return { errors: num(/Errors?:\s*(\d+)|(\d+)\s+Errors?/i), warnings: num(/Warnings?:\s*(\d+)|(\d+)\s+Warnings?/i) };
}

/**
 * Asserts what `broken.diagram` (open in the editor) shows: one error and one warning in the
 * status bar, and both messages with their suggestions in the Problems panel, which is then
 * hidden again.
 */
export async function expectBrokenDiagramProblems(page: Page, timeoutMs?: number): Promise<void> {
  const counts = await until(async () => {
    const c = await problemCounts(page);
    return c.errors >= 1 && c.warnings >= 1 ? c : undefined;
  }, 'problems in the status bar', timeoutMs);
  assert.deepEqual(counts, { errors: 1, warnings: 1 });
  await page.keyboard.press('Control+Shift+M');
  const rows = page.locator('.markers-panel .monaco-list-row[aria-label]');
  await until(async () => (await rows.count()) >= 2, 'Problems rows');
  const labels = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  assert.ok(labels.some((l) => l.includes("unknown shape 'retangolo'; did you mean 'retângulo'?")), labels.join('\n'));
  assert.ok(labels.some((l) => l.includes("'apii' is not declared; did you mean 'api'?")), labels.join('\n'));
  await runCommand(page, 'View: Hide Panel');
}

/** The document inside the (first ready) webview: code-server nests it in two iframes. */
export function webviewFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').first().frameLocator('iframe#active-frame');
}

/** The status bar's cursor position, e.g. `Ln 6, Col 1 (2 selected)`. */
export async function cursorStatus(page: Page): Promise<string> {
  return ((await page.locator('#status\\.editor\\.selection').first().textContent()) ?? '').trim();
}

/** Polls until `probe` holds, or throws naming `what`. */
export async function until<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const start = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined && v !== false) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Picks a colour theme through "Preferences: Color Theme". */
export async function pickColorTheme(page: Page, theme: string): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  const input = page.locator('.quick-input-widget input[type="text"]');
  await input.fill(theme);
  // Click the row whose label is exactly the theme: Enter would take whichever row has focus.
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${theme}$`) }) });
  await row.first().click();
}

/** The chat's tool cards of one tool (by its name without the server), in a given state when asked. */
export function toolCards(frame: Frame, toolName: string, status?: string): Locator {
  const cards = frame.locator('.af-tool', { has: frame.locator('.af-tool-tool', { hasText: new RegExp(`^${toolName}$`) }) });
  return status ? cards.and(frame.locator(`[data-status="${status}"]`)) : cards;
}

/** The id of the newest end of a run in the chat ('' when none): the list follows the end, so it is rendered. */
export async function lastRunEnd(frame: Frame): Promise<string> {
  const ends = frame.locator('[data-run-end]');
  return (await ends.count()) ? ((await ends.last().getAttribute('data-item-id')) ?? '') : '';
}

/** The frame whose document holds `selector` (the chat, the preview): code-server nests webviews two frames deep. */
export async function frameWith(page: Page, selector: string, what: string): Promise<Frame> {
  return until(async () => {
    for (const frame of page.frames()) {
      if (await frame.locator(selector).count().catch(() => 0)) return frame;
    }
    return undefined;
  }, what, 60_000);
}

/** The document of the chat view. */
export function chatFrame(page: Page): Promise<Frame> {
  return frameWith(page, '.af-chat', 'the chat view');
}

/**
 * Answers "Start Server" whenever ArchFlow asks whether an MCP server the workspace's files
 * define may start (the suites' fixture servers are their own); runs until the page closes.
 */
export function approveMcpServersWhenAsked(page: Page): void {
  void (async () => {
    while (!page.isClosed()) {
      const dialog = page.locator('.monaco-dialog-box', { hasText: 'Start the MCP server' });
      try {
        await dialog.waitFor({ timeout: 1000 });
        await dialog.getByRole('button', { name: 'Start Server' }).click({ timeout: 5000 });
      } catch {
        // No question now.
      }
    }
  })();
}

/** Drags a React Flow box straight down from its centre by `presses` steps of 15 px, past React Flow's drag threshold first. */
export async function dragBoxDown(page: Page, box: { x: number; y: number; width: number; height: number }, presses: number): Promise<void> {
  const [sx, sy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  // React Flow starts a drag once the pointer has moved past its threshold, and counts from there.
  await page.mouse.move(sx, sy + 2);
  for (let i = 1; i <= presses; i++) await page.mouse.move(sx, sy + 2 + i * 15, { steps: 2 });
  await page.mouse.up();
}

/**
 * Types `text` into the chat's input and sends it, until the transcript shows it: a webview
 * still settling (re-rendered as the MCP servers report in) can drop what was typed before it
 * was ready. Sent again only while the transcript lacks it, so it is never sent twice.
 */
export async function sendChatMessage(frame: Frame, text: string): Promise<void> {
  const sent = frame.locator('.af-user-text', { hasText: text });
  const already = await sent.count();
  for (let attempt = 0; attempt < 3; attempt++) {
    const input = frame.locator('textarea.af-input');
    await input.click();
    await input.fill(text);
    await input.press('Enter');
    try {
      await until(async () => (await sent.count()) > already, 'the message in the transcript', 10_000);
      return;
    } catch {
      // Not there: the webview dropped it; type it again.
    }
  }
  throw new Error(`the chat did not take the message "${text}"`);
}
