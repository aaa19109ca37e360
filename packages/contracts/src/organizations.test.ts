import { describe, expect, it } from 'vitest';
import {
  saveOrganizationBody,
  saveDoctorBody,
  saveBrandBody,
  blockOrganizationBody,
  listOrganizationsQuery,
  doctorFullName,
  fieldIssues,
  searchKey,
} from './index.js';

const keysOf = (r: { error?: unknown }) => Object.fromEntries(fieldIssues(r.error as never).map((i) => [i.path, i.key]));

const validOrganization = {
  name: 'Аптека Шифо',
  type: 'pharmacy',
  regionId: 1,
  districtId: 2,
  address: "Chilonzor ko'chasi, 12",
  phone: '+998 90 123 45 67',
  inn: '123456789',
  responsiblePerson: 'Karimova Dilnoza',
  deliveryAddress: "Chilonzor ko'chasi, 12",
};

describe('organization rules (spec §5)', () => {
  it('accepts the required fields alone and normalizes the phone', () => {
    const r = saveOrganizationBody.parse(validOrganization);
    expect(r.phone).toBe('+998901234567');
  });
  it('requires name, type, region, district, address, phone, inn, responsible person and delivery address', () => {
    const r = saveOrganizationBody.safeParse({});
    expect(keysOf(r)).toEqual({
      name: 'required',
      type: 'required',
      regionId: 'required',
      districtId: 'required',
      address: 'required',
      phone: 'required',
      inn: 'required',
      responsiblePerson: 'required',
      deliveryAddress: 'required',
    });
  });
  it('checks inn, phones, bank details and coordinates', () => {
    const r = saveOrganizationBody.safeParse({
      ...validOrganization,
      inn: '12345678a',
      phone: '+7 900 123 45 67',
      responsiblePhone: '12345',
      bankAccount: '1234',
      bankMfo: '123456',
      lat: 69.2,
      type: 'bakery',
    });
    expect(keysOf(r)).toEqual({
      inn: 'innFormat',
      phone: 'phoneInvalid',
      responsiblePhone: 'phoneInvalid',
      bankAccount: 'bankAccountFormat',
      bankMfo: 'mfoFormat',
      lat: 'coordinatesOutsideUzbekistan',
      type: 'invalidOption',
    });
  });
  it('takes latitude and longitude together', () => {
    expect(keysOf(saveOrganizationBody.safeParse({ ...validOrganization, lat: 41.3 }))).toEqual({ lng: 'required' });
    expect(keysOf(saveOrganizationBody.safeParse({ ...validOrganization, deliveryLng: 69.2 }))).toEqual({ deliveryLat: 'required' });
    expect(saveOrganizationBody.safeParse({ ...validOrganization, lat: 41.3, lng: 69.2 }).success).toBe(true);
  });
  it('turns empty optional fields into null', () => {
    const r = saveOrganizationBody.parse({ ...validOrganization, responsiblePhone: '', bankAccount: '', brandId: '', legalName: ' ' });
    expect(r).toMatchObject({ responsiblePhone: null, bankAccount: null, brandId: null, legalName: null });
  });
  it('takes several types in a list filter', () => {
    expect(listOrganizationsQuery.parse({ type: 'pharmacy,hospital' }).type).toEqual(['pharmacy', 'hospital']);
    expect(listOrganizationsQuery.safeParse({ type: 'pharmacy,shop' }).success).toBe(false);
  });
  it('needs a reason to block (spec §5)', () => {
    expect(keysOf(blockOrganizationBody.safeParse({ reason: '  ' }))).toEqual({ reason: 'required' });
  });
});

describe('doctor and brand rules (spec §5)', () => {
  it('requires name, surname, a valid phone, specialization and organization', () => {
    expect(keysOf(saveDoctorBody.safeParse({}))).toEqual({
      firstName: 'required',
      lastName: 'required',
      phone: 'required',
      specialization: 'required',
      organizationId: 'required',
    });
    expect(doctorFullName({ firstName: 'Malika', lastName: 'Karimova', middleName: null })).toBe('Karimova Malika');
  });
  it('requires every brand field, with inn, account and MFO formats', () => {
    expect(Object.values(keysOf(saveBrandBody.safeParse({})))).toHaveLength(8);
    const r = saveBrandBody.safeParse({
      name: 'Grand Pharm',
      inn: '1234',
      legalName: 'OOO Grand Pharm',
      legalAddress: 'Tashkent',
      bankName: 'Kapitalbank',
      bankAccount: '2020800000000000000',
      mfo: '0144',
      deliveryAddress: 'Tashkent',
    });
    expect(keysOf(r)).toEqual({ inn: 'innFormat', bankAccount: 'bankAccountFormat', mfo: 'mfoFormat' });
  });
});

describe('cross-script search keys', () => {
  it('finds Cyrillic names by Latin and the reverse', () => {
    expect(searchKey('Аптека Шифо')).toContain(searchKey('Apteka Shifo'));
    expect(searchKey('Dori-Darmon')).toBe(searchKey('Дори-Дармон'));
    expect(searchKey('Аптека Шифо')).toContain(searchKey('Shifo'));
    expect(searchKey('Grand Pharm')).toBe(searchKey('Гранд Фарм'));
  });
});
