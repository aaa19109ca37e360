import { defaultRoleRights, roles as roleCodes, latinToCyrillic } from '@pharma/contracts';
import type { Db } from '../db/client.js';
import { roles, rolePermissions } from '../modules/roles/roles.table.js';
import { regions, districts } from '../modules/regions/regions.table.js';
import { uzbekistan } from './uzbekistan.js';

/** Roles with their default rights, and the 14 regions of Uzbekistan with their districts. */
export async function seedReference(db: Db) {
  await db.transaction(async (tx) => {
    await tx.insert(roles).values(roleCodes.map((code) => ({ code, scope: defaultRoleRights[code].scope })));
    await tx.insert(rolePermissions).values(roleCodes.flatMap((role) => defaultRoleRights[role].grants.map((permission) => ({ role, permission }))));
    for (const region of uzbekistan) {
      const [row] = await tx
        .insert(regions)
        .values({ code: region.code, name: { ru: region.ru, en: region.en, 'uz-Latn': region.uz, 'uz-Cyrl': region.uzCyrl ?? latinToCyrillic(region.uz) } })
        .returning({ id: regions.id });
      await tx.insert(districts).values(
        region.districts.map((d) => ({
          regionId: row!.id,
          name: { ru: d.ru, en: d.en ?? d.uz.replace(/['ʻʼ]/g, ''), 'uz-Latn': d.uz, 'uz-Cyrl': d.uzCyrl ?? latinToCyrillic(d.uz) },
        })),
      );
    }
  });
}
