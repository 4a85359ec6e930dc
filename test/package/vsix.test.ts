// The packaged extension as a user gets it: the .vsix the `vsix` step of `npm test` wrote,
// opened and read. Every file its bundles load at run time must be inside (a missing
// dist/cloud-*.js once broke Bedrock, Vertex and Foundry only in the package), nothing of the
// sources, tests, benchmarks or source maps may be, and the README the Marketplace and VS Code's
// extension page show must link and picture only files the repository has.
// Usage: node scripts/runTestSuites.mjs package   (packages first; or ARCHFLOW_VSIX=FILE)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { FONT_FILE_NAMES } from '../../src/node/fontNames';
import { readZip, type ZipEntry } from './zip';

const root = join(import.meta.dirname, '..', '..');
const vsixPath = process.env.ARCHFLOW_VSIX ?? join(root, 'test-results', 'archflow-ui.vsix');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  browser: string;
  icon: string;
  repository: { url: string };
  galleryBanner: { color: string };
  contributes: Record<string, unknown>;
};
const repoUrl = manifest.repository.url.replace(/\.git$/, '');

function openVsix(): { entries: ZipEntry[]; files: Map<string, ZipEntry> } {
  assert.ok(existsSync(vsixPath), `${vsixPath} is missing: run \`node scripts/runTestSuites.mjs vsix\` (or set ARCHFLOW_VSIX)`);
  const entries = readZip(vsixPath);
  const files = new Map(entries.filter((e) => e.name.startsWith('extension/')).map((e) => [e.name.slice('extension/'.length), e]));
  return { entries, files };
}

const { entries, files } = openVsix();
const text = (name: string) => {
  const entry = files.get(name);
  assert.ok(entry, `${name} is not in the .vsix`);
  return entry.read().toString('utf8');
};
const bundles = [...files.keys()].filter((f) => f.startsWith('dist/') && f.endsWith('.js') && !f.startsWith('dist/webview/'));

/** The files a build writes to dist/ (top level and web/): the names a bundle may load by. */
function builtNames(): Set<string> {
  const names = new Set<string>();
  for (const dir of ['dist', 'dist/web']) {
    if (!existsSync(join(root, dir))) continue;
    for (const f of readdirSync(join(root, dir))) if (/\.(js|wasm)$/.test(f) && statSync(join(root, dir, f)).isFile()) names.add(f);
  }
  return names;
}

/**
 * What `bundle` loads by file name: each `import("./x.js")` or `require("./x.js")` (chunks and
 * the cloud providers), and each string naming a bundle or .wasm the build writes (workers
 * started with a path joined at run time, resvg's WebAssembly).
 */
