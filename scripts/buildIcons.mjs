#!/usr/bin/env node
// Writes the offline icon catalog to dist/icons from the @iconify-json/* packages:
//   index.json          names of every icon and alias per set, sorted, with the shard of each
//                       (see IconIndex in src/core/icons/types.ts)
//   <prefix>/<n>.json   shard n of a set: a small IconifyJSON holding a run of icons and,
//                       next to each icon, the aliases that point at it
//   stamp.json          package versions + this script's hash; a matching stamp makes the
//                       run a no-op, because esbuild.mjs calls us on every build.
// Output is deterministic (code-unit ordering, no timestamps) and replaced atomically, so
// parallel builds never expose a half-written catalog.
// Usage: node scripts/buildIcons.mjs [--force] [--out DIR]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bundled sets, in the order search breaks ties with. */
export const ICON_SETS = ['logos', 'simple-icons', 'lucide', 'tabler', 'ph', 'mdi', 'fa6-solid', 'fa6-regular', 'fa6-brands'];
/**
 * Words a query may use to name a set, beyond its prefix and human name (compared as
 * lower-case letters and digits only). Shared words name a family: `fa` means all three.
 */
const EXTRA_KEYWORDS = {
  logos: ['logo'],
  ph: ['phosphor'],
  mdi: ['materialdesign'],
  'fa6-solid': ['fa', 'fa6', 'fontawesome', 'fontawesome6', 'fasolid', 'fontawesomesolid'],
  'fa6-regular': ['fa', 'fa6', 'fontawesome', 'fontawesome6', 'faregular', 'fontawesomeregular'],
  'fa6-brands': ['fa', 'fa6', 'fontawesome', 'fontawesome6', 'fabrands', 'fontawesomebrands'],
};
/** A shard closes once it holds this many icons (aliases not counted)... */
const MAX_ICONS_PER_SHARD = 400;
/** ...or this many bytes of icon bodies, so big logo sets get small files too. */
const MAX_SHARD_BYTES = 128 * 1024;
const FORMAT_VERSION = 1;
/** `shards` in the index holds one character per name: its shard number plus this code. */
const SHARD_CODE_BASE = 0x30;
const MAX_SHARDS_PER_SET = 0xd7ff - SHARD_CODE_BASE;
/** Icon properties worth shipping; `hidden` moves to the index, the rest is metadata. */
const ICON_PROPS = ['body', 'left', 'top', 'width', 'height', 'rotate', 'hFlip', 'vFlip'];
const ALIAS_PROPS = ['parent', 'left', 'top', 'width', 'height', 'rotate', 'hFlip', 'vFlip'];
/** Markup that must never reach an editor hover or an exported SVG. */
const UNSAFE_BODY = /<script|<foreignObject|\son[a-z]+\s*=|(?:href|src)\s*=\s*["'](?!#)|url\(\s*(?!["']?#)/i;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

function parseCli(argv) {
  const outIndex = argv.indexOf('--out');
  return {
    force: argv.includes('--force'),
    outDir: outIndex >= 0 ? resolve(argv[outIndex + 1]) : join(root, 'dist', 'icons'),
  };
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function packageDir(prefix) {
  return dirname(require.resolve(`@iconify-json/${prefix}/package.json`));
}

function currentStamp() {
  const packages = {};
  for (const prefix of ICON_SETS) packages[`@iconify-json/${prefix}`] = readJson(join(packageDir(prefix), 'package.json')).version;
  const script = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url))).digest('hex').slice(0, 16);
  return { format: FORMAT_VERSION, script, packages };
}

function pick(source, keys) {
  const out = {};
  for (const k of keys) if (source[k] !== undefined) out[k] = source[k];
  return out;
}

const byCodeUnit = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** Follows alias parents to the icon they finally draw; undefined for broken chains. */
function rootIcon(json, name) {
  const seen = new Set();
  let current = name;
  while (json.aliases?.[current] && !seen.has(current)) {
    seen.add(current);
    current = json.aliases[current].parent;
  }
  return json.icons[current] ? current : undefined;
}

