import type { Dayjs } from 'dayjs';
import type { DeliveryType } from '@pharma/contracts';

/** The shipments wizard's form values and steps. */
export interface WizardValues {
  date: Dayjs;
  type: DeliveryType;
  warehouseId?: number;
  address?: string;
  district?: string;
  house?: string;
  courierId?: number | null;
  carId?: number | null;
  boxCount?: number;
  pricePerBox?: number | null;
  pricePerKm?: number | null;
}

/** The form's fields on each step (the orders are step 0); a server error on a field opens its step. */
export const stepFields: (keyof WizardValues)[][] = [
  [],
  ['date', 'type', 'warehouseId', 'address', 'district', 'house'],
  ['courierId', 'carId', 'boxCount', 'pricePerBox', 'pricePerKm'],
  [],
];
export const stepOfField = (path: string) => {
  const name = path.split('.')[0] as keyof WizardValues;
  const index = stepFields.findIndex((fields) => fields.includes(name));
  return index < 0 ? 0 : index;
};

export const parseIds = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
