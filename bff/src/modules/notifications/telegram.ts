import { createHmac, timingSafeEqual } from 'node:crypto';
import { Bot, GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import type { Attempt } from './webhook.js';

/** What the bot does with the commands it understands; each returns the reply. */
export interface BotCommands {
  /** `/start <code>` from the deep link: bind the chat to the code's account. */
  start(chat: { id: string; name: string }, code: string): Promise<string>;
  /** `/unbind`: end the chat's binding. */
  unbind(chatId: string): Promise<string>;
  /** Anything else. */
  help(): string;
}

/** Where Telegram posts updates in webhook mode (under PUBLIC_BASE_URL). */
export const TELEGRAM_WEBHOOK_PATH = '/api/telegram/webhook';

/** The webhook's X-Telegram-Bot-Api-Secret-Token: derived from the bot token, so it changes with it. */
export const webhookSecretOf = (token: string) =>
  createHmac('sha256', token).update('portal telegram webhook').digest('hex');

/**
 * The Telegram bot (grammY) at the Bot API root of TELEGRAM_API_BASE, with the token the operator
 * set (`telegram_bot_token`): one bot per token, made again when the token changes. Updates come
 * by long polling, one getUpdates per `poll` (the job owner's loop calls it again and again), or,
 * when `webhookUrl` is set (PUBLIC_BASE_URL is https), Telegram posts them to it (`handleWebhook`).
 */
export function createTelegram({
  apiRoot,
  token,
  commands,
  pollSeconds,
  webhookUrl,
}: {
  apiRoot: string;
  token: () => Promise<string>;
  commands: BotCommands;
  pollSeconds: number;
  /** '' = long polling. */
  webhookUrl: string;
}) {
  interface BotState {
    token: string;
    bot: Bot;
    offset: number;
    /** What this process last told Telegram about the webhook for this token. */
    hooked?: 'set' | 'deleted';
  }
  let current: BotState | undefined;

  async function bot(): Promise<BotState | undefined> {
    const wanted = await token();
    if (wanted === '') return (current = undefined);
    if (current?.token === wanted) return current;
    const made = new Bot(wanted, { client: { apiRoot, timeoutSeconds: pollSeconds + 15 } });
    made.command('start', async (ctx) => {
      const code = typeof ctx.match === 'string' ? ctx.match.trim() : '';
      const from = ctx.from;
      const name = from?.username ?? [from?.first_name, from?.last_name].filter(Boolean).join(' ');
      const reply = code === '' ? commands.help() : await commands.start({ id: String(ctx.chat.id), name }, code);
      await ctx.reply(reply);
    });
    made.command('unbind', async (ctx) => ctx.reply(await commands.unbind(String(ctx.chat.id))));
    made.on('message', async (ctx) => ctx.reply(commands.help()));
    current = { token: wanted, bot: made, offset: 0 };
    return current;
  }

  return {
    /** Telegram posts the updates (PUBLIC_BASE_URL is https); the job only sets the webhook. */
    webhookMode: webhookUrl !== '',

    async enabled(): Promise<boolean> {
      return (await token()) !== '';
    },

    /** The bot's @name (getMe, once per token). */
    async username(): Promise<string> {
      const state = await bot();
      if (state === undefined) throw new Error('telegram bot token not set');
      await state.bot.init();
      return state.bot.botInfo.username;
    },

    async send(chatId: string, text: string): Promise<Attempt> {
      const state = await bot();
      if (state === undefined) return { ok: false, answer: 'telegram bot token not set' };
      try {
        const message = await state.bot.api.sendMessage(chatId, text);
        return { ok: true, answer: `message ${message.message_id}` };
      } catch (error) {
        if (error instanceof GrammyError) {
          // Blocked by the user, chat gone, bad token: another try changes nothing.
          return {
            ok: false,
            answer: `${error.error_code} ${error.description}`,
            permanent: [400, 401, 403, 404].includes(error.error_code),
          };
        }
        return { ok: false, answer: error instanceof Error ? error.message.slice(0, 200) : String(error) };
      }
    },

    /**
     * One long poll: waits up to `pollSeconds` for updates, handles each, and confirms them with
     * the next offset. Nothing to do without a token.
     */
    async poll(signal: AbortSignal): Promise<number> {
      const state = await bot();
      if (state === undefined) return 0;
      // grammY types its signal as the abort-controller package's; Node's own is what it uses at run time.
      const abort = signal as Parameters<Bot['init']>[0];
      await state.bot.init(abort);
      if (webhookUrl !== '') {
        // Webhook mode: Telegram posts the updates; this only makes sure it knows where.
        if (state.hooked !== 'set') {
          await state.bot.api.setWebhook(
            webhookUrl,
            { secret_token: webhookSecretOf(state.token), allowed_updates: ['message'] },
            abort,
          );
          state.hooked = 'set';
        }
        return 0;
      }
      // A webhook left from webhook mode makes getUpdates fail: removed once per bot.
      if (state.hooked !== 'deleted') {
        await state.bot.api.deleteWebhook({}, abort);
        state.hooked = 'deleted';
      }
      const updates: Update[] = await state.bot.api.getUpdates(
        { offset: state.offset, timeout: pollSeconds, allowed_updates: ['message'] },
        abort,
      );
      for (const update of updates) {
        state.offset = update.update_id + 1;
        await state.bot.handleUpdate(update);
      }
      return updates.length;
    },

    /**
     * An update Telegram posted (webhook mode): handled when the secret header is the current
     * token's; false otherwise (no token, or a request that is not Telegram's).
     */
    async handleWebhook(secretHeader: string | undefined, update: Update): Promise<boolean> {
      const state = await bot();
      if (state === undefined || secretHeader === undefined) return false;
      const expected = Buffer.from(webhookSecretOf(state.token));
      const given = Buffer.from(secretHeader);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      await state.bot.init();
      await state.bot.handleUpdate(update);
      return true;
    },
  };
}

export type Telegram = ReturnType<typeof createTelegram>;
