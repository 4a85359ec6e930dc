import { serveMcp } from './serveMcp';

// The archflow-mcp entry point: the same server as `archflow mcp`, started from its own bin.
serveMcp(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`archflow-mcp: ${(err as Error).message ?? String(err)}\n`);
  process.exit(1);
});