function runtimeReferences(source: string, built: Set<string>): { imports: string[]; named: string[] } {
  const imports = [...source.matchAll(/\b(?:import|require)\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)].map((m) => m[1]!);
  const named = [...source.matchAll(/["'`](?:\.\/)?([\w-]+\.(?:js|wasm))["'`]/g)].map((m) => m[1]!).filter((n) => built.has(n));
  return { imports: [...new Set(imports)].sort(), named: [...new Set(named)].sort() };
}

describe(`the packaged .vsix (${vsixPath})`, () => {
  test('its size and contents, reported', (t) => {
    const unpacked = entries.reduce((sum, e) => sum + e.size, 0);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
    const byFolder = new Map<string, number>();
    for (const [name, e] of files) {
      const folder = name.split('/').slice(0, name.startsWith('dist/') ? 2 : 1).join('/');
      byFolder.set(folder, (byFolder.get(folder) ?? 0) + e.compressedSize);
    }
    t.diagnostic(`vsix: ${mb(statSync(vsixPath).size)} (${entries.length} entries, ${mb(unpacked)} unpacked)`);
    for (const [folder, size] of [...byFolder].sort((a, b) => b[1] - a[1]).slice(0, 8)) t.diagnostic(`  ${folder}: ${mb(size)} compressed`);
    assert.ok(files.size > 0);
  });

  test('every file a bundle imports or names at run time is inside', () => {
    const built = builtNames();
    assert.ok(built.has('mcp.js') && built.has('resvg.wasm'), 'dist/ holds no build: run `node scripts/runTestSuites.mjs vsix`');
    const missing: string[] = [];
    const seen = new Set<string>();
    for (const bundle of bundles) {
      const { imports, named } = runtimeReferences(text(bundle), built);
      for (const name of new Set([...imports, ...named])) {
        // Beside the bundle, or at dist/ (the web bundle joins dist/resvg.wasm from the extension's root).
        const candidates = [posix.join(posix.dirname(bundle), name), posix.join('dist', name)];
        if (candidates.some((c) => files.has(c))) seen.add(name);
        else missing.push(`${bundle} loads ${name}`);
      }
    }
    assert.deepEqual(missing, []);
    // The references this test exists for: if the scan stops finding them, the scan broke.
    for (const name of ['chat.js', 'mcp.js', 'layoutWorker.js', 'pngWorker.js', 'analysisWorker.js', 'resvg.wasm', 'cloud-bedrock.js', 'cloud-vertex.js', 'cloud-foundry.js']) {
      assert.ok(seen.has(name), `no bundle was found loading ${name}: the reference scan no longer sees it`);
    }
  });

  test('the cloud providers the chat imports are inside', () => {
    const { imports } = runtimeReferences(text('dist/chat.js'), builtNames());
    assert.deepEqual(imports, ['cloud-bedrock.js', 'cloud-foundry.js', 'cloud-vertex.js']);
    for (const name of imports) assert.ok(files.get(`dist/${name}`)!.size > 100_000, `dist/${name} is inside but nearly empty`);
  });

  test('what the manifest and the bundles read by path is inside: entry points, grammar, fonts, icons, the MCP App', () => {
    const c = manifest.contributes as {
      languages: Array<{ configuration: string; icon: { light: string; dark: string } }>;
      grammars: Array<{ path: string }>;
      'markdown.previewStyles': string[];
      'markdown.previewScripts': string[];
      viewsContainers: { secondarySidebar: Array<{ icon: string }> };
    };
    const wanted = [
      manifest.main,
      manifest.browser,
      manifest.icon,
      ...c.languages.flatMap((l) => [l.configuration, l.icon.light, l.icon.dark]),
      ...c.grammars.map((g) => g.path),
      ...c['markdown.previewStyles'],
      ...c['markdown.previewScripts'],
      ...c.viewsContainers.secondarySidebar.map((v) => v.icon),
      ...FONT_FILE_NAMES.map((f) => `media/fonts/${f}`),
      'dist/mcpApp/diagram.html',
      'dist/web/layoutWorker.js',
      'dist/webview/preview.js',
      'dist/webview/chat.js',
      'dist/webview/codicon.ttf',
      'package.nls.json',
      'l10n/bundle.l10n.pt-br.json',
      'LICENSE.txt',
      'changelog.md',
      'readme.md',
    ].map((p) => posix.normalize(p));
    assert.deepEqual(wanted.filter((p) => !files.has(p)), []);
    const index = JSON.parse(text('dist/icons/index.json')) as { sets: Array<{ prefix: string; shardCount: number }> };
    const shards = index.sets.flatMap((s) => Array.from({ length: s.shardCount }, (_, i) => `dist/icons/${s.prefix}/${i}.json`));
    assert.ok(shards.length > 100);
    assert.deepEqual(shards.filter((s) => !files.has(s)), []);
  });

  test('nothing of the sources, tests, benchmarks, dependencies or source maps is inside', () => {
    const stray = [...files.keys()].filter(
      (f) => /^(src|test|bench|scripts|webview|docs|examples|node_modules|out|test-results|\.tools)\//.test(f) || /(^|\/)node_modules\//.test(f) || /\.(map|ts|tsx|tsbuildinfo)$/.test(f),
    );
    assert.deepEqual(stray, []);
    const bundled = bundles.filter((b) => /\/\/# sourceMappingURL=/.test(text(b).slice(-300)));
    assert.deepEqual(bundled, [], 'bundles point to source maps: the .vsix was not built with --production');
  });

  test('the manifest carries what the Marketplace shows: repository, licence, banner', () => {
    const vsixManifest = entries.find((e) => e.name === 'extension.vsixmanifest')!.read().toString('utf8');
    assert.match(vsixManifest, new RegExp(`Id="Microsoft.VisualStudio.Services.Links.Source" Value="${repoUrl.replace(/[.]/g, '\\.')}`));
    assert.match(vsixManifest, new RegExp(`Id="Microsoft.VisualStudio.Services.Branding.Color" Value="${manifest.galleryBanner.color}"`));
    assert.match(vsixManifest, /Path="extension\/LICENSE.txt"/);
    assert.match(vsixManifest, /Type="Microsoft.VisualStudio.Services.Content.Changelog"/);
    assert.match(text('LICENSE.txt'), /^MIT License/);
    assert.match(text('changelog.md'), /^## \[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}$/m);
  });

  test("the packaged README's images and links point to files the repository has", () => {
    const readme = text('readme.md');
    const images = [...readme.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|<img\b[^>]*\bsrc=["']([^"']+)["']/g)].map((m) => (m[1] ?? m[2])!);
    const links = [
      ...[...readme.matchAll(/(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
      // Reference definitions and HTML anchors.
      ...[...readme.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!),
      ...[...readme.matchAll(/<a\b[^>]*\bhref=["']([^"']+)["']/g)].map((m) => m[1]!),
    ];
    assert.ok(images.length > 0, 'the README shows no picture');
    const problems: string[] = [];
    const inRepository = (url: string, kind: 'raw' | 'blob') => {
      const prefix = `${repoUrl}/${kind}/HEAD/`;
      if (!url.startsWith(prefix)) return false;
      const path = decodeURIComponent(url.slice(prefix.length).split('#')[0]!);
      if (!existsSync(join(root, path))) problems.push(`${url}: no ${path} in the repository`);
      return true;
    };
    for (const src of images) {
      // The Marketplace cannot resolve a relative picture; VS Code refuses SVG from README files.
      if (!src.startsWith('https://')) problems.push(`image ${src} is not an https URL`);
      else if (/\.svg(\?|#|$)/i.test(src)) problems.push(`image ${src} is an SVG`);
      else if (src.startsWith(repoUrl) && !inRepository(src, 'raw')) problems.push(`image ${src} is not a raw file URL of the repository`);
    }
    for (const href of links) {
      if (href.startsWith('#') || href.startsWith('mailto:')) continue;
      if (!/^https?:\/\//.test(href)) problems.push(`link ${href} is relative: broken on the Marketplace`);
      else if (href.startsWith(`${repoUrl}/`) && !inRepository(href, 'blob') && !inRepository(href, 'raw') && !/\/(issues|pulls|releases)(\/|$)/.test(href)) {
        problems.push(`link ${href} is not a file URL of the repository`);
      }
    }
    assert.deepEqual(problems, []);
  });
});

// The repository's own files: what the README links must be tracked, not only on this disk.
test('the README pictures are committed files', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const local = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((p) => !/^https?:/.test(p));
  const tracked = new Set(execFileSync('git', ['ls-files', '--', ...new Set(local.map((p) => dirname(p)))], { cwd: root, encoding: 'utf8' }).split('\n'));
  assert.deepEqual(local.filter((p) => !tracked.has(p)), []);
});
