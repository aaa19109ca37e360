import { eq, sql } from 'drizzle-orm';
import { searchText, type ChatChannel, type ChatStatus } from '@pharma/contracts';
import { queryRows, type Db } from '../db/client.js';
import { users } from '../modules/users/users.table.js';
import { clientChatMessages, clientChats } from '../modules/chats/chats.table.js';

/** A client's conversation of the demo: who writes, on which channel, and the exchange so far (in, out …). */
const conversations: { channel: ChatChannel; title: string; status: ChatStatus; minutesAgo: number; messages: string[] }[] = [
  { channel: 'telegram', title: 'Dilnoza Karimova', status: 'open', minutesAgo: 12, messages: ['Assalomu alaykum! Nurofen 200 mg bormi? 40 quti kerak.'] },
  {
    channel: 'telegram',
    title: 'Аптека Шифо, касса',
    status: 'open',
    minutesAgo: 45,
    messages: ['Добрый день, когда привезут вчерашний заказ?', 'Здравствуйте! Сегодня до 16:00.', 'Спасибо, ждём. И счёт-фактуру, пожалуйста.'],
  },
  {
    channel: 'instagram',
    title: 'Instagram …4821',
    status: 'open',
    minutesAgo: 90,
    messages: ['Salom, siz bilan qanday hamkorlik qilsa boʻladi? Yangi dorixona ochyapmiz.'],
  },
  {
    channel: 'facebook',
    title: 'Facebook …1937',
    status: 'waiting',
    minutesAgo: 180,
    messages: ['Есть ли у вас Кардиомагнил?', 'Да, есть. Оставьте, пожалуйста, ИНН аптеки и адрес.'],
  },
  { channel: 'telegram', title: 'Jasur Rahimov', status: 'waiting', minutesAgo: 300, messages: ['Prays-list yuboring iltimos', 'Vakilimiz bugun yuboradi.'] },
  { channel: 'telegram', title: 'Малика Юсупова', status: 'closed', minutesAgo: 1500, messages: ['Заказ получили, спасибо!', 'Рады помочь!'] },
  {
    channel: 'instagram',
    title: 'Instagram …7710',
    status: 'closed',
    minutesAgo: 2900,
    messages: ['Yetkazib berish Samarqandga ham bormi?', 'Ha, har seshanba va juma.'],
  },
];

/** Demo client conversations: some waiting for the operator, some answered, a few closed. */
export async function seedChatsDemo(db: Db, now = new Date()) {
  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.login, 'operator'));
  const [pharmacy] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from organizations order by id limit 1`);
  for (const [i, c] of conversations.entries()) {
    const last = new Date(now.getTime() - c.minutesAgo * 60_000);
    const linked = i === 1 ? pharmacy : undefined;
    const [chat] = await db
      .insert(clientChats)
      .values({
        channel: c.channel,
        externalId: `demo-${i + 1}`,
        title: c.title,
        status: c.status,
        organizationId: linked?.id ?? null,
        assignedTo: c.messages.length > 1 ? (operator?.id ?? null) : null,
        lastMessageAt: last,
        lastMessageText: c.messages[c.messages.length - 1]!,
        lastDirection: c.messages.length % 2 === 1 ? 'in' : 'out',
        unread: c.status === 'open' ? 1 : 0,
        searchKey: searchText(c.title, linked?.name),
        createdAt: new Date(last.getTime() - c.messages.length * 600_000),
      })
      .returning({ id: clientChats.id });
    await db.insert(clientChatMessages).values(
      c.messages.map((text, m) => ({
        chatId: chat!.id,
        direction: m % 2 === 0 ? ('in' as const) : ('out' as const),
        text,
        authorId: m % 2 === 0 ? null : (operator?.id ?? null),
        externalId: m % 2 === 0 ? `demo-${i + 1}-${m}` : null,
        delivery: m % 2 === 0 ? null : ('sent' as const),
        createdAt: new Date(last.getTime() - (c.messages.length - 1 - m) * 600_000),
      })),
    );
  }
}
