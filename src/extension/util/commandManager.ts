import * as vscode from 'vscode';
import { Disposable } from './dispose';

/** A command as a small object: its id and what it does. */
export interface Command {
  readonly id: string;
  execute(...args: unknown[]): unknown;
}

/**
 * Registers commands so that none can fail silently: a thrown error or a rejected
 * promise is logged and shown to the user as an error message, and the command's
 * own result (if any) is still returned to the caller.
 */
export class CommandManager extends Disposable {
  readonly #ids = new Set<string>();

  constructor(private readonly log: vscode.LogOutputChannel) {
    super();
  }

  add(command: Command): void {
    if (this.#ids.has(command.id)) throw new Error(`command ${command.id} registered twice`);
    this.#ids.add(command.id);
    this.register(vscode.commands.registerCommand(command.id, (...args: unknown[]) => this.run(command, args)));
  }

  private async run(command: Command, args: unknown[]): Promise<unknown> {
    try {
      return await command.execute(...args);
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      this.log.error(`${command.id} failed`, err);
      void vscode.window.showErrorMessage(vscode.l10n.t('ArchFlow: {0} failed: {1}', command.id, detail));
      return undefined;
    }
  }
}
