import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import type { ModelBackend } from '../../agent/backend';
import { contextWindowFor, PRICES_AS_OF } from '../../agent/pricing';
import { createBackend, describeProvider, knownModels, PROVIDER_LABELS, type ProviderIdentity, type ProviderSettings } from '../../agent/backends';
import type { ProviderView } from '../../protocol/index';
import type { ChatConfig, ChatProviderName } from '../config';
import { Disposable } from '../util/dispose';
import type { ApiKeyStore } from './apiKey';
import { FALLBACK_MODELS, listModels, modelOptions, type ListedModels } from './models';
import { vscodeLmBackend } from './vscodeLmBackend';

/** SecretStorage keys of the providers that take a key of their own (Anthropic's is the ApiKeyStore's). */
const SECRET: Partial<Record<ChatProviderName, string>> = {
  bedrock: 'archflow.bedrockApiKey',
  foundry: 'archflow.foundryApiKey',
  compatible: 'archflow.compatibleApiKey',
};

/** What the chat may run with, or what keeps it from running. */
export type ProviderReadiness =
  | { ready: true; /** A fingerprint of the credential (never the secret), so a new one makes a new client. */ credential: string; secret: string | undefined }
  | { ready: false; blocker: 'noKey' | 'providerSetup'; missing?: string };

/**
 * The chat's model provider (`archflow.chat.provider`): makes the backend an agent streams
 * through, says who requests are made as and where, and what is missing. Secrets are only
 * in SecretStorage; cloud credentials are read where their tools keep them (AWS profiles,
 * Google application default credentials), only when this provider is chosen.
 */
export class ChatProviders extends Disposable {
  readonly #onDidChange = this.register(new vscode.EventEmitter<void>());
  /** A stored key or an identity changed: the chat's chrome should be drawn again. */
  readonly onDidChange = this.#onDidChange.event;
  #identity: { for: string; value: Promise<ProviderIdentity>; failed?: boolean } | undefined;
  #models: { for: string; value: ListedModels | undefined } | undefined;
  #copilot: Promise<vscode.LanguageModelChat[]> | undefined;
  #copilotListed: vscode.LanguageModelChat[] = [];

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly secrets: vscode.SecretStorage,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    super();
    this.register(keys.onDidChange(() => this.#changed()));
    this.register(secrets.onDidChange((e) => Object.values(SECRET).includes(e.key) && this.#changed()));
  }

  #changed(): void {
    this.#identity = undefined;
    this.#onDidChange.fire();
  }

  async #secret(name: ChatProviderName): Promise<string | undefined> {
    if (name === 'anthropic') return (await this.keys.get())?.key;
    const key = SECRET[name];
    const stored = key ? (await this.secrets.get(key))?.trim() : undefined;
    if (stored) return stored;
    return name === 'foundry' ? this.env.ANTHROPIC_FOUNDRY_API_KEY?.trim() || undefined : undefined;
  }

  /** Copilot's chat models, asked once per window (and again while there are none). */
  #copilotModels(): Promise<vscode.LanguageModelChat[]> {
    if (!this.#copilot) {
      const asked = Promise.resolve(vscode.lm.selectChatModels({ vendor: 'copilot' })).catch(() => [] as vscode.LanguageModelChat[]);
      this.#copilot = asked;
      void asked.then((models) => {
        this.#copilotListed = models;
        if (models.length === 0) this.#copilot = undefined;
        else this.#onDidChange.fire();
      });
    }
    return this.#copilot;
  }

