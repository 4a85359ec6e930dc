import * as vscode from 'vscode';
import { Disposable } from '../util/dispose';

const SECRET_KEY = 'archflow.anthropicApiKey';

export interface ApiKey {
  key: string;
  source: 'secretStorage' | 'environment';
}

/**
 * The Anthropic API key: from SecretStorage (set by "ArchFlow: Set Anthropic API Key"), else
 * from `ANTHROPIC_API_KEY`. The key is handed only to the agent loop: never to a webview, a
 * log, a setting or a spawned server's environment.
 */
export class ApiKeyStore extends Disposable {
  readonly #onDidChange = this.register(new vscode.EventEmitter<void>());
  /** The stored key was set or cleared (here or in another window). */
  readonly onDidChange = this.#onDidChange.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly env: Readonly<Record<string, string | undefined>> = process.env,
  ) {
    super();
    this.register(secrets.onDidChange((e) => e.key === SECRET_KEY && this.#onDidChange.fire()));
  }

  async get(): Promise<ApiKey | undefined> {
    const stored = (await this.secrets.get(SECRET_KEY))?.trim();
    if (stored) return { key: stored, source: 'secretStorage' };
    const fromEnv = this.env.ANTHROPIC_API_KEY?.trim();
    return fromEnv ? { key: fromEnv, source: 'environment' } : undefined;
  }

  async set(key: string): Promise<void> {
    await this.secrets.store(SECRET_KEY, key.trim());
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_KEY);
  }

  /** Asks for the key (a password box) and stores it; false when the user cancels. */
  async prompt(): Promise<boolean> {
    const key = await vscode.window.showInputBox({
      title: vscode.l10n.t('Anthropic API key'),
      prompt: vscode.l10n.t('Stored in VS Code\'s secret storage, used only for requests to the Anthropic API (or the gateway in archflow.chat.baseUrl).'),
      password: true,
      ignoreFocusOut: true,
      placeHolder: 'sk-ant-…',
      validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter a key, or press Escape to cancel.') : /\s/.test(v.trim()) ? vscode.l10n.t('A key has no spaces.') : undefined),
    });
    if (key === undefined) return false;
    await this.set(key);
    return true;
  }
}
