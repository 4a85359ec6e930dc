/**
 * Every CLI command with its real dependencies wired in. runCli imports this lazily,
 * so `archflow --help` loads none of it.
 */
import { getIconCatalog } from '../../node/iconStore';
import type { CliIo } from '../cliIo';
import { runCheckCommand } from './check';
import { runFormatCommand } from './format';
import { runIconsCommand } from './icons';
import { runRenderCommand } from './render';

export const check = (args: string[], io: CliIo) => runCheckCommand(args, io, { getIconCatalog });
export const render = (args: string[], io: CliIo) => runRenderCommand(args, io, { getIconCatalog });
export const format = (args: string[], io: CliIo) => runFormatCommand(args, io);
export const icons = (args: string[], io: CliIo) => runIconsCommand(args, io, { getIconCatalog });
