import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { basename, delimiter, isAbsolute, join, resolve } from 'node:path';

/** A command resolved to the program that will run. */
export interface ResolvedCommand {
  /** Absolute path of the program. */
  path: string;
  via: 'path-given' | 'configured-path' | 'login-shell' | 'path';
  /** The login shell's PATH, when the command was found there: give it to the server too. */
  shellPath?: string;
}

/** The command could not be found; the message lists every place that was searched. */
export class CommandNotFoundError extends Error {
  override name = 'CommandNotFoundError';
}

export interface CommandResolverOptions {
  /** The login shell to ask (default `$SHELL`, then `/bin/sh`); `false` never asks a shell. */
  shell?: string | false;
  /**
   * `first` (default): search the login shell's PATH before this process's, as a terminal
   * would. `fallback`: only when this process's PATH lacks the command (for a CLI started from
   * a terminal, whose PATH already is the login PATH).
   */
  loginShell?: 'first' | 'fallback';
  /** Environment whose PATH is searched (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  platform?: NodeJS.Platform;
  /** How long the login shell may take (default 10 s). */
  shellTimeoutMs?: number;
}

const MARK = '__ARCHFLOW_MCP_PATH__=';

/** Interactive+login for shells known to accept it, like VS Code's own probe: rc files set up nvm, pyenv... */
function shellFlags(shell: string): string {
  return /^(bash|zsh|ksh|fish)$/.test(basename(shell)) ? '-ilc' : '-lc';
}

/**
 * Resolves the `command` of a stdio server the way a terminal would, so servers started with
 * `npx`, `uvx` or an nvm-managed `node` work even when the editor was started from a GUI
 * whose PATH lacks them. Places, in order: a path with a slash (against `cwd`); the PATH in
 * the server's configured env; the login shell's PATH (asked once per resolver, cached, since
 * a login shell can take seconds) and this process's PATH, in the order `loginShell` says.
 * Never runs the command itself.
 */
export class CommandResolver {
  private shellPathProbe?: Promise<{ path?: string; error?: string }>;
  private readonly platform: NodeJS.Platform;
  private readonly env: Readonly<Record<string, string | undefined>>;

  constructor(private readonly options: CommandResolverOptions = {}) {
    this.platform = options.platform ?? process.platform;
    this.env = options.env ?? process.env;
  }

  /** Rejects with `CommandNotFoundError`, listing the places searched, when none has the command. */
  async resolve(command: string, cwd: string, configuredPath?: string): Promise<ResolvedCommand> {
    const hasSlash = command.includes('/') || (this.platform === 'win32' && command.includes('\\'));
    if (hasSlash || isAbsolute(command)) {
      const path = resolve(cwd, command);
      if (await this.isExecutable(path)) return { path, via: 'path-given' };
      throw new CommandNotFoundError(`command '${command}' resolves to ${path}, which does not exist or is not executable`);
    }
    const searched: string[] = [];
    if (configuredPath) {
      const found = await this.searchPath(command, configuredPath);
      if (found) return { path: found, via: 'configured-path' };
      searched.push(`the PATH in the server's "env" (${configuredPath})`);
    }
    const processPath = this.env.PATH ?? this.env.Path ?? '';
    const viaProcess = async () => {
      const found = await this.searchPath(command, processPath);
      if (found) return { path: found, via: 'path' as const };
      searched.push(`this process's PATH (${processPath || 'empty'})`);
      return undefined;
    };
    const viaShell = async () => {
      const shell = this.shell();
      if (!shell) return undefined;
      const probe = await this.loginShellPath();
      if (probe.path) {
        const found = await this.searchPath(command, probe.path);
        if (found) return { path: found, via: 'login-shell' as const, shellPath: probe.path };
      }
      searched.push(`the login shell's PATH (${shell} ${shellFlags(shell)}: ${probe.path ?? probe.error ?? 'no answer'})`);
      return undefined;
    };
    const order = this.options.loginShell === 'fallback' ? [viaProcess, viaShell] : [viaShell, viaProcess];
    for (const step of order) {
      const found = await step();
      if (found) return found;
    }
    throw new CommandNotFoundError(`command '${command}' not found. Searched ${searched.join('; ')}. Install it, or give its full path as "command".`);
  }

  /** Starts asking the login shell for its PATH now, so the first server need not wait. */
  warmUp(): void {
    if (this.shell()) void this.loginShellPath();
  }

  private shell(): string | undefined {
    if (this.options.shell === false || this.platform === 'win32') return undefined;
    return this.options.shell ?? this.env.SHELL ?? '/bin/sh';
  }

  private loginShellPath(): Promise<{ path?: string; error?: string }> {
    const shell = this.shell();
    if (!shell) return Promise.resolve({ error: 'no shell' });
    this.shellPathProbe ??= new Promise((done) => {
      // Detached: an interactive shell must not take over the terminal the CLI runs in.
      // The marker cuts away whatever rc files print.
      const child = spawn(shell, [shellFlags(shell), `printf '\\n${MARK}%s\\n' "$PATH"`], {
        detached: true,
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { ...this.env } as NodeJS.ProcessEnv,
        windowsHide: true,
      });
      let stdout = '';
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }, this.options.shellTimeoutMs ?? 10_000);
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        if (stdout.length < 1 << 20) stdout += chunk;
      });
      const finish = (error?: string) => {
        clearTimeout(timer);
        const path = stdout.split(/\r?\n/).find((l) => l.startsWith(MARK))?.slice(MARK.length);
        done(path ? { path } : { error: error ?? 'it printed no PATH' });
      };
      child.on('error', (error) => finish(error.message));
      child.on('close', (code, signal) => finish(signal ? `killed by ${signal}` : code ? `exit code ${code}` : undefined));
    });
    return this.shellPathProbe;
  }

  private async searchPath(command: string, pathList: string): Promise<string | undefined> {
    const extensions = this.platform === 'win32' ? ['', ...(this.env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';')] : [''];
    for (const dir of pathList.split(this.platform === 'win32' ? ';' : delimiter)) {
      if (!dir) continue;
      for (const ext of extensions) {
        const candidate = join(dir, command + ext);
        if (await this.isExecutable(candidate)) return candidate;
      }
    }
    return undefined;
  }

  private async isExecutable(path: string): Promise<boolean> {
    try {
      if (!(await stat(path)).isFile()) return false;
      await access(path, this.platform === 'win32' ? constants.F_OK : constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }
}
