import { and, eq, ilike, inArray } from 'drizzle-orm';
import { attemptScore, latinToCyrillic, questionCredit, type QuestionKind, type TestText } from '@pharma/contracts';
import type { Db } from '../db/client.js';
import { users } from '../modules/users/users.table.js';
import { products } from '../modules/catalog/catalog.table.js';
import { questionBanks, questions, testAnswers, testAttempts, testBanks, tests, type DrawnQuestion } from '../modules/testing/testing.table.js';
import { seededRandom } from './random.js';
import { demoVisitLogins } from './visits.js';

/** Russian and Uzbek Latin as written; Uzbek Cyrillic transliterated, English left to fall back on Russian. */
const tx = (ru: string, uz: string): TestText => ({ ru, en: '', 'uz-Latn': uz, 'uz-Cyrl': latinToCyrillic(uz) });
type O = [ru: string, uz: string, correct?: true];
interface Seed {
  kind: QuestionKind;
  text: TestText;
  options: O[];
  accepted: string[];
}
const one = (ru: string, uz: string, options: O[]): Seed => ({ kind: 'single', text: tx(ru, uz), options, accepted: [] });
const many = (ru: string, uz: string, options: O[]): Seed => ({ kind: 'multiple', text: tx(ru, uz), options, accepted: [] });
const short = (ru: string, uz: string, accepted: string[]): Seed => ({ kind: 'short', text: tx(ru, uz), options: [], accepted });

