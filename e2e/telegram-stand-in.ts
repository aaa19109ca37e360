// The local Telegram Bot API the e2e server's company bot talks to (started by playwright.config.ts beside the app).
import { startTelegramStandIn } from '../apps/server/src/test/telegram-stand-in.js';

const standIn = await startTelegramStandIn(Number(process.env.TELEGRAM_STAND_IN_PORT));
console.log(`Telegram stand-in at ${standIn.url}`);
