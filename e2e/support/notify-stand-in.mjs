// A local stand-in for the receivers of notifications (issue 28), one per e2e slot: the Telegram
// Bot API (at /bot<token>/<method>) the BFF's bot talks to, and a webhook endpoint (/hook) whose
// answer a test chooses. Tests drive it over HTTP:
//
//   POST /__test__/say          {chatId, text, username?}  a message to the bot (getUpdates hands it over)
//   GET  /__test__/sent         → the bot's sendMessage calls [{chat_id, text}]
//   POST /__test__/hook-answer  {answer: 'ok' | <status>}  what /hook answers from now on
//   GET  /__test__/hooks        → the webhook requests received [{headers, body}]
//   GET  /__test__/health       → {ok: true}
import { createServer } from 'node:http';
import { e2eEnv } from './env.ts';
import { fakeBotApi, webhookReceiver } from '../../bff/src/modules/notifications/testing/fake-receivers.ts';

const bot = fakeBotApi();
const hook = webhookReceiver();

const json = (response, value) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
};

createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const body = Buffer.concat(chunks).toString('utf8');
  const url = request.url ?? '';
  if (url.startsWith('/bot')) return bot.handle(request, response, body);
  if (url.startsWith('/hook')) return hook.handle(request, response, body);
  if (url === '/__test__/say') {
    const { chatId, text, username } = JSON.parse(body);
    bot.say(chatId, text, username);
    return json(response, { ok: true });
  }
  if (url === '/__test__/sent') return json(response, bot.sent);
  if (url === '/__test__/hook-answer') {
    hook.answer(JSON.parse(body).answer);
    return json(response, { ok: true });
  }
  if (url === '/__test__/hooks') return json(response, hook.received);
  if (url === '/__test__/health') return json(response, { ok: true });
  response.writeHead(404);
  response.end();
}).listen(e2eEnv.notifyPort, '127.0.0.1');
