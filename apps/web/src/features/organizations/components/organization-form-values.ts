import { formatPhone, type GeocodeResult, type Organization, type OrganizationType } from '@pharma/contracts';

/** The form's own values: coordinates as numbers, the credit limit in sum (the API keeps tiyin). */
export interface OrganizationFormValues {
  name?: string;
  type?: OrganizationType;
  regionId?: number | null;
  districtId?: number | null;
  address?: string;
  lat?: number | null;
  lng?: number | null;
  phone?: string;
  inn?: string;
  responsiblePerson?: string;
  responsiblePhone?: string | null;
  branchName?: string | null;
  legalName?: string | null;
  legalAddress?: string | null;
  bankName?: string | null;
  bankAccount?: string | null;
  bankMfo?: string | null;
  brandId?: number | null;
  deliveryRegionId?: number | null;
  deliveryDistrictId?: number | null;
  deliveryAddress?: string;
  deliveryHouse?: string | null;
  deliveryLat?: number | null;
  deliveryLng?: number | null;
  size?: Organization['size'];
  creditLimit?: number | null;
  creditDays?: number | null;
  minShelfLifeMonths?: number | null;
  defaultClientType?: Organization['defaultClientType'];
  defaultPaymentVariant?: Organization['defaultPaymentVariant'];
}

const tiyinPerSum = 100;
/** A sum entered on the form in the request's tiyin (two decimals kept exactly). */
export const sumToTiyin = (value: unknown) => (typeof value === 'number' ? Math.round(value * tiyinPerSum) : value);

export function toFormValues(o: Organization | undefined, defaults: Partial<OrganizationFormValues>): OrganizationFormValues {
  if (!o) return { type: 'pharmacy', ...defaults };
  return {
    ...o,
    phone: formatPhone(o.phone),
    responsiblePhone: formatPhone(o.responsiblePhone),
    creditLimit: o.creditLimit === null ? null : o.creditLimit / tiyinPerSum,
  };
}

/** The form values in the request's shape; the contracts' schema then checks and normalises them. */
export function toBody(values: OrganizationFormValues): Record<string, unknown> {
  const nullIfEmpty = (v: unknown) => (v === undefined || v === '' ? null : v);
  return {
    ...values,
    lat: nullIfEmpty(values.lat),
    lng: nullIfEmpty(values.lng),
    deliveryLat: nullIfEmpty(values.deliveryLat),
    deliveryLng: nullIfEmpty(values.deliveryLng),
    responsiblePhone: nullIfEmpty(values.responsiblePhone),
    brandId: values.brandId ?? null,
    size: values.size ?? null,
    deliveryRegionId: values.deliveryRegionId ?? null,
    deliveryDistrictId: values.deliveryDistrictId ?? null,
    creditLimit: values.creditLimit === undefined ? null : sumToTiyin(values.creditLimit),
    creditDays: values.creditDays ?? null,
    minShelfLifeMonths: values.minShelfLifeMonths ?? null,
    defaultClientType: values.defaultClientType ?? null,
    defaultPaymentVariant: values.defaultPaymentVariant ?? null,
  };
}

/** An own organization's search result reads "name — address": its address is the second part. */
export function addressOf(result: GeocodeResult): string {
  if (result.source === 'organization') return result.label.split(' — ').slice(1).join(' — ') || result.label;
  return result.label;
}