function buildSet(prefix) {
  const dir = packageDir(prefix);
  const json = readJson(join(dir, 'icons.json'));
  const info = readJson(join(dir, 'info.json'));
  if (json.prefix !== prefix) throw new Error(`@iconify-json/${prefix}: unexpected prefix ${json.prefix}`);

  const aliasesOf = new Map();
  for (const alias of Object.keys(json.aliases ?? {}).sort(byCodeUnit)) {
    const parent = rootIcon(json, alias);
    if (parent === undefined) continue;
    if (!aliasesOf.has(parent)) aliasesOf.set(parent, []);
    aliasesOf.get(parent).push(alias);
  }

  const shardOfName = new Map();
  const shards = [];
  let shard = null;
  const closeShard = () => {
    if (!shard) return;
    shards.push(shard.data);
    shard = null;
  };
  for (const name of Object.keys(json.icons).sort(byCodeUnit)) {
    const icon = json.icons[name];
    if (UNSAFE_BODY.test(icon.body)) throw new Error(`${prefix}:${name}: body has unsafe markup`);
    if (shard && (shard.icons >= MAX_ICONS_PER_SHARD || shard.bytes + icon.body.length > MAX_SHARD_BYTES)) closeShard();
    if (!shard) {
      shard = { icons: 0, bytes: 0, data: { prefix, ...pick(json, ['left', 'top', 'width', 'height']), icons: {}, aliases: {} } };
    }
    shard.icons++;
    shard.bytes += icon.body.length;
    shard.data.icons[name] = pick(icon, ICON_PROPS);
    shardOfName.set(name, shards.length);
    for (const alias of aliasesOf.get(name) ?? []) {
      // Chains (alias of alias) keep every link in the same shard so getIconData resolves them.
      for (let link = alias; json.aliases[link] && !(link in shard.data.aliases); link = json.aliases[link].parent) {
        shard.data.aliases[link] = pick(json.aliases[link], ALIAS_PROPS);
      }
      shardOfName.set(alias, shards.length);
    }
  }
  closeShard();
  for (const data of shards) if (Object.keys(data.aliases).length === 0) delete data.aliases;
  if (shards.length > MAX_SHARDS_PER_SET) throw new Error(`${prefix}: ${shards.length} shards exceed the index encoding`);

  const names = [...shardOfName.keys()].sort(byCodeUnit);
  const isHidden = (name) => Boolean((json.icons[name] ?? json.aliases[name]).hidden);
  const hidden = names.flatMap((name, i) => (isHidden(name) ? [i] : []));
  const shardCodes = names.map((name) => String.fromCharCode(SHARD_CODE_BASE + shardOfName.get(name))).join('');
  const compact = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const keywords = [...new Set([prefix, info.name, ...(EXTRA_KEYWORDS[prefix] ?? [])].map(compact))];
  const entry = {
    prefix,
    name: info.name,
    total: info.total ?? Object.keys(json.icons).length,
    keywords,
    ...(info.license ? { license: pick(info.license, ['title', 'spdx', 'url']) } : {}),
    ...(info.author ? { author: pick(info.author, ['name', 'url']) } : {}),
    shardCount: shards.length,
    names,
    shards: shardCodes,
    hidden,
  };
  return { entry, shards };
}

/**
 * The search token table, so that no process has to split forty thousand names before its
 * first search: `words` are the distinct `-`-separated tokens of visible names (code-unit
 * order); `postings` lists, word by word and separated by `,`, the ascending entries
 * holding it (entry = position in the concatenated `names` of all sets), first absolute
 * then as gaps, each number in base 32, big-endian, with POSTING_MORE digits followed by
 * one POSTING_LAST digit. Must match IconRanker's own table (a test checks it).
 */
function buildTokenTable(sets) {
  const postings = new Map();
  let entry = 0;
  for (const set of sets) {
    const hidden = new Set(set.hidden);
    set.names.forEach((name, i) => {
      if (!hidden.has(i)) {
        for (const word of new Set(name.split('-'))) {
          if (word.length === 0) continue;
          if (!postings.has(word)) postings.set(word, []);
          postings.get(word).push(entry);
        }
      }
      entry++;
    });
  }
  const words = [...postings.keys()].sort(byCodeUnit);
  const encoded = words.map((word) => {
    let previous = 0;
    return postings
      .get(word)
      .map((e) => {
        const out = encodeNumber(e - previous);
        previous = e;
        return out;
      })
      .join('');
  });
  return { words, postings: encoded.join(',') };
}

const POSTING_LAST = 'abcdefghijklmnopqrstuvwxyzABCDEF';
const POSTING_MORE = 'GHIJKLMNOPQRSTUVWXYZ0123456789+/';

function encodeNumber(n) {
  let out = POSTING_LAST[n % 32];
  for (n = Math.floor(n / 32); n > 0; n = Math.floor(n / 32)) out = POSTING_MORE[n % 32] + out;
  return out;
}

function writeCatalog(outDir, stamp) {
  const tmp = `${outDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const index = { version: FORMAT_VERSION, sets: [] };
  let shardCount = 0;
  for (const prefix of ICON_SETS) {
    const { entry, shards } = buildSet(prefix);
    index.sets.push(entry);
    mkdirSync(join(tmp, prefix));
    shards.forEach((data, i) => writeFileSync(join(tmp, prefix, `${i}.json`), JSON.stringify(data)));
    shardCount += shards.length;
  }
  index.tokens = buildTokenTable(index.sets);
  writeFileSync(join(tmp, 'index.json'), JSON.stringify(index));
  writeFileSync(join(tmp, 'stamp.json'), `${JSON.stringify(stamp, null, 2)}\n`);

  const trash = `${outDir}.old-${process.pid}`;
  if (existsSync(outDir)) renameSync(outDir, trash);
  try {
    renameSync(tmp, outDir);
  } catch (err) {
    // A parallel build won the race; its output is equivalent as long as its stamp matches.
    if (!isUpToDate(outDir, stamp)) throw err;
    rmSync(tmp, { recursive: true, force: true });
  }
  rmSync(trash, { recursive: true, force: true });
  return { icons: index.sets.reduce((n, s) => n + s.names.length, 0), shards: shardCount };
}

function isUpToDate(outDir, stamp) {
  try {
    return JSON.stringify(readJson(join(outDir, 'stamp.json'))) === JSON.stringify(stamp) && existsSync(join(outDir, 'index.json'));
  } catch {
    return false;
  }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { force, outDir } = parseCli(process.argv.slice(2));
  const stamp = currentStamp();
  if (!force && isUpToDate(outDir, stamp)) process.exit(0);
  const started = Date.now();
  const { icons, shards } = writeCatalog(outDir, stamp);
  console.error(`[icons] ${icons} icon ids in ${shards} shards -> ${outDir} (${Date.now() - started} ms)`);
}
