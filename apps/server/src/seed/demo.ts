import { eq } from 'drizzle-orm';
import type { Role } from '@pharma/contracts';
import type { Db } from '../db/client.js';
import { hashPassword } from '../platform/passwords.js';
import { users } from '../modules/users/users.table.js';
import { departments, branches } from '../modules/org-units/org-units.table.js';
import { regions } from '../modules/regions/regions.table.js';

export const demoPassword = 'demo12345';

interface DemoUser {
  login: string;
  fullName: string;
  role: Role;
  position: string;
  manager?: string;
  department?: string;
  branch?: string;
  phone: string;
}

/** One login per role (README), and a boss → chiefs → reps hierarchy behind them. */
export const demoUsers: DemoUser[] = [
  {
    login: 'admin',
    fullName: 'Азизов Бахтиёр Рустамович',
    role: 'admin',
    position: 'Системный администратор',
    department: 'Администрация',
    branch: 'Ташкент (головной офис)',
    phone: '+998901112233',
  },
  {
    login: 'boss',
    fullName: 'Каримов Шухрат Алишерович',
    role: 'boss',
    position: 'Коммерческий директор',
    department: 'Администрация',
    branch: 'Ташкент (головной офис)',
    phone: '+998901234567',
  },
  {
    login: 'chief',
    fullName: 'Юсупова Нилуфар Бахромовна',
    role: 'chief',
    position: 'Региональный менеджер',
    manager: 'boss',
    department: 'Отдел продаж',
    branch: 'Ташкент (головной офис)',
    phone: '+998935551122',
  },
  {
    login: 'chief.samarkand',
    fullName: 'Рахимов Жасур Тохирович',
    role: 'chief',
    position: 'Региональный менеджер',
    manager: 'boss',
    department: 'Отдел продаж',
    branch: 'Самарканд',
    phone: '+998915553344',
  },
  {
    login: 'rep',
    fullName: 'Турсунов Дилшод Анварович',
    role: 'rep',
    position: 'Медицинский представитель',
    manager: 'chief',
    department: 'Отдел продаж',
    branch: 'Ташкент (головной офис)',
    phone: '+998977771234',
  },
  {
    login: 'rep.malika',
    fullName: 'Исмоилова Малика Шавкатовна',
    role: 'rep',
    position: 'Медицинский представитель',
    manager: 'chief',
    department: 'Отдел продаж',
    branch: 'Ташкент (головной офис)',
    phone: '+998977772345',
  },
  {
    login: 'rep.sardor',
    fullName: 'Норматов Сардор Фарходович',
    role: 'rep',
    position: 'Медицинский представитель',
    manager: 'chief',
    department: 'Отдел продаж',
    branch: 'Ташкент (головной офис)',
    phone: '+998977773456',
  },
  {
    login: 'rep.aziza',
    fullName: 'Хасанова Азиза Рустамовна',
    role: 'rep',
    position: 'Медицинский представитель',
    manager: 'chief.samarkand',
    department: 'Отдел продаж',
    branch: 'Самарканд',
    phone: '+998977774567',
  },
  {
    login: 'rep.bekzod',
    fullName: 'Эргашев Бекзод Улугбекович',
    role: 'rep',
    position: 'Медицинский представитель',
    manager: 'chief.samarkand',
    department: 'Отдел продаж',
    branch: 'Самарканд',
    phone: '+998977775678',
  },
  {
    login: 'operator',
    fullName: 'Абдуллаева Гулнора Равшановна',
    role: 'operator',
    position: 'Оператор отдела заказов',
    manager: 'boss',
    department: 'Отдел заказов',
    branch: 'Ташкент (головной офис)',
    phone: '+998998881122',
  },
  {
    login: 'wholesale',
    fullName: 'Мирзаев Отабек Шерзодович',
    role: 'wholesale',
    position: 'Менеджер оптовых продаж',
    manager: 'boss',
    department: 'Оптовый отдел',
    branch: 'Ташкент (головной офис)',
    phone: '+998998883344',
  },
  {
    login: 'employee',
    fullName: 'Собиров Улугбек Камолович',
    role: 'employee',
    position: 'Заведующий складом',
    manager: 'boss',
    department: 'Склад',
    branch: 'Ташкент (головной офис)',
    phone: '+998998885566',
  },
  {
    login: 'courier',
    fullName: 'Холматов Фаррух Икромович',
    role: 'courier',
    position: 'Курьер',
    manager: 'employee',
    department: 'Логистика',
    branch: 'Ташкент (головной офис)',
    phone: '+998998887788',
  },
  {
    login: 'courier.akmal',
    fullName: 'Раджабов Акмал Бахтиёрович',
    role: 'courier',
    position: 'Курьер',
    manager: 'employee',
    department: 'Логистика',
    branch: 'Самарканд',
    phone: '+998998889900',
  },
];

const demoDepartments = ['Администрация', 'Отдел продаж', 'Отдел заказов', 'Оптовый отдел', 'Склад', 'Логистика', 'Бухгалтерия', 'Маркетинг'];
const demoBranches: [name: string, regionCode: string][] = [
  ['Ташкент (головной офис)', 'TK'],
  ['Самарканд', 'SA'],
  ['Фергана', 'FA'],
  ['Бухара', 'BU'],
];

/** Demo data of the platform: departments, branches, the demo users and their hierarchy. */
export async function seedPlatformDemo(db: Db) {
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    const departmentIds = new Map<string, number>();
    for (const name of demoDepartments) {
      const [row] = await tx.insert(departments).values({ name }).returning({ id: departments.id });
      departmentIds.set(name, row!.id);
    }
    const branchIds = new Map<string, number>();
    for (const [name, code] of demoBranches) {
      const [region] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.code, code));
      const [row] = await tx
        .insert(branches)
        .values({ name, regionId: region?.id ?? null })
        .returning({ id: branches.id });
      branchIds.set(name, row!.id);
    }
    const userIds = new Map<string, number>();
    for (const u of demoUsers) {
      const [row] = await tx
        .insert(users)
        .values({
          login: u.login,
          fullName: u.fullName,
          role: u.role,
          position: u.position,
          passwordHash,
          managerId: u.manager ? userIds.get(u.manager)! : null,
          departmentId: u.department ? departmentIds.get(u.department)! : null,
          branchId: u.branch ? branchIds.get(u.branch)! : null,
          phones: [u.phone],
          address: 'г. Ташкент',
        })
        .returning({ id: users.id });
      userIds.set(u.login, row!.id);
    }
  });
}