const banks: { name: TestText; product: string; questions: Seed[] }[] = [
  {
    name: tx('Парацетамол и анальгетики', 'Paratsetamol va analgetiklar'),
    product: 'арацетамол',
    questions: [
      one('Максимальная суточная доза парацетамола для взрослого?', 'Kattalar uchun paratsetamolning maksimal sutkalik dozasi?', [
        ['4 г', '4 g', true],
        ['1 г', '1 g'],
        ['8 г', '8 g'],
        ['12 г', '12 g'],
      ]),
      one('Какой орган страдает при передозировке парацетамола?', 'Paratsetamol dozasi oshib ketganda qaysi aʼzo zararlanadi?', [
        ['Печень', 'Jigar', true],
        ['Почки', 'Buyraklar'],
        ['Сердце', 'Yurak'],
        ['Лёгкие', 'Oʻpka'],
      ]),
      one('Антидот при отравлении парацетамолом?', 'Paratsetamol bilan zaharlanishda antidot?', [
        ['Ацетилцистеин', 'Atsetiltsistein', true],
        ['Налоксон', 'Nalokson'],
        ['Атропин', 'Atropin'],
      ]),
      many('Какие действия есть у парацетамола?', 'Paratsetamolning qaysi taʼsirlari bor?', [
        ['Жаропонижающее', 'Isitma tushiruvchi', true],
        ['Обезболивающее', 'Ogʻriq qoldiruvchi', true],
        ['Выраженное противовоспалительное', 'Kuchli yalligʻlanishga qarshi'],
        ['Антибактериальное', 'Antibakterial'],
      ]),
      many('Какие препараты относятся к НПВС?', 'Qaysi preparatlar NYaQV guruhiga kiradi?', [
        ['Ибупрофен', 'Ibuprofen', true],
        ['Диклофенак', 'Diklofenak', true],
        ['Кеторолак', 'Ketorolak', true],
        ['Парацетамол', 'Paratsetamol'],
        ['Амоксициллин', 'Amoksitsillin'],
      ]),
      one('Интервал между приёмами парацетамола у взрослого не меньше…', 'Kattalarda paratsetamol qabul qilish oraligʻi kamida…', [
        ['4 часов', '4 soat', true],
        ['1 часа', '1 soat'],
        ['12 часов', '12 soat'],
      ]),
      short('Международное непатентованное название препарата «Панадол»?', '«Panadol» preparatining xalqaro patentlanmagan nomi?', [
        'парацетамол',
        'paracetamol',
      ]),
      one('Можно ли сочетать парацетамол с алкоголем?', 'Paratsetamolni spirtli ichimlik bilan birga qabul qilish mumkinmi?', [
        ['Нет, растёт риск поражения печени', 'Yoʻq, jigar zararlanish xavfi oshadi', true],
        ['Да, без ограничений', 'Ha, cheklovsiz'],
      ]),
      many('Противопоказания к ибупрофену?', 'Ibuprofenga qarshi koʻrsatmalar?', [
        ['Язва желудка в обострении', 'Oshqozon yarasining qoʻzishi', true],
        ['Третий триместр беременности', 'Homiladorlikning uchinchi trimestri', true],
        ['Головная боль', 'Bosh ogʻrigʻi'],
      ]),
      one('Детская разовая доза парацетамола?', 'Bolalar uchun paratsetamolning bir martalik dozasi?', [
        ['10–15 мг/кг', '10–15 mg/kg', true],
        ['50 мг/кг', '50 mg/kg'],
        ['1 мг/кг', '1 mg/kg'],
      ]),
      short('Какой фермент блокируют НПВС (сокращение)?', 'NYaQV qaysi fermentni bloklaydi (qisqartma)?', ['ЦОГ', 'COX', 'циклооксигеназа']),
    ],
  },
  {
    name: tx('Амоксициллин и антибиотики', 'Amoksitsillin va antibiotiklar'),
    product: 'моксициллин',
    questions: [
      one('К какой группе относится амоксициллин?', 'Amoksitsillin qaysi guruhga kiradi?', [
        ['Пенициллины', 'Penitsillinlar', true],
        ['Макролиды', 'Makrolidlar'],
        ['Фторхинолоны', 'Ftorxinolonlar'],
        ['Тетрациклины', 'Tetratsiklinlar'],
      ]),
      one('Зачем к амоксициллину добавляют клавулановую кислоту?', 'Amoksitsillinga nima uchun klavulan kislotasi qoʻshiladi?', [
        ['Защищает от бета-лактамаз', 'Beta-laktamazalardan himoya qiladi', true],
        ['Ускоряет всасывание', 'Soʻrilishni tezlashtiradi'],
        ['Снижает дозу', 'Dozani kamaytiradi'],
      ]),
      many('При каких инфекциях назначают амоксициллин?', 'Amoksitsillin qaysi infeksiyalarda buyuriladi?', [
        ['Ангина (стрептококковый тонзиллит)', 'Angina (streptokokkli tonzillit)', true],
        ['Острый средний отит', 'Oʻtkir oʻrta otit', true],
        ['Грипп', 'Gripp'],
        ['Внебольничная пневмония', 'Shifoxonadan tashqari pnevmoniya', true],
      ]),
      one('Главное противопоказание к амоксициллину?', 'Amoksitsillinga asosiy qarshi koʻrsatma?', [
        ['Аллергия на пенициллины', 'Penitsillinlarga allergiya', true],
        ['Возраст старше 60 лет', '60 yoshdan katta'],
        ['Гипертония', 'Gipertoniya'],
      ]),
      one('Действуют ли антибиотики на вирусы?', 'Antibiotiklar viruslarga taʼsir qiladimi?', [
        ['Нет', 'Yoʻq', true],
        ['Да', 'Ha'],
      ]),
      short('Как называется фермент бактерий, разрушающий пенициллины?', 'Penitsillinlarni parchalovchi bakteriya fermenti qanday ataladi?', [
        'бета-лактамаза',
        'beta-laktamaza',
        'пенициллиназа',
      ]),
      many('Частые побочные эффекты амоксициллина?', 'Amoksitsillinning tez-tez uchraydigan nojoʻya taʼsirlari?', [
        ['Диарея', 'Diareya', true],
        ['Кожная сыпь', 'Teri toshmasi', true],
        ['Брадикардия', 'Bradikardiya'],
      ]),
      one('Сколько обычно длится курс амоксициллина при ангине?', 'Anginada amoksitsillin kursi odatda qancha davom etadi?', [
        ['10 дней', '10 kun', true],
        ['1 день', '1 kun'],
        ['30 дней', '30 kun'],
      ]),
      one('Почему нельзя прерывать курс антибиотика раньше срока?', 'Nima uchun antibiotik kursini muddatidan oldin toʻxtatish mumkin emas?', [
        ['Растёт риск резистентности и рецидива', 'Rezistentlik va qaytalanish xavfi oshadi', true],
        ['Препарат станет токсичным', 'Preparat zaharli boʻlib qoladi'],
      ]),
      short('Отпускается ли амоксициллин без рецепта? (да/нет)', 'Amoksitsillin retseptsiz beriladimi? (ha/yoʻq)', ['нет', 'yoʻq', "yo'q"]),
      many('Какие антибиотики — макролиды?', 'Qaysi antibiotiklar makrolidlar?', [
        ['Азитромицин', 'Azitromitsin', true],
        ['Кларитромицин', 'Klaritromitsin', true],
        ['Цефтриаксон', 'Seftriakson'],
      ]),
    ],
  },
  {
    name: tx('Кардиология', 'Kardiologiya'),
    product: 'млодипин',
    questions: [
      one('К какой группе относится амлодипин?', 'Amlodipin qaysi guruhga kiradi?', [
        ['Блокаторы кальциевых каналов', 'Kalsiy kanallari blokatorlari', true],
        ['Бета-блокаторы', 'Beta-blokatorlar'],
        ['Диуретики', 'Diuretiklar'],
      ]),
      one('Типичный побочный эффект амлодипина?', 'Amlodipinning odatiy nojoʻya taʼsiri?', [
        ['Отёки лодыжек', 'Toʻpiq shishi', true],
        ['Сухой кашель', 'Quruq yoʻtal'],
        ['Гипогликемия', 'Gipoglikemiya'],
      ]),
      one('Сухой кашель чаще вызывают…', 'Quruq yoʻtalni koʻpincha … chaqiradi', [
        ['Ингибиторы АПФ (эналаприл)', 'AAF ingibitorlari (enalapril)', true],
        ['Сартаны (лозартан)', 'Sartanlar (lozartan)'],
        ['Статины', 'Statinlar'],
      ]),
      many('Какие препараты снижают давление?', 'Qaysi preparatlar qon bosimini pasaytiradi?', [
        ['Лозартан', 'Lozartan', true],
        ['Бисопролол', 'Bisoprolol', true],
        ['Индапамид', 'Indapamid', true],
        ['Аторвастатин', 'Atorvastatin'],
      ]),
      one('Для чего назначают аторвастатин?', 'Atorvastatin nima uchun buyuriladi?', [
        ['Снижает холестерин ЛПНП', 'LPZP xolesterinini pasaytiradi', true],
        ['Снижает давление', 'Qon bosimini pasaytiradi'],
        ['Разжижает кровь', 'Qonni suyultiradi'],
      ]),
      short('Антиагрегант, который принимают в дозе 75–100 мг в сутки (МНН)?', 'Sutkasiga 75–100 mg qabul qilinadigan antiagregant (XPN)?', [
        'ацетилсалициловая кислота',
        'аспирин',
        'atsetilsalitsil kislotasi',
        'aspirin',
      ]),
      many('Какие препараты — бета-блокаторы?', 'Qaysi preparatlar beta-blokatorlar?', [
        ['Бисопролол', 'Bisoprolol', true],
        ['Метопролол', 'Metoprolol', true],
        ['Амлодипин', 'Amlodipin'],
        ['Валсартан', 'Valsartan'],
      ]),
      one('Статины лучше принимать…', 'Statinlarni … qabul qilgan maʼqul', [
        ['Вечером', 'Kechqurun', true],
        ['Только утром натощак', 'Faqat ertalab och qoringa'],
      ]),
      one('Что контролируют при приёме варфарина?', 'Varfarin qabul qilinganda nima nazorat qilinadi?', [
        ['МНО', 'XNM (MNO)', true],
        ['Глюкозу', 'Glyukoza'],
        ['Билирубин', 'Bilirubin'],
      ]),
      short(
        'Целевое давление для большинства пациентов с гипертонией — ниже 140 на …?',
        'Gipertoniyali bemorlarning koʻpchiligi uchun maqsadli bosim 140 ga … dan past?',
        ['90'],
      ),
      many(
        'Какие препараты нельзя сочетать с калийсберегающими диуретиками из-за гиперкалиемии?',
        'Giperkaliemiya sababli kaliy tejovchi diuretiklar bilan qaysilarini birga berish mumkin emas?',
        [
          ['Эналаприл', 'Enalapril', true],
          ['Препараты калия', 'Kaliy preparatlari', true],
          ['Амлодипин', 'Amlodipin'],
        ],
      ),
    ],
  },
];