  /** The backend's settings for `model`, with the provider's secret when it has one. */
  #settings(config: ChatConfig, model: string, secret: string | undefined): ProviderSettings {
    const p = config.provider;
    switch (p.name) {
      case 'copilot':
        throw new Error("Copilot's models are reached through VS Code, not a provider client.");
      case 'anthropic':
        return { provider: 'anthropic', apiKey: secret ?? '', baseURL: config.baseUrl };
      case 'compatible':
        return { provider: 'compatible', apiKey: secret ?? 'none', baseURL: p.compatible.baseUrl, promptCaching: p.compatible.promptCaching, tokenCounting: p.compatible.tokenCounting };
      case 'bedrock':
        return { provider: 'bedrock', model, endpoint: p.bedrock.endpoint, ...(p.bedrock.region ? { region: p.bedrock.region } : {}), ...(p.bedrock.profile ? { profile: p.bedrock.profile } : {}), ...(secret ? { apiKey: secret } : {}), env: this.env };
      case 'vertex':
        return { provider: 'vertex', ...(p.vertex.region ? { region: p.vertex.region } : {}), ...(p.vertex.projectId ? { projectId: p.vertex.projectId } : {}), env: this.env };
      case 'foundry': {
        const auth = foundryAuth(p.foundry.auth, secret);
        return { provider: 'foundry', auth, ...(auth === 'key' ? { apiKey: secret ?? '' } : {}), ...(p.foundry.resource ? { resource: p.foundry.resource } : {}) };
      }
    }
  }

  /** Whether a run can start, and with which credential. Resolves cloud identities (no model request). */
  async readiness(config: ChatConfig, model: string): Promise<ProviderReadiness> {
    const name = config.provider.name;
    const secret = await this.#secret(name);
    if (name === 'anthropic' && !secret) return { ready: false, blocker: 'noKey' };
    if (name === 'foundry' && !secret && foundryAuth(config.provider.foundry.auth, secret) === 'key') return { ready: false, blocker: 'noKey' };
    if (name === 'compatible' && !config.provider.compatible.baseUrl) {
      return { ready: false, blocker: 'providerSetup', missing: vscode.l10n.t('No endpoint is set: set archflow.chat.compatibleBaseUrl (for Ollama, http://localhost:11434).') };
    }
    const who = await this.identity(config, model);
    if (!who.ready) return { ready: false, blocker: 'providerSetup', missing: who.missing };
    return { ready: true, credential: secret ? createHash('sha256').update(secret).digest('hex') : '', secret };
  }

  /** Who requests are made as and where, resolved once per settings (and again after a key changes). */
  identity(config: ChatConfig, model: string): Promise<ProviderIdentity> {
    if (config.provider.name === 'copilot') {
      return this.#copilotModels().then((models) =>
        models.length
          ? { ready: true, identity: 'GitHub Copilot' }
          : { ready: false, missing: vscode.l10n.t("No Copilot model is available: install GitHub Copilot Chat and sign in (Copilot's models are not offered in every VS Code build).") },
      );
    }
    const id = JSON.stringify([config.provider, config.baseUrl]);
    // What was missing may have been set up since (`aws configure`, `gcloud auth …`): ask again.
    if (this.#identity?.for !== id || this.#identity.failed) {
      const entry: { for: string; value: Promise<ProviderIdentity>; failed?: boolean } = {
        for: id,
        value: this.#secret(config.provider.name).then((secret) => describeProvider(this.#settings(config, model, secret))),
      };
      void entry.value.then((who) => (entry.failed = !who.ready));
      this.#identity = entry;
    }
    return this.#identity.value;
  }

  /** The backend a run streams through. Rejects with one sentence when the settings cannot reach the provider. */
  async backend(config: ChatConfig, model: string, secret: string | undefined): Promise<ModelBackend> {
    if (config.provider.name === 'copilot') {
      const models = await this.#copilotModels();
      const chosen = models.find((m) => m.id === model) ?? models.find((m) => m.family === model);
      if (!chosen) throw new Error(vscode.l10n.t('Copilot offers no model {0}: choose one in the model picker.', model));
      return vscodeLmBackend(chosen);
    }
    return createBackend(this.#settings(config, model, secret));
  }

  /** The provider as the chat shows it: name, identity, region, or what is missing (when `resolve`); the price table's date. */
  async view(config: ChatConfig, model: string, resolve = true): Promise<ProviderView> {
    const name = config.provider.name;
    const label = labelOf(name);
    // `resolve` false (Restricted Mode): no credential is looked up.
    const keyed = name === 'anthropic' || (name === 'foundry' && config.provider.foundry.auth === 'key');
    const who = !resolve || keyed ? undefined : await this.identity(config, model);
    return {
      name,
      label,
      ...(who?.ready ? { identity: who.identity, ...(who.region ? { region: who.region } : {}) } : {}),
      ...(who && !who.ready ? { missing: who.missing } : {}),
      ...(name === 'compatible' ? { identity: config.provider.compatible.baseUrl || undefined, estimated: true } : {}),
      ...(name === 'copilot' ? { estimated: true, billedByPlan: true } : {}),
      pricesAsOf: PRICES_AS_OF,
    };
  }

  /**
   * The models to offer: the Models API's answer on Anthropic's API (asked in the background;
   * `onDidChange` fires when it comes), the current lineup under the provider's ids on the
   * cloud platforms, the configured model on a compatible endpoint. Context windows from the
   * API, else from the price table, else (a compatible endpoint) from settings.
   */
  models(config: ChatConfig, model: string, log: vscode.LogOutputChannel): { options: ReturnType<typeof modelOptions>; contextWindow: number } {
    const name = config.provider.name;
    let listed: ListedModels;
    if (name === 'anthropic') {
      listed = this.#anthropicModels(config, log);
    } else if (name === 'copilot') {
      void this.#copilotModels();
      listed = { ids: this.#copilotListed.map((m) => m.id), windows: new Map(this.#copilotListed.map((m) => [m.id, m.maxInputTokens])), source: 'fallback' };
    } else {
      const ids = name === 'compatible' ? [] : knownModels(name, name === 'bedrock' ? config.provider.bedrock.endpoint : undefined);
      listed = { ids, windows: new Map(), source: 'fallback' };
    }
    const windows = new Map(listed.windows);
    for (const id of [...listed.ids, model]) {
      const known = contextWindowFor(id, config.prices);
      if (!windows.has(id) && known) windows.set(id, known);
    }
    if (name === 'compatible' && !windows.has(model)) windows.set(model, config.provider.compatible.contextWindow);
    const options = modelOptions(listed.ids, model, windows);
    return { options, contextWindow: windows.get(model) ?? DEFAULT_UNKNOWN_WINDOW };
  }

  #anthropicModels(config: ChatConfig, log: vscode.LogOutputChannel): ListedModels {
    const fallback = (): ListedModels => ({ ids: [...FALLBACK_MODELS], windows: new Map(), source: 'fallback' });
    void this.keys.get().then((key) => {
      const id = JSON.stringify([config.baseUrl, key ? createHash('sha256').update(key.key).digest('hex') : '']);
      if (this.#models?.for === id) return;
      this.#models = { for: id, value: undefined };
      void listModels(key?.key, config.baseUrl).then((listed) => {
        if (this.#models?.for !== id) return;
        this.#models.value = listed;
        if (listed.source === 'fallback' && key) log.info(`chat: the model list comes from ArchFlow (the Models API said: ${listed.error})`);
        this.#onDidChange.fire();
      });
    });
    return this.#models?.value ?? fallback();
  }

  /** Asks for the chosen provider's key (a password box) and stores it; false when cancelled or the provider takes none. */
  async promptKey(config: ChatConfig): Promise<boolean> {
    const name = config.provider.name;
    if (name === 'anthropic') return this.keys.prompt();
    const key = SECRET[name];
    if (!key) return false;
    const value = await vscode.window.showInputBox({
      title: vscode.l10n.t('{0} key', labelOf(name)),
      prompt: vscode.l10n.t("Stored in VS Code's secret storage, used only for requests to {0}.", labelOf(name)),
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter a key, or press Escape to cancel.') : /\s/.test(v.trim()) ? vscode.l10n.t('A key has no spaces.') : undefined),
    });
    if (value === undefined) return false;
    await this.secrets.store(key, value.trim());
    return true;
  }
}

/** Foundry's sign-in: the setting's choice, or (`auto`) the key when one is stored or in the environment, else Entra ID. */
function foundryAuth(setting: ChatConfig['provider']['foundry']['auth'], secret: string | undefined): 'key' | 'entra' {
  return setting === 'key' ? 'key' : setting === 'entraId' ? 'entra' : secret ? 'key' : 'entra';
}

function labelOf(name: ChatProviderName): string {
  return PROVIDER_LABELS[name === 'copilot' ? 'vscode-lm' : name];
}

/** A model the table does not know, on a provider that does not say: the smallest window of a current Claude model. */
export const DEFAULT_UNKNOWN_WINDOW = 200_000;
