import { eq } from 'drizzle-orm';
import { specificationTotalsOf, type DistributorDetails, type OrderSpecification } from '@pharma/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { organizations } from '../organizations/organizations.table.js';
import { getOrder } from './orders.service.js';

/** The distributor's own details: server configuration (DISTRIBUTOR_*), the one place they are kept. */
export const distributorOf = (config: Config): DistributorDetails => ({
  name: config.DISTRIBUTOR_NAME,
  inn: config.DISTRIBUTOR_INN,
  address: config.DISTRIBUTOR_ADDRESS,
  phone: config.DISTRIBUTOR_PHONE,
  bankName: config.DISTRIBUTOR_BANK_NAME,
  bankAccount: config.DISTRIBUTOR_BANK_ACCOUNT,
  bankMfo: config.DISTRIBUTOR_BANK_MFO,
});

/**
 * An order's specification: the order as GET /api/orders/:id answers it (same scope, 404 outside),
 * the client's details from its organization (whatever the actor's territories: the order is theirs
 * to see), the distributor's from the configuration, and the totals.
 */
export async function getSpecification(db: Db, config: Config, actor: Actor, id: number): Promise<OrderSpecification> {
  const order = await getOrder(db, actor, id);
  const [client] = await db
    .select({
      name: organizations.name,
      legalName: organizations.legalName,
      inn: organizations.inn,
      address: organizations.address,
      legalAddress: organizations.legalAddress,
      phone: organizations.phone,
      bankName: organizations.bankName,
      bankAccount: organizations.bankAccount,
      bankMfo: organizations.bankMfo,
    })
    .from(organizations)
    .where(eq(organizations.id, order.organizationId));
  if (!client) throw notFound();
  return {
    order,
    distributor: distributorOf(config),
    client: { ...client, contractNumber: order.contractNumber },
    totals: specificationTotalsOf(order),
  };
}
