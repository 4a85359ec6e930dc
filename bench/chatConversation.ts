/**
 * Conversations for the chat benchmarks: a long answer in realistic Markdown (paragraphs,
 * lists, a table, fenced code) and a conversation of many messages with tool cards, the same
 * text for every run (seeded, so runs compare).
 */
import { ZERO_USAGE_VIEW, type ChatItem, type ConversationView } from '../src/protocol/index';

/** A 1x1 PNG, for the pictures in tool results. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const WORDS = 'the gateway routes each request to the orders service which writes to postgres and publishes an event on kafka for payments and shipping to consume asynchronously while the cache keeps hot reads fast'.split(' ');

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function sentence(rand: () => number, words = 14): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]!);
  const s = out.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

/** Markdown of about `chars` characters (ASCII only, so characters and bytes agree). */
export function markdownAnswer(chars: number, seed = 1): string {
  const rand = lcg(seed);
  const parts: string[] = [];
  let n = 0;
  let section = 0;
  while (parts.join('\n\n').length < chars) {
    switch (n++ % 5) {
      case 0:
        parts.push(`## Part ${++section}\n\n${sentence(rand)} ${sentence(rand)} ${sentence(rand)}`);
        break;
      case 1:
        parts.push(['- **Gateway**: ' + sentence(rand, 8), '- **Orders**: ' + sentence(rand, 8), '- **Payments**: `' + WORDS[section % WORDS.length] + '` ' + sentence(rand, 6)].join('\n'));
        break;
      case 2:
        parts.push(`| service | store | events |\n|---|---|---|\n| orders | postgres | order.created |\n| payments | postgres | payment.settled |\n| shipping | redis | parcel.sent |`);
        break;
      case 3:
        parts.push("```ts\nexport async function placeOrder(cart: Cart): Promise<Order> {\n  const order = await orders.create(cart);\n  await bus.publish('order.created', order);\n  return order;\n}\n```");
        break;
      default:
        parts.push(`${sentence(rand, 20)} ${sentence(rand, 18)}`);
    }
  }
  return parts.join('\n\n').slice(0, chars);
}

/** A conversation of `messages` user and assistant messages, with `tools` tool cards spread over it. */
export function longConversation(messages: number, tools: number): ConversationView {
  const items: ChatItem[] = [];
  const toolEvery = Math.max(1, Math.floor(messages / 2 / tools));
  let made = 0;
  for (let turn = 0; turn < messages / 2; turn++) {
    const run = `r${turn}`;
    items.push({ kind: 'user', id: `u${turn}`, text: `Question ${turn}: ${sentence(lcg(turn), 10)}`, attachments: [], at: 1_700_000_000_000 + turn * 60_000 });
    if (turn % toolEvery === 0 && made < tools) {
      made++;
      items.push({
        kind: 'tool',
        id: `toolu_${turn}`,
        run,
        round: 1,
        name: 'archflow__render_diagram',
        server: 'archflow',
        tool: 'render_diagram',
        args: JSON.stringify({ text: 'web = retângulo "Web"\napi = retângulo "API"\nweb -> api', output: `out-${turn}.svg`, preview: true }, null, 2),
        status: 'done',
        approvedHow: 'session',
        startedAt: 1,
        endedAt: 120,
        result: { isError: false, summary: '2 elements', parts: [{ type: 'text', text: '2 elements, 1 connection, 14 KB -> out.svg' }, { type: 'image', mimeType: 'image/png', data: PNG }] },
      });
    }
    items.push({ kind: 'assistant', id: `a${turn}`, run, round: 1, text: markdownAnswer(600 + (turn % 5) * 300, turn + 7), done: true });
    items.push({ kind: 'runEnd', id: `e${turn}`, run, reason: 'end_turn', message: 'The model finished.', usage: { ...ZERO_USAGE_VIEW, inputTokens: 1200, outputTokens: 300, costUsd: 0.008 }, canContinue: false });
  }
  return {
    id: 'bench',
    meta: { title: 'A long conversation', model: 'claude-sonnet-4-6', running: false, usage: { ...ZERO_USAGE_VIEW, inputTokens: 120_000, outputTokens: 30_000, costUsd: 0.8 }, contextTokens: 40_000, createdAt: 1, updatedAt: 2 },
    items,
  };
}
