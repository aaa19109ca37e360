import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { normalizeUzPhone, type CallMatch } from '@pharma/contracts';
import type { Tx } from '../../db/client.js';
import { doctors } from '../doctors/doctors.table.js';
import { leads } from '../leads/leads.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { userTerritories } from '../territories/territories.table.js';
import { users } from '../users/users.table.js';
import { telephonyExtensions } from './calls.table.js';

export interface PhoneMatch {
  match: CallMatch | null;
  organizationId: number | null;
  doctorId: number | null;
}

const none: PhoneMatch = { match: null, organizationId: null, doctorId: null };

/**
 * What a number belongs to (issue 18), by its normalised form — the cards store numbers normalised by the
 * `phone` field, so any written form of the caller's number finds them: an organization (its phone or its
 * responsible person's), else a doctor (and the doctor's organization), else a lead not yet converted, else a
 * colleague (users.phones).
 */
export async function matchPhone(db: Tx, written: string): Promise<PhoneMatch> {
  const phone = normalizeUzPhone(written);
  if (!phone) return none;
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(or(eq(organizations.phone, phone), eq(organizations.responsiblePhone, phone)))
    .orderBy(asc(organizations.id))
    .limit(1);
  if (org) return { match: { type: 'organization', id: org.id, name: org.name }, organizationId: org.id, doctorId: null };
  const [doctor] = await db
    .select({
      id: doctors.id,
      organizationId: doctors.organizationId,
      name: sql<string>`concat_ws(' ', ${doctors.lastName}, ${doctors.firstName}, ${doctors.middleName})`,
    })
    .from(doctors)
    .where(eq(doctors.phone, phone))
    .orderBy(asc(doctors.id))
    .limit(1);
  if (doctor) return { match: { type: 'doctor', id: doctor.id, name: doctor.name }, organizationId: doctor.organizationId, doctorId: doctor.id };
  // a prospect not yet converted (a converted one is its organization, found above)
  const [lead] = await db
    .select({ id: leads.id, name: leads.name })
    .from(leads)
    .where(and(sql`${phone} = any(${leads.phones})`, isNull(leads.organizationId)))
    .orderBy(asc(leads.id))
    .limit(1);
  if (lead) return { match: { type: 'lead', id: lead.id, name: lead.name }, organizationId: null, doctorId: null };
  const [user] = await db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(sql`${phone} = any(${users.phones})`)
    .orderBy(asc(users.id))
    .limit(1);
  if (user) return { match: { type: 'user', id: user.id, name: user.name }, organizationId: null, doctorId: null };
  return none;
}

/** The user whose extension it is (an extension, or a short number a PBX writes in from/to). */
export async function userOfExtension(db: Tx, extension: string | undefined): Promise<number | null> {
  if (!extension || !/^[0-9*#]{1,20}$/.test(extension)) return null;
  const [row] = await db.select({ userId: telephonyExtensions.userId }).from(telephonyExtensions).where(eq(telephonyExtensions.extension, extension));
  return row?.userId ?? null;
}

/**
 * Who answers for a client: the active representative whose territory holds the organization's district
 * (one that names the district before one holding the whole region), else null (the operators' desk).
 */
export async function repOfOrganization(db: Tx, organizationId: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: userTerritories.userId })
    .from(userTerritories)
    .innerJoin(users, eq(users.id, userTerritories.userId))
    .innerJoin(organizations, eq(organizations.id, organizationId))
    .where(
      and(
        eq(users.role, 'rep'),
        eq(users.active, true),
        eq(userTerritories.regionId, organizations.regionId),
        or(sql`${userTerritories.districtId} is null`, eq(userTerritories.districtId, organizations.districtId)),
      ),
    )
    .orderBy(sql`${userTerritories.districtId} is null`, asc(users.id))
    .limit(1);
  return row?.userId ?? null;
}

/** The first active operator: whoever takes a missed call no representative answers for. */
export async function firstOperator(db: Tx): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'operator'), eq(users.active, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return row?.id ?? null;
}