const testsToSeed: { title: TestText; bank: number; questionCount: number; minutes: number; passMark: number; attempts: number; dueInDays: number }[] = [
  {
    title: tx('Парацетамол и НПВС: безопасность', 'Paratsetamol va NYaQV: xavfsizlik'),
    bank: 0,
    questionCount: 10,
    minutes: 15,
    passMark: 70,
    attempts: 3,
    dueInDays: 14,
  },
  { title: tx('Антибиотики: амоксициллин', 'Antibiotiklar: amoksitsillin'), bank: 1, questionCount: 10, minutes: 15, passMark: 80, attempts: 2, dueInDays: 21 },
  {
    title: tx('Кардиология для медпредставителя', 'Tibbiy vakil uchun kardiologiya'),
    bank: 2,
    questionCount: 10,
    minutes: 20,
    passMark: 70,
    attempts: 3,
    dueInDays: 30,
  },
];

/**
 * Demo testing: three banks of eleven questions (pharmacology a rep talks about), a test on each assigned
 * to the reps, and a few finished attempts by the demo reps so a chief's results are not empty.
 */
export async function seedTestingDemo(db: Db, now = new Date()) {
  const r = seededRandom(19);
  const bankRows: { id: number; questions: (typeof questions.$inferSelect)[] }[] = [];
  for (const bank of banks) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(ilike(products.name, `%${bank.product}%`))
      .limit(1);
    const [row] = await db
      .insert(questionBanks)
      .values({ name: bank.name, productId: product?.id ?? null })
      .returning({ id: questionBanks.id });
    const qs = await db
      .insert(questions)
      .values(
        bank.questions.map((q) => ({
          bankId: row!.id,
          kind: q.kind,
          text: q.text,
          options: q.options.map(([ru, uz, correct], i) => ({ id: i + 1, text: tx(ru, uz), correct: !!correct })),
          accepted: q.accepted,
        })),
      )
      .returning();
    bankRows.push({ id: row!.id, questions: qs });
  }
  const testRows = [];
  for (const t of testsToSeed) {
    const due = new Date(now.getTime() + t.dueInDays * 86_400_000).toISOString().slice(0, 10);
    const [row] = await db
      .insert(tests)
      .values({
        title: t.title,
        questionCount: t.questionCount,
        timeLimitMinutes: t.minutes,
        passMark: t.passMark,
        attemptsAllowed: t.attempts,
        roles: ['rep'],
        dueDate: due,
      })
      .returning();
    await db.insert(testBanks).values({ testId: row!.id, bankId: bankRows[t.bank]!.id });
    testRows.push({ test: row!, bank: bankRows[t.bank]! });
  }
  // finished attempts: each demo rep but the first ('rep' keeps every test to take) tried the first two tests
  const reps = await db
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(and(eq(users.role, 'rep'), eq(users.active, true), inArray(users.login, demoVisitLogins)));
  for (const rep of reps.filter((u) => u.login !== 'rep')) {
    for (const { test, bank } of testRows.slice(0, 2)) {
      const skill = 0.45 + r.next() * 0.5;
      const started = new Date(now.getTime() - r.int(1, 10) * 86_400_000 - r.int(0, 30_000) * 1000);
      const drawn = [...bank.questions].sort(() => r.next() - 0.5).slice(0, test.questionCount);
      const picked: DrawnQuestion[] = drawn.map((q) => ({ questionId: q.id, optionIds: q.options.map((o) => o.id).sort(() => r.next() - 0.5) }));
      const answers = drawn.map((q) => {
        const right = r.next() < skill;
        const answer =
          q.kind === 'short'
            ? { optionIds: [], text: right ? q.accepted[0]! : 'не знаю' }
            : {
                optionIds: q.options
                  .filter((o) => o.correct === right)
                  .map((o) => o.id)
                  .slice(0, q.kind === 'single' ? 1 : 9),
                text: '',
              };
        return { questionId: q.id, ...answer, credit: questionCredit(q, answer) };
      });
      const score = attemptScore(answers.map((a) => a.credit));
      const [attempt] = await db
        .insert(testAttempts)
        .values({
          testId: test.id,
          userId: rep.id,
          questions: picked,
          startedAt: started,
          deadline: new Date(started.getTime() + test.timeLimitMinutes * 60_000),
          finishedAt: new Date(started.getTime() + r.int(4, test.timeLimitMinutes - 1) * 60_000),
          score,
          passed: score >= test.passMark,
        })
        .returning({ id: testAttempts.id });
      await db.insert(testAnswers).values(answers.map((a) => ({ attemptId: attempt!.id, ...a, answeredAt: started })));
    }
  }
}
