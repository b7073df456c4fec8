// Test receivers of notifications: a webhook endpoint whose answers the test chooses, and a
// local stand-in for the Telegram Bot API (getMe, getUpdates, sendMessage, deleteWebhook).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export interface ReceivedHook {
  headers: IncomingMessage['headers'];
  body: string;
}

/** 'ok' answers 200, a number answers that status, 'hang' never answers. */
export type HookAnswer = 'ok' | number | 'hang';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** A webhook endpoint as a request handler (the e2e stand-in serves it beside the fake bot). */
export function webhookReceiver() {
  const received: ReceivedHook[] = [];
  let answer: HookAnswer = 'ok';
  const handle: Handler = (request, response, body) => {
    received.push({ headers: request.headers, body });
    if (answer === 'hang') return;
    response.writeHead(answer === 'ok' ? 200 : answer, { 'content-type': 'text/plain' });
    response.end(answer === 'ok' ? 'ok' : 'refused');
  };
  return {
    handle,
    received,
    answer(next: HookAnswer) {
      answer = next;
    },
  };
}

const serve = (handle: Handler) =>
  createServer(async (request, response) => handle(request, response, await bodyOf(request)));

export async function startWebhookReceiver() {
  const receiver = webhookReceiver();
  const server = serve(receiver.handle);
  return { ...receiver, url: `${await listen(server)}/hook`, close: () => closeServer(server) };
}

export const FAKE_BOT = { token: '123456:TEST-token-abcdefghijklmnopqrstuv', username: 'portal_test_bot' } as const;

export interface SentMessage {
  chat_id: string;
  text: string;
}

/** The Bot API methods the portal uses, at `<root>/bot<token>/<method>`, as a request handler. */
export function fakeBotApi() {
  const sent: SentMessage[] = [];
  const updates: unknown[] = [];
  /** setWebhook calls, and deleteWebhook ones as an empty url. */
  const webhooks: { url: string; secret_token: string }[] = [];
  let nextUpdateId = 1;
  let nextMessageId = 100;
  const handle: Handler = (request, response, raw) => {
    const params = (raw === '' ? {} : JSON.parse(raw)) as Record<string, unknown>;
    const [, bot, method] = /^\/bot([^/]+)\/(\w+)/.exec(request.url ?? '') ?? [];
    const reply = (result: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: true, result }));
    };
    if (bot !== FAKE_BOT.token) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: false, error_code: 401, description: 'Unauthorized' }));
      return;
    }
    switch (method) {
      case 'getMe':
        return reply({ id: 123456, is_bot: true, first_name: 'Portal', username: FAKE_BOT.username });
      case 'deleteWebhook':
        webhooks.push({ url: '', secret_token: '' });
        return reply(true);
      case 'setWebhook':
        webhooks.push({ url: String(params.url), secret_token: String(params.secret_token ?? '') });
        return reply(true);
      case 'getUpdates': {
        const offset = Number(params.offset ?? 0);
        const due = updates.filter((u) => (u as { update_id: number }).update_id >= offset);
        updates.splice(0, updates.length, ...due);
        return reply(due);
      }
      case 'sendMessage':
        sent.push({ chat_id: String(params.chat_id), text: String(params.text) });
        return reply({
          message_id: nextMessageId++,
          date: 0,
          chat: { id: Number(params.chat_id), type: 'private' },
          text: params.text,
        });
      default:
        return reply(true);
    }
  };
  /** A private message from a Telegram user, as an update (what getUpdates or a webhook hands over). */
  const messageUpdate = (chatId: number, text: string, username = 'alice_tg') => {
    const entities = text.startsWith('/')
      ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }]
      : [];
    return {
      update_id: nextUpdateId++,
      message: {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private', username },
        from: { id: chatId, is_bot: false, first_name: 'Alice', username },
        text,
        entities,
      },
    };
  };
  return {
    handle,
    sent,
    webhooks,
    messageUpdate,
    /** A private message from a Telegram user, as getUpdates hands it over. */
    say(chatId: number, text: string, username = 'alice_tg') {
      updates.push(messageUpdate(chatId, text, username));
    },
  };
}

export async function startFakeBotApi() {
  const bot = fakeBotApi();
  const server = serve(bot.handle);
  return { ...bot, root: await listen(server), close: () => closeServer(server) };
}
